/**
 * How a storefront token's `sig` is written: the ways it can be decoded, and what its shape alone tells without the
 * hash key. Standard base64 is right. The usual mistakes are hex, base64 of the hex text, URL-safe base64, lost
 * padding, line breaks, and spaces for "+".
 */
import { finding, type TokenFinding } from './token-doctor-finding.js';

export type SigEncoding = 'base64' | 'hex' | 'base64-of-hex' | 'plus-as-space' | 'whitespace' | 'base64url' | 'missing-padding';

export interface SigDecoding {
  encoding: SigEncoding;
  bytes: Uint8Array;
}

/** The size of each digest a merchant's code may have used by mistake, by its length in bytes. */
export const DIGEST_OF_LENGTH: Record<number, string> = { 16: 'MD5', 20: 'SHA-1', 28: 'SHA-224', 48: 'SHA-384', 64: 'SHA-512' };

const binaryBytes = (binary: string) => Uint8Array.from(binary, (c) => c.charCodeAt(0));

/** Decodes standard base64 with its padding, as the service reads it. Returns `undefined` when it cannot. */
export function strictBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0 || text === '') return undefined;
  return binaryBytes(atob(text));
}

/** Decodes base64 of either alphabet, with or without padding. Returns `undefined` when it cannot. */
export function looseBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return undefined;
  const bare = text.replace(/=+$/, '').replaceAll('-', '+').replaceAll('_', '/');
  if (bare.length % 4 === 1) return undefined;
  try {
    return binaryBytes(atob(bare.padEnd(Math.ceil(bare.length / 4) * 4, '=')));
  } catch {
    return undefined;
  }
}

export function hexBytes(text: string): Uint8Array | undefined {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(text)) return undefined;
  return Uint8Array.from(text.match(/../g)!, (pair) => parseInt(pair, 16));
}

/** Every reading of `sig`: the right one first, then the mistakes, from the likeliest on. */
export function sigDecodings(sig: string): SigDecoding[] {
  const readings: SigDecoding[] = [];
  const add = (encoding: SigEncoding, bytes: Uint8Array | undefined) => {
    if (bytes && bytes.length > 0) readings.push({ encoding, bytes });
  };
  add('base64', strictBase64(sig));
  add('hex', hexBytes(sig));
  const inner = looseBase64(sig);
  const innerText = inner ? String.fromCharCode(...inner) : '';
  if (/^(?:[0-9a-fA-F]{2}){16,}$/.test(innerText)) add('base64-of-hex', hexBytes(innerText));
  if (/\S \S/.test(sig) && !sig.includes('+')) add('plus-as-space', looseBase64(sig.trim().replaceAll(' ', '+')));
  if (/\s/.test(sig)) add('whitespace', looseBase64(sig.replace(/\s+/g, '')));
  if (!strictBase64(sig)) add(/[-_]/.test(sig) ? 'base64url' : 'missing-padding', looseBase64(sig));
  return readings;
}

/** The finding for a `sig` written in `encoding`. There is none for standard base64. */
export function encodingFinding(encoding: SigEncoding): TokenFinding | undefined {
  switch (encoding) {
    case 'base64':
      return undefined;
    case 'hex':
      return finding(
        'sig-hex',
        'sig',
        "The storefront token's sig is a hex digest: it must be base64 of the HMAC's bytes, not its hex text.",
        "Encode the HMAC's raw bytes in base64: digest('base64') in Node, base64.b64encode(mac.digest()) in Python, base64_encode(hash_hmac('sha256', $text, $key, true)) in PHP.",
      );
    case 'base64-of-hex':
      return finding(
        'sig-base64-of-hex',
        'sig',
        "The storefront token's sig is base64 of the HMAC's hex text, not of its bytes (88 characters where 44 are due).",
        "Base64-encode the raw bytes: pass true as hash_hmac's fourth argument in PHP, use digest() rather than hexdigest() in Python.",
      );
    case 'plus-as-space':
      return finding(
        'sig-plus-as-space',
        'sig',
        'The storefront token\'s sig has spaces where base64 has "+": the token went through a URL or a form, where "+" reads as a space.',
        'Send the token in a header or a JSON body, or URL-encode it (%2B) wherever it travels in a URL.',
      );
    case 'whitespace':
      return finding(
        'sig-whitespace',
        'sig',
        "The storefront token's sig contains a line break or spaces: base64 has none.",
        'Remove them: encoders that wrap lines (base64.encodebytes in Python, openssl base64 without -A) add them.',
      );
    case 'base64url':
      return finding(
        'sig-base64url',
        'sig',
        'The storefront token\'s sig is URL-safe base64 ("-" and "_"): it must be standard base64, with "+", "/" and its "=" padding.',
        "Use standard base64: Buffer's 'base64', not 'base64url'; base64.b64encode, not urlsafe_b64encode.",
      );
    case 'missing-padding':
      return finding(
        'sig-missing-padding',
        'sig',
        'The storefront token\'s sig has lost its "=" padding: standard base64 of an HMAC-SHA256 is 44 characters, ending in "=".',
        'Keep the "=" at the end: do not strip it, and do not use an unpadded or URL-safe base64.',
      );
  }
}

export const wrongLengthFinding = (length: number): TokenFinding =>
  finding(
    'sig-wrong-length',
    'sig',
    `The storefront token's sig decodes to ${length} bytes, not the 32 of an HMAC-SHA256${DIGEST_OF_LENGTH[length] ? ` (${length} bytes is ${DIGEST_OF_LENGTH[length]}'s size)` : ''}.`,
    'Sign with HMAC and SHA-256, and send the whole digest: base64(HMAC-SHA256(hash key, "<sig_field>|<ts>")).',
  );

/** What `sig` alone tells, without the hash key: how it is written, and whether it can be an HMAC-SHA256 at all. */
export function sigShapeFindings(sig: string, readings: SigDecoding[]): TokenFinding[] {
  if (readings.some((reading) => reading.encoding === 'base64' && reading.bytes.length === 32)) return [];
  const full = readings.find((reading) => reading.bytes.length === 32);
  if (full) return [encodingFinding(full.encoding)!];
  const digest = readings.find((reading) => DIGEST_OF_LENGTH[reading.bytes.length]);
  if (digest) {
    const encoding = encodingFinding(digest.encoding);
    return [...(encoding ? [encoding] : []), wrongLengthFinding(digest.bytes.length)];
  }
  const [any] = readings;
  if (any) return [wrongLengthFinding(any.bytes.length)];
  return [
    finding(
      'sig-not-base64',
      'sig',
      `The storefront token's sig is not base64: it has characters base64 does not use${/%[0-9A-Fa-f]{2}/.test(sig) ? ' (it looks URL-encoded)' : ''}.`,
      'Send base64(HMAC-SHA256(hash key, "<sig_field>|<ts>")), standard base64 with its "=" padding.',
    ),
  ];
}
