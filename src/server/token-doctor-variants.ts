/**
 * The known mistakes in what a merchant's code signs: the keys that it may have used instead of the hash key, and the
 * texts that it may have signed instead of `<customer id>|<ts>`. The right one comes first in each list, with no
 * mistake.
 */
import { finding, type TokenFinding } from './token-doctor-finding.js';
import type { TokenFields } from './token-doctor-fields.js';
import { hashKeyProblem } from './signer.js';
import { hexBytes, looseBase64 } from './token-doctor-sig.js';

/** A key or a text tried, and the mistake it stands for. The mistake is `undefined` for the right one. */
export interface Variant<T> {
  value: T;
  mistake?: TokenFinding | undefined;
}

/**
 * A merchant that the caller knows of, such as the sandbox's: its public id, what to call it, and its hash key if
 * known.
 */
export interface KnownMerchant {
  publicId: string;
  label?: string;
  hashKey?: string;
}

const TRIM_FIX = 'Trim the hash key before signing: hashKey.trim() in JavaScript, key.strip() in Python, trim($key) in PHP.';

const keyNewline = finding(
  'hash-key-trailing-newline',
  'sig',
  "The storefront token's sig is made with the hash key plus a line break at its end (a key read from a file or an environment variable keeps its newline).",
  TRIM_FIX,
);

const keySpaces = finding(
  'hash-key-whitespace',
  'sig',
  "The storefront token's sig is made with the hash key plus spaces or a tab around it.",
  TRIM_FIX,
);

/**
 * The hash key as given starts or ends with whitespace, which the service's key never does: a key read from a `.env`
 * file or a secret store often keeps its line break. Checked with that key, a token is judged as the service never
 * would, so the doctor says it whatever the signature.
 */
export function givenKeyFinding(hashKey: string | undefined): TokenFinding | undefined {
  const problem = hashKey === undefined ? undefined : hashKeyProblem(hashKey);
  if (problem === undefined) return undefined;
  return finding(
    'given-hash-key-whitespace',
    'sig',
    `The hash key given ${problem.replace(/^must not start or end with whitespace \((U\+[0-9A-F]{4}) at its (start|end)\).*$/, 'has $1 at its $2')}: the service's key has no whitespace around it, so a token signed with the key as given is refused, and the signers of this package refuse to sign with it.`,
    "Give the key without it, as the merchant's account shows it, and read it the same way where your server signs: remove the line break where the key is read from a file or a secret store.",
  );
}

const keyDecoded = (how: string) =>
  finding(
    'hash-key-decoded',
    'sig',
    `The storefront token's sig is made with the bytes of the hash key decoded from ${how}, not with the key's own text.`,
    "Use the hash key's text as it is, UTF-8 encoded, as the HMAC's key: do not decode it.",
  );

/**
 * The keys to try: the given key as it is, then without the whitespace around it, then the key with each known slip,
 * then the other merchants' keys. Whitespace around the given key is named on its own (`givenKeyFinding`): a token made
 * with the key without it is right, as far as the key goes.
 */
export function keyVariants(
  hashKey: string | undefined,
  merchants: KnownMerchant[],
  tokenPublicId: string | undefined,
): Array<Variant<string | Uint8Array>> {
  const variants: Array<Variant<string | Uint8Array>> = [];
  if (hashKey !== undefined && hashKey !== '') {
    variants.push({ value: hashKey });
    const key = hashKey.trim() || hashKey;
    if (key !== hashKey) variants.push({ value: key });
    for (const end of ['\n', '\r\n']) if (key + end !== hashKey) variants.push({ value: key + end, mistake: keyNewline });
    for (const slip of [`${key} `, ` ${key}`, `${key}\t`, ` ${key} `]) variants.push({ value: slip, mistake: keySpaces });
    const fromBase64 = /^[A-Za-z0-9+/_-]{8,}={0,2}$/.test(key) ? looseBase64(key) : undefined;
    if (fromBase64) variants.push({ value: fromBase64, mistake: keyDecoded('base64') });
    const fromHex = hexBytes(key);
    if (fromHex) variants.push({ value: fromHex, mistake: keyDecoded('hex') });
  }
  for (const merchant of merchants) {
    // The key of the token's own merchant is the one given, if any. Only the other merchants' keys are mistakes.
    if (merchant.hashKey === undefined || merchant.hashKey === hashKey || merchant.publicId === tokenPublicId) continue;
    const name = `${merchant.publicId}${merchant.label ? ` (${merchant.label})` : ''}`;
    variants.push({
      value: merchant.hashKey,
      mistake: finding(
        'other-merchant-key',
        'sig',
        `The storefront token's sig is made with the hash key of ${name}, not of the merchant its public_id names.`,
        `Sign with the hash key of the merchant in public_id, or put ${merchant.publicId} in public_id: the id and the key come as a pair.`,
      ),
    });
  }
  return variants;
}

/** The texts to try for a token with these fields, the right one first. */
export function textVariants(fields: Required<Pick<TokenFields, 'ts' | 'customerId'>> & TokenFields): Array<Variant<string>> {
  const { customerId: cid, ts, trustLevel: tl, publicId: pid } = fields;
  const join = (...parts: string[]) => parts.join('|');
  const right = tl === undefined ? join(cid, ts) : join(cid, tl, ts);
  const variants: Array<Variant<string>> = [{ value: right }];
  const add = (mistake: TokenFinding, ...values: string[]) => {
    for (const value of values) if (value !== right) variants.push({ value, mistake });
  };
  const shape = tl === undefined ? '"<sig_field>|<ts>"' : '"<sig_field>|<trust_level>|<ts>"';
  add(
    finding(
      'signed-text-order',
      'sig',
      `The storefront token's sig is made over the signed text in another order, ts before the customer id: the text is ${shape}.`,
      `Sign ${shape}: the customer id first, ts last.`,
    ),
    ...(tl === undefined ? [join(ts, cid)] : [join(ts, tl, cid), join(ts, cid, tl)]),
  );
  if (tl !== undefined) {
    add(
      finding(
        'trust-level-misplaced',
        'sig',
        `The storefront token's sig is made with the trust level elsewhere in the signed text: with a trust level the text is ${shape}.`,
        `Sign ${shape}: the trust level between the customer id and ts.`,
      ),
      join(cid, ts, tl),
      join(tl, cid, ts),
      join(tl, ts, cid),
    );
    add(
      finding(
        'trust-level-not-signed',
        'sig',
        `The storefront token's sig is made over "<sig_field>|<ts>" without the trust_level the token carries.`,
        `With a trust level, sign ${shape}; or leave trust_level out of the token.`,
      ),
      join(cid, ts),
      join(ts, cid),
    );
  }
  const withTl = (...parts: string[]) => (tl === undefined ? join(...parts) : join(...parts.slice(0, -1), tl, parts.at(-1)!));
  if (pid !== undefined) {
    add(
      finding(
        'signed-public-id',
        'sig',
        "The storefront token's sig is made over the merchant's public_id instead of the customer id.",
        `Sign the customer id the token carries in sig_field: ${shape}.`,
      ),
      withTl(pid, ts),
      join(ts, pid),
    );
    add(
      finding(
        'signed-public-id-too',
        'sig',
        "The storefront token's sig is made over the merchant's public_id as well as the customer id: public_id is not signed.",
        `Sign ${shape} alone.`,
      ),
      withTl(pid, cid, ts),
      withTl(cid, pid, ts),
      join(cid, ts, pid),
    );
  }
  for (const separator of [':', ',', ';', ' ', '', '.', '-', '_', '/', '&', '+', '\n', '\t', '||']) {
    const parts = tl === undefined ? [cid, ts] : [cid, tl, ts];
    const name = separator === '' ? 'nothing' : separator === '\n' ? 'a line break' : separator === '\t' ? 'a tab' : `"${separator}"`;
    add(
      finding(
        'signed-other-separator',
        'sig',
        `The storefront token's sig is made with ${name} between the fields of the signed text, where "|" separates them.`,
        `Join the fields with "|": ${shape}.`,
      ),
      parts.join(separator),
    );
  }
  add(
    finding(
      'signed-text-newline',
      'sig',
      "The storefront token's sig is made over the signed text with a line break at its end (echo without -n, or a here-string).",
      `Sign the text alone, with no line break: printf '%s' "$text", echo -n, or the string itself in code.`,
    ),
    `${right}\n`,
    `${right}\r\n`,
  );
  const tsTexts = new Set<string>();
  if (/^\d+$/.test(ts)) {
    tsTexts.add(String(Number(ts)));
    if (ts.length === 13) tsTexts.add(String(Math.floor(Number(ts) / 1000)));
    tsTexts.add(`${ts}.0`);
  } else if (/^\d+\.\d+$/.test(ts)) {
    tsTexts.add(String(Math.floor(Number(ts))));
  }
  tsTexts.delete(ts);
  add(
    finding(
      'ts-text-differs',
      'ts',
      "The storefront token's sig is made over another text of ts than the one the token carries (a leading zero, a decimal point or another unit).",
      'Sign the very text of ts the token carries: compute ts once, as whole seconds, and use that value in both places.',
    ),
    ...[...tsTexts].map((text) => (tl === undefined ? join(cid, text) : join(cid, tl, text))),
  );
  if (cid.trim() !== cid || (tl !== undefined && tl.trim() !== tl)) {
    add(
      finding(
        'field-text-differs',
        'sig_field',
        "The storefront token's sig is made over the customer id (or trust level) without the spaces the token's field has around it.",
        'Trim the id once, and put that same text in the token and in the signed text.',
      ),
      tl === undefined ? join(cid.trim(), ts) : join(cid.trim(), tl.trim(), ts),
    );
  }
  const json = (t: unknown) => JSON.stringify({ public_id: pid, ts: t, sig_field: cid, ...(tl === undefined ? {} : { trust_level: tl }) });
  add(
    finding(
      'signed-json',
      'sig',
      'The storefront token\'s sig is made over the token\'s JSON, not over the text "<sig_field>|<ts>".',
      `Sign the text ${shape}, then put the signature into the JSON.`,
    ),
    json(Number(ts)),
    json(ts),
  );
  return variants;
}
