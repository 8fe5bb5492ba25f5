/**
 * Finds how a wrong signature was made. The HMAC is computed again over the known mistakes: the signed text in another
 * order or with other separators, another key such as the hash key with its line break, another digest, or no HMAC at
 * all. The token's `sig` is read in every way that `sigDecodings` reads it. The mistakes whose result matches it name
 * what went wrong. The simplest explanation wins: the one with the fewest mistakes.
 */
import { finding, type TokenFinding } from './token-doctor-finding.js';
import type { TokenFields } from './token-doctor-fields.js';
import { encodingFinding, type SigDecoding } from './token-doctor-sig.js';
import { textVariants, type Variant } from './token-doctor-variants.js';

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer | Uint8Array) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

const HASHES: Array<{ hash: string; length: number; mistake?: TokenFinding }> = [
  { hash: 'SHA-256', length: 32 },
  ...[
    ['SHA-1', 20],
    ['SHA-384', 48],
    ['SHA-512', 64],
  ].map(([hash, length]) => ({
    hash: hash as string,
    length: length as number,
    mistake: finding(
      'sig-wrong-hash',
      'sig',
      `The storefront token's sig is an HMAC-${(hash as string).replace('-', '')}: the service takes HMAC-SHA256.`,
      "Use SHA-256 as the HMAC's hash: createHmac('sha256', key), hmac.new(key, text, hashlib.sha256), hash_hmac('sha256', …).",
    ),
  })),
];

const NOT_HMAC = finding(
  'sig-not-hmac',
  'sig',
  "The storefront token's sig is a plain SHA-256 hash of the text and the key, not an HMAC keyed with the hash key.",
  "Use HMAC-SHA256 with the hash key as its key: createHmac('sha256', hashKey).update(text), hash_hmac('sha256', $text, $key, true).",
);

const KEY_AND_TEXT_SWAPPED = finding(
  'key-and-text-swapped',
  'sig',
  "The storefront token's sig is the HMAC of the hash key keyed with the signed text: the HMAC's key and message are swapped.",
  "Give the hash key as the HMAC's key and \"<sig_field>|<ts>\" as its message: createHmac('sha256', hashKey).update(text).",
);

/**
 * How the signature was made: the mistakes that reproduce it. When there are none, it is the token's own, right
 * signature.
 */
export interface SignatureMatch {
  mistakes: TokenFinding[];
}

const bytesOf = (key: string | Uint8Array) => (typeof key === 'string' ? encoder.encode(key) : key);

async function hmac(key: Uint8Array, hash: string, text: Uint8Array): Promise<string> {
  const imported = await crypto.subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', imported, text as Uint8Array<ArrayBuffer>));
}

const concat = (...parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) all.set(part, (at += part.length) - part.length);
  return all;
};

/**
 * The simplest way that `fields.sig` was made with one of `keys`, or `undefined` when no mistake tried reproduces it.
 * Each key comes with the mistake it stands for. The merchant's own key, as given, stands for no mistake.
 */
export async function searchSignature(
  fields: Required<Pick<TokenFields, 'ts' | 'customerId' | 'sig'>> & TokenFields,
  readings: SigDecoding[],
  keys: Array<Variant<string | Uint8Array>>,
): Promise<SignatureMatch | undefined> {
  const targets = new Map<string, SigDecoding>();
  for (const reading of readings) if (!targets.has(hex(reading.bytes))) targets.set(hex(reading.bytes), reading);
  const lengths = new Set(readings.map((reading) => reading.bytes.length));
  const texts = textVariants(fields);
  let best: TokenFinding[] | undefined;
  const consider = (digest: string, ...mistakes: Array<TokenFinding | undefined>) => {
    const reading = targets.get(digest);
    if (!reading) return;
    const all = [...mistakes, encodingFinding(reading.encoding)].filter((mistake) => mistake !== undefined);
    if (!best || all.length < best.length) best = all;
  };
  for (const { hash, length, mistake: hashMistake } of HASHES) {
    if (!lengths.has(length)) continue;
    for (const key of keys) {
      for (const text of texts) {
        consider(await hmac(bytesOf(key.value), hash, encoder.encode(text.value)), key.mistake, text.mistake, hashMistake);
        if (best?.length === 0) return { mistakes: best };
      }
    }
  }
  if (lengths.has(32)) {
    const [right] = texts;
    for (const key of keys) {
      const keyBytes = bytesOf(key.value);
      const text = encoder.encode(right!.value);
      consider(await hmac(text, 'SHA-256', keyBytes), key.mistake, KEY_AND_TEXT_SWAPPED);
      for (const plain of [text, concat(keyBytes, text), concat(text, keyBytes)]) {
        consider(hex(await crypto.subtle.digest('SHA-256', plain as Uint8Array<ArrayBuffer>)), key.mistake, NOT_HMAC);
      }
    }
  }
  if (best) return { mistakes: best };
  return millisecondsSigned(fields, targets, keys[0]);
}

/**
 * Checks for a token dated in seconds but signed over the milliseconds it was made at, as when `Date.now()` was signed
 * and then divided.
 */
async function millisecondsSigned(
  fields: Required<Pick<TokenFields, 'ts' | 'customerId' | 'sig'>> & TokenFields,
  targets: Map<string, SigDecoding>,
  key: Variant<string | Uint8Array> | undefined,
): Promise<SignatureMatch | undefined> {
  if (!key || !/^\d{10}$/.test(fields.ts)) return undefined;
  const imported = await crypto.subtle.importKey(
    'raw',
    bytesOf(key.value) as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const middle = fields.trustLevel === undefined ? '' : `${fields.trustLevel}|`;
  for (let ms = 0; ms < 1000; ms++) {
    const text = `${fields.customerId}|${middle}${fields.ts}${String(ms).padStart(3, '0')}`;
    const reading = targets.get(hex(await crypto.subtle.sign('HMAC', imported, encoder.encode(text))));
    if (!reading) continue;
    const mistakes = [
      key.mistake,
      finding(
        'ts-text-differs',
        'ts',
        "The storefront token's sig is made over ts in milliseconds, while the token carries it in seconds: the service signs the very ts the token carries.",
        'Compute ts once, in whole seconds (Math.floor(Date.now() / 1000)), and use that same value in the signed text and in the token.',
      ),
      encodingFinding(reading.encoding),
    ];
    return { mistakes: mistakes.filter((mistake) => mistake !== undefined) };
  }
  return undefined;
}
