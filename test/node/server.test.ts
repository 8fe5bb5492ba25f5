/**
 * The server-side signer checked against an independent HMAC implementation (node:crypto) and against fixed vectors.
 * The vectors are our own: each expected signature below was computed once with node:crypto's createHmac and written
 * down, so a change in either implementation, in the message format or in the encoding shows up here.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import {
  TOKEN_LIFETIME_SECONDS,
  parseStorefrontToken,
  signMessage,
  signStorefrontToken,
  verifyStorefrontToken,
  type StorefrontTokenField,
  type VerifyFailure,
  type VerifyStorefrontTokenResult,
} from '../../src/server/index.js';

const MERCHANT_ID = '0e5de2bedc5e11e3a2e4bc764e106cf4';

/** The field each refusal is about, but `malformed`, whose field depends on what is wrong. */
const FIELD_OF: Record<Exclude<VerifyFailure, 'malformed'>, StorefrontTokenField> = {
  'other-merchant': 'public_id',
  'unknown-merchant': 'public_id',
  'bad-signature': 'sig',
  'ts-in-milliseconds': 'ts',
  expired: 'ts',
  'not-yet-valid': 'ts',
};

/** A refusal for `reason`, about `field` (by default the reason's own), whose message begins with the field's name. */
function assertRefused(
  result: VerifyStorefrontTokenResult,
  expected: { valid: false; reason: VerifyFailure; field?: StorefrontTokenField },
  what?: string,
): void {
  assert.equal(result.valid, false, what ?? JSON.stringify(result));
  if (result.valid) return;
  const field = expected.field ?? (expected.reason === 'malformed' ? undefined : FIELD_OF[expected.reason]);
  assert.deepEqual({ reason: result.reason, field: result.field }, { reason: expected.reason, field }, what);
  assert.ok(result.message.startsWith(field === '(root)' ? 'the token ' : `${field} `), result.message);
}

/** The independent implementation: base64(HMAC-SHA256(key, "<customer>|<ts>")), with the trust level in between. */
function nodeSignature(hashKey: string, customerId: string, ts: number, trustLevel?: string): string {
  const message = trustLevel === undefined ? `${customerId}|${ts}` : `${customerId}|${trustLevel}|${ts}`;
  return createHmac('sha256', hashKey).update(message).digest('base64');
}

/** A token header assembled by hand from a node:crypto signature, as a merchant server without our package would. */
function nodeToken(hashKey: string, customerId: string, ts: number, trustLevel?: string): string {
  const token: Record<string, unknown> = {
    public_id: MERCHANT_ID,
    ts,
    sig_field: customerId,
    sig: nodeSignature(hashKey, customerId, ts, trustLevel),
  };
  if (trustLevel !== undefined) token.trust_level = trustLevel;
  return JSON.stringify(token);
}

interface Vector {
  name: string;
  hashKey: string;
  customerId: string;
  ts: number;
  trustLevel?: string;
  sig: string;
}

const vectors: Vector[] = [
  {
    name: 'a plain customer id',
    hashKey: 'sandbox-hash-key',
    customerId: 'cust-48213',
    ts: 1726000000,
    sig: 'rDfsEzsk1OZPI5iC42Xv5prgwBve6cCwC3wkZP1uNnA=',
  },
  {
    name: 'a trust level',
    hashKey: 'sandbox-hash-key',
    customerId: 'cust-48213',
    ts: 1726000000,
    trustLevel: 'verified',
    sig: '0iR5spOdqTVLA+g5LvP9h0MGh3Jk4JjreBBtbaqSGsY=',
  },
  {
    name: 'another key',
    hashKey: 'another-merchant-key',
    customerId: 'cust-48213',
    ts: 1726000000,
    sig: 'Rw5qpyMcCL471/KTdET3HqCfpgkkGi4XoKdsTiuKRV8=',
  },
  {
    name: 'another customer',
    hashKey: 'sandbox-hash-key',
    customerId: 'cust-48214',
    ts: 1726000000,
    sig: 'YfXx8v+Inxo2DN4jWdOWX8tLksFjUPtBVyUrz4tYqxg=',
  },
  {
    name: 'one second later',
    hashKey: 'sandbox-hash-key',
    customerId: 'cust-48213',
    ts: 1726000001,
    sig: 'TTOfy/WR7s2P550gN+AxbgRIPIP8joJOgIJU/qf0M9g=',
  },
  { name: 'ts 0', hashKey: 'sandbox-hash-key', customerId: 'cust-48213', ts: 0, sig: '5ydseociSEC/aSCeGqMt9/fqUZ9+Karh4ucEwXcbPvQ=' },
  {
    name: 'an accented e-mail as customer id',
    hashKey: 'sandbox-hash-key',
    customerId: 'j\u00f6ns.\u00e5kesson@example.se',
    ts: 1726000000,
    sig: 're/alWcDQz/zo6TDCOjz+7ZvHA5MJbvOo0DhNnvMfbY=',
  },
  {
    name: 'a CJK customer id and a trust level',
    hashKey: 'sandbox-hash-key',
    customerId: '\u9867\u5ba2-42',
    ts: 1726000000,
    trustLevel: 'guest',
    sig: '9FBklZFVjmDbL9eIBX5ekr2NhEoZRli+7t6mCayf8FY=',
  },
  {
    name: 'an emoji (astral plane) in the customer id',
    hashKey: 'sandbox-hash-key',
    customerId: '\u{1F642} customer',
    ts: 1726000000,
    sig: 'S4Ls7u7oTSxYpD4WMVfksbowPwKi/zIM9r5HUtcrZG4=',
  },
  {
    name: 'a non-ASCII hash key',
    hashKey: 'cl\u00e9-secr\u00e8te-\u00fc',
    customerId: 'cust-48213',
    ts: 1726000000,
    sig: 'oC2gRII+09RUj3Kr8xkc7184euwXQhTKnnntF1EIOo8=',
  },
  {
    name: 'a hash key longer than the HMAC block',
    hashKey: 'm'.repeat(100),
    customerId: 'cust-48213',
    ts: 1726000000,
    sig: 'wOWijNOmEEsuWM3Vfo0ggaLM3+UHUMaUNVLUNUvV0xE=',
  },
];

describe('signStorefrontToken matches node:crypto on fixed vectors', () => {
  for (const vector of vectors) {
    it(`signs ${vector.name}`, async () => {
      const { hashKey, customerId, ts, trustLevel } = vector;
      assert.equal(nodeSignature(hashKey, customerId, ts, trustLevel), vector.sig, 'node:crypto against the written vector');

      const header = await signStorefrontToken({
        merchantPublicId: MERCHANT_ID,
        customerId,
        hashKey,
        ts,
        ...(trustLevel ? { trustLevel } : {}),
      });
      assert.equal(parseStorefrontToken(header)?.sig, vector.sig, 'signStorefrontToken against the written vector');
      assert.equal(header, nodeToken(hashKey, customerId, ts, trustLevel), 'the whole header, field order included');
    });
  }

  it('signMessage is the bare HMAC of the given message', async () => {
    assert.equal(await signMessage('sandbox-hash-key', 'cust-48213|1726000000'), 'rDfsEzsk1OZPI5iC42Xv5prgwBve6cCwC3wkZP1uNnA=');
    assert.equal(await signMessage('sandbox-hash-key', ''), createHmac('sha256', 'sandbox-hash-key').update('').digest('base64'));
  });

  it('agrees with node:crypto on many generated inputs', async () => {
    for (let i = 0; i < 50; i++) {
      const hashKey = `key-${i}-${'\u00df'.repeat(i % 5)}`;
      const customerId = `customer-${i * 7919}-${String.fromCodePoint(0x1f600 + i)}`;
      const ts = 1_700_000_000 + i * 3607;
      const trustLevel = i % 3 === 0 ? `level-${i}` : undefined;
      const header = await signStorefrontToken({
        merchantPublicId: MERCHANT_ID,
        customerId,
        hashKey,
        ts,
        ...(trustLevel ? { trustLevel } : {}),
      });
      assert.equal(header, nodeToken(hashKey, customerId, ts, trustLevel), `input ${i}`);
    }
  });
});

describe('verifyStorefrontToken accepts tokens made with node:crypto', () => {
  for (const vector of vectors) {
    it(`accepts ${vector.name}`, async () => {
      const header = nodeToken(vector.hashKey, vector.customerId, vector.ts, vector.trustLevel);
      const result = await verifyStorefrontToken(header, { hashKey: vector.hashKey, now: vector.ts + 60 });
      assert.ok(result.valid, JSON.stringify(result));
      assert.equal(result.customerId, vector.customerId);
      assert.equal(result.merchantPublicId, MERCHANT_ID);
      assert.equal(result.trustLevel, vector.trustLevel);
    });
  }
});

describe('verifyStorefrontToken rejects tampered tokens', () => {
  const hashKey = 'sandbox-hash-key';
  const ts = 1726000000;
  const original = () => JSON.parse(nodeToken(hashKey, 'cust-48213', ts, 'guest')) as Record<string, unknown>;
  const check = (token: Record<string, unknown>) => verifyStorefrontToken(JSON.stringify(token), { hashKey, now: ts });

  it('accepts the untouched token', async () => {
    assert.equal((await check(original())).valid, true);
  });

  it('rejects another customer id', async () => {
    assertRefused(await check({ ...original(), sig_field: 'cust-48214' }), { valid: false, reason: 'bad-signature' });
  });

  it('rejects another ts', async () => {
    assertRefused(await check({ ...original(), ts: ts + 1 }), { valid: false, reason: 'bad-signature' });
  });

  it('rejects another trust level, or none', async () => {
    assertRefused(await check({ ...original(), trust_level: 'verified' }), { valid: false, reason: 'bad-signature' });
    const { trust_level: _dropped, ...withoutTrust } = original();
    assertRefused(await check(withoutTrust), { valid: false, reason: 'bad-signature' });
  });

  it('rejects a signature with one character changed', async () => {
    const token = original();
    const sig = token.sig as string;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    assertRefused(await check({ ...token, sig: flipped }), { valid: false, reason: 'bad-signature' });
  });

  it('rejects a signature made with another key', async () => {
    assertRefused(await verifyStorefrontToken(nodeToken('another-merchant-key', 'cust-48213', ts), { hashKey, now: ts }), {
      valid: false,
      reason: 'bad-signature',
    });
  });

  it('rejects a signature in base64url rather than standard base64 as malformed', async () => {
    const sig = nodeSignature(hashKey, 'cust-48213', ts).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    assertRefused(await check({ public_id: MERCHANT_ID, ts, sig_field: 'cust-48213', sig }), {
      valid: false,
      reason: 'malformed',
      field: 'sig',
    });
  });
});

describe('the 2-hour window, to the second', () => {
  const hashKey = 'sandbox-hash-key';
  const ts = 1726000000;
  const header = nodeToken(hashKey, 'cust-48213', ts);

  it('lasts 7200 seconds', () => {
    assert.equal(TOKEN_LIFETIME_SECONDS, 7200);
  });

  it('accepts a token exactly 7200 seconds old', async () => {
    assert.equal((await verifyStorefrontToken(header, { hashKey, now: ts + 7200 })).valid, true);
  });

  it('rejects a token 7201 seconds old as expired', async () => {
    assertRefused(await verifyStorefrontToken(header, { hashKey, now: ts + 7201 }), { valid: false, reason: 'expired' });
  });

  it('accepts a token at the second it was signed', async () => {
    assert.equal((await verifyStorefrontToken(header, { hashKey, now: ts })).valid, true);
  });

  it('checks the signature before the clock: a forged old token is bad-signature, not expired', async () => {
    const forged = nodeToken('guessed-key', 'cust-48213', ts);
    assertRefused(await verifyStorefrontToken(forged, { hashKey, now: ts + 7201 }), { valid: false, reason: 'bad-signature' });
  });
});

describe('a ts sent as a string of digits (some platforms’ connectors)', () => {
  const hashKey = 'sandbox-hash-key';
  const ts = 1726000000;
  /** A token with `ts` as the given text, signed by node:crypto over exactly that text. */
  const stringToken = (text: string, signedText = text) =>
    JSON.stringify({
      public_id: MERCHANT_ID,
      ts: text,
      sig_field: 'cust-48213',
      sig: createHmac('sha256', hashKey).update(`cust-48213|${signedText}`).digest('base64'),
    });

  it('verifies over the text as sent, with the same signature as the number', async () => {
    const header = stringToken(String(ts));
    assert.equal(JSON.parse(header).sig, vectors[0]!.sig);
    const result = await verifyStorefrontToken(header, { hashKey, now: ts + 60 });
    assert.ok(result.valid, JSON.stringify(result));
    assert.equal(result.token.ts, String(ts));
  });

  it('verifies a leading zero only as the text that was signed', async () => {
    assert.equal((await verifyStorefrontToken(stringToken(`0${ts}`), { hashKey, now: ts })).valid, true);
    assertRefused(await verifyStorefrontToken(stringToken(`0${ts}`, String(ts)), { hashKey, now: ts }), {
      valid: false,
      reason: 'bad-signature',
    });
  });

  it('applies the 2-hour window to the seconds the string stands for', async () => {
    assert.equal((await verifyStorefrontToken(stringToken(String(ts)), { hashKey, now: ts + 7200 })).valid, true);
    assertRefused(await verifyStorefrontToken(stringToken(String(ts)), { hashKey, now: ts + 7201 }), {
      valid: false,
      reason: 'expired',
    });
  });

  it('refuses a string that is not plain digits as malformed', async () => {
    for (const text of ['', '1.726e9', ' 1726000000', '-1726000000', '0x66e0a180']) {
      assertRefused(
        await verifyStorefrontToken(stringToken(text), { hashKey, now: ts }),
        { valid: false, reason: 'malformed', field: 'ts' },
        text,
      );
    }
  });

  it('refuses a genuine signature over milliseconds as ts-in-milliseconds', async () => {
    const ms = ts * 1000;
    for (const header of [stringToken(String(ms)), nodeToken(hashKey, 'cust-48213', ms)]) {
      assertRefused(await verifyStorefrontToken(header, { hashKey, now: ts }), { valid: false, reason: 'ts-in-milliseconds' });
    }
  });
});

describe('the options are checked, and a mistake is a TypeError naming each wrong option', () => {
  const hashKey = 'sandbox-hash-key';
  const options = { merchantPublicId: MERCHANT_ID, customerId: 'cust-48213', hashKey, ts: 1726000000 };

  /** The TypeError's message for a call that must fail. */
  async function refusal(call: () => Promise<unknown>): Promise<string> {
    const error = await call().then(
      () => assert.fail('expected a TypeError'),
      (error: unknown) => error,
    );
    assert.ok(error instanceof TypeError, String(error));
    return error.message;
  }

  it('signStorefrontToken: missing, empty and mistyped inputs, all named at once', async () => {
    const cases: Array<[Record<string, unknown> | undefined, string]> = [
      [{ ...options, merchantPublicId: '' }, 'signStorefrontToken: merchantPublicId is required'],
      [{ ...options, customerId: undefined }, 'signStorefrontToken: customerId is required'],
      [{ ...options, hashKey: '' }, 'signStorefrontToken: hashKey is required'],
      [{ ...options, ts: -5 }, 'signStorefrontToken: ts must be whole Unix seconds'],
      [{ ...options, ts: 1.5 }, 'signStorefrontToken: ts must be whole Unix seconds'],
      [{ ...options, ts: '1726000000' }, 'signStorefrontToken: ts must be whole Unix seconds'],
      // Date.now(): what the service refuses is refused here, the unit named.
      [
        { ...options, ts: 1726000000123 },
        'signStorefrontToken: ts must be Unix seconds, not milliseconds (Date.now() / 1000, rounded down)',
      ],
      [{ ...options, trustLevel: '' }, 'signStorefrontToken: trustLevel must not be empty'],
      [{ ...options, trustLevel: null }, 'signStorefrontToken: trustLevel must be a string'],
      [undefined, 'signStorefrontToken: the options must be an object'],
      [
        { ...options, merchantPublicId: 42, customerId: null, hashKey: undefined },
        'signStorefrontToken: merchantPublicId must be a string, not number; customerId must be a string, not null; hashKey is required',
      ],
    ];
    for (const [input, message] of cases) {
      assert.equal(await refusal(() => signStorefrontToken(input as never)), message, JSON.stringify(input));
    }
  });

  it('verifyStorefrontToken: the key or its look-up, and the clock', async () => {
    const header = await signStorefrontToken(options);
    const cases: Array<[Record<string, unknown> | undefined, string]> = [
      [{}, 'verifyStorefrontToken: hashKey is required'],
      [{ hashKey: '' }, 'verifyStorefrontToken: hashKey is required'],
      [{ hashKey: 42 }, 'verifyStorefrontToken: hashKey must be a string or a look-up function, not number'],
      [{ hashKey, now: 1726000000 * 1000 }, 'verifyStorefrontToken: now must be Unix seconds, not milliseconds'],
      [{ hashKey, now: Number.NaN }, 'verifyStorefrontToken: now must be a number of seconds'],
      [{ hashKey, maxAgeSeconds: -1 }, 'verifyStorefrontToken: maxAgeSeconds must not be negative'],
      [{ hashKey, clockSkewSeconds: '300' }, 'verifyStorefrontToken: clockSkewSeconds must be a number of seconds'],
      [undefined, 'verifyStorefrontToken: the options must be an object'],
    ];
    for (const [input, message] of cases) {
      assert.equal(await refusal(() => verifyStorefrontToken(header, input as never)), message, JSON.stringify(input));
    }
    assert.equal((await verifyStorefrontToken(header, { hashKey: () => hashKey, now: 1726000000.5 })).valid, true);
  });

  it('never repeats the value of a misplaced hash key', async () => {
    const secret = { nested: 'sandbox-hash-key' };
    const message = await refusal(() => signStorefrontToken({ ...options, hashKey: secret as never }));
    assert.equal(message, 'signStorefrontToken: hashKey must be a string, not object');
    assert.ok(!message.includes('sandbox-hash-key'));
  });
});

/** Every character no signed field may hold: `|`, and Unicode's control characters (C0, DEL and C1). */
const FORBIDDEN = [
  '|',
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(0x80 + code)),
];

/** What the signer and the verifier say of one forbidden character. */
const problemWith = (char: string) =>
  char === '|'
    ? 'must not contain "|", which separates the signed fields'
    : `must not contain a control character (U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;

describe('no signed field holds "|" or a control character', () => {
  const hashKey = 'sandbox-hash-key';
  const ts = 1726000000;
  const options = { merchantPublicId: MERCHANT_ID, customerId: 'cust-48213', hashKey, ts, trustLevel: 'guest' };
  /** The signer's option and the token field it becomes. */
  const fields = [
    ['merchantPublicId', 'public_id'],
    ['customerId', 'sig_field'],
    ['trustLevel', 'trust_level'],
  ] as const;

  it('has 66 such characters: "|", U+0000–U+001F, U+007F and U+0080–U+009F', () => {
    assert.equal(FORBIDDEN.length, 66);
    assert.equal(new Set(FORBIDDEN).size, 66);
  });

  it('signStorefrontToken refuses each of them in each signed option, naming the option and the character', async () => {
    for (const [option] of fields) {
      for (const char of FORBIDDEN) {
        for (const value of [char, `cust${char}48213`, `cust-48213${char}`]) {
          const error = await signStorefrontToken({ ...options, [option]: value }).then(
            () => assert.fail(`${option} ${JSON.stringify(value)} was signed`),
            (error: unknown) => error,
          );
          assert.ok(error instanceof TypeError, String(error));
          assert.equal(error.message, `signStorefrontToken: ${option} ${problemWith(char)}`);
        }
      }
    }
  });

  it('verifyStorefrontToken refuses each of them in each signed field as malformed, naming the field', async () => {
    for (const [, field] of fields) {
      for (const char of FORBIDDEN) {
        const token: Record<string, string | number> = { public_id: MERCHANT_ID, ts, sig_field: 'cust-48213', trust_level: 'guest' };
        token[field] = `${token[field]}${char}x`;
        // Genuinely signed, as a signer without these checks would: the shape alone refuses it.
        token.sig = nodeSignature(hashKey, token.sig_field as string, ts, token.trust_level as string);
        const result = await verifyStorefrontToken(JSON.stringify(token), { hashKey, now: ts });
        assert.deepEqual(result, { valid: false, reason: 'malformed', field, message: `${field} ${problemWith(char)}` });
      }
    }
  });

  it('gives no second reading: the text signed for customer "victim|gold" is not the token of customer "victim" at trust level "gold"', async () => {
    await assert.rejects(signStorefrontToken({ ...options, customerId: 'victim|gold', trustLevel: undefined }), {
      name: 'TypeError',
      message: 'signStorefrontToken: customerId must not contain "|", which separates the signed fields',
    });
    // A signature over "victim|gold|<ts>", made elsewhere for a customer "victim|gold", is refused in that token.
    const sig = nodeSignature(hashKey, 'victim|gold', ts);
    const asSigned = JSON.stringify({ public_id: MERCHANT_ID, ts, sig_field: 'victim|gold', sig });
    assertRefused(await verifyStorefrontToken(asSigned, { hashKey, now: ts }), { valid: false, reason: 'malformed', field: 'sig_field' });
  });

  it('keeps every other character: spaces, accents, emoji, no-break and line separators', async () => {
    for (const customerId of ['cust 48213', 'jöns.åkesson@example.se', '🙂 customer', 'a\u00a0b', 'a\u2028b', 'a\u00adb', 'a\\b/c']) {
      const header = await signStorefrontToken({ ...options, customerId, trustLevel: `level ${customerId}` });
      const result = await verifyStorefrontToken(header, { hashKey, now: ts });
      assert.ok(result.valid, JSON.stringify(result));
      assert.equal(result.customerId, customerId);
      assert.equal(result.trustLevel, `level ${customerId}`);
    }
  });
});

describe('verifyStorefrontToken checks the merchant it is given', () => {
  const keys = new Map([
    [MERCHANT_ID, 'sandbox-hash-key'],
    ['mer_other', 'other-hash-key'],
  ]);
  const ts = 1726000000;
  const otherMerchantsToken = JSON.stringify({
    public_id: 'mer_other',
    ts,
    sig_field: 'cust-48213',
    sig: nodeSignature('other-hash-key', 'cust-48213', ts),
  });

  it("refuses another merchant's genuine token as other-merchant, before its key is looked up", async () => {
    const asked: string[] = [];
    const lookUp = (id: string) => {
      asked.push(id);
      return keys.get(id);
    };
    const result = await verifyStorefrontToken(otherMerchantsToken, { hashKey: lookUp, merchantPublicId: MERCHANT_ID, now: ts });
    assertRefused(result, { valid: false, reason: 'other-merchant' });
    assert.deepEqual(asked, []);
  });

  it("passes the merchant's own token, and another's only when no merchantPublicId is given", async () => {
    const own = nodeToken('sandbox-hash-key', 'cust-48213', ts);
    const lookUp = (id: string) => keys.get(id);
    assert.equal((await verifyStorefrontToken(own, { hashKey: lookUp, merchantPublicId: MERCHANT_ID, now: ts })).valid, true);
    const unchecked = await verifyStorefrontToken(otherMerchantsToken, { hashKey: lookUp, now: ts });
    assert.ok(unchecked.valid);
    assert.equal(unchecked.merchantPublicId, 'mer_other');
  });

  it('checks it with a fixed key as well', async () => {
    assertRefused(await verifyStorefrontToken(otherMerchantsToken, { hashKey: 'other-hash-key', merchantPublicId: MERCHANT_ID, now: ts }), {
      valid: false,
      reason: 'other-merchant',
    });
  });

  it('refuses a merchantPublicId that is not a non-empty string', async () => {
    for (const [merchantPublicId, message] of [
      ['', 'verifyStorefrontToken: merchantPublicId must not be empty'],
      [42, 'verifyStorefrontToken: merchantPublicId must be a string, not number'],
      [null, 'verifyStorefrontToken: merchantPublicId must be a string, not null'],
    ] as const) {
      await assert.rejects(verifyStorefrontToken(otherMerchantsToken, { hashKey: 'k', merchantPublicId: merchantPublicId as never }), {
        name: 'TypeError',
        message,
      });
    }
  });
});

describe('every refusal names its field and says why', () => {
  const hashKey = 'sandbox-hash-key';
  const ts = 1726000000;
  const good = JSON.parse(nodeToken(hashKey, 'cust-48213', ts)) as Record<string, unknown>;
  const cases: Array<[string, string, Parameters<typeof verifyStorefrontToken>[1], VerifyFailure, StorefrontTokenField, string]> = [
    ['not JSON', 'Bearer abc', { hashKey }, 'malformed', '(root)', 'the token is not JSON'],
    ['a JSON list', '[]', { hashKey }, 'malformed', '(root)', 'the token is not a JSON object'],
    ['no public_id', JSON.stringify({ ...good, public_id: undefined }), { hashKey }, 'malformed', 'public_id', 'public_id is missing'],
    [
      'a ts in words',
      JSON.stringify({ ...good, ts: 'now' }),
      { hashKey },
      'malformed',
      'ts',
      'ts must be whole Unix seconds: a number or a string of digits',
    ],
    [
      'an empty sig_field',
      JSON.stringify({ ...good, sig_field: '' }),
      { hashKey },
      'malformed',
      'sig_field',
      'sig_field must be a non-empty string',
    ],
    [
      'a numeric trust_level',
      JSON.stringify({ ...good, trust_level: 2 }),
      { hashKey },
      'malformed',
      'trust_level',
      'trust_level must be a non-empty string',
    ],
    [
      'a sig not in base64',
      JSON.stringify({ ...good, sig: 'not base64!' }),
      { hashKey },
      'malformed',
      'sig',
      'sig must be standard base64 with its = padding',
    ],
    [
      'another merchant',
      JSON.stringify(good),
      { hashKey, merchantPublicId: 'mer_other' },
      'other-merchant',
      'public_id',
      'public_id names another merchant than the one the token must be for',
    ],
    [
      'an unknown merchant',
      JSON.stringify(good),
      { hashKey: () => undefined },
      'unknown-merchant',
      'public_id',
      'public_id names a merchant whose hash key is not known',
    ],
    [
      'another key',
      JSON.stringify(good),
      { hashKey: 'guessed' },
      'bad-signature',
      'sig',
      "sig is not the signature of this token's sig_field, trust_level and ts with the merchant's hash key",
    ],
    [
      'an old ts',
      JSON.stringify(good),
      { hashKey, now: ts + 7201 },
      'expired',
      'ts',
      'ts is more than 7200 seconds ago: the token has expired',
    ],
    [
      'a ts to come',
      JSON.stringify(good),
      { hashKey, now: ts - 301 },
      'not-yet-valid',
      'ts',
      'ts is more than 300 seconds ahead: the token is dated in the future',
    ],
  ];
  for (const [what, header, options, reason, field, message] of cases) {
    it(`${what}: ${reason}, ${field}`, async () => {
      assert.deepEqual(await verifyStorefrontToken(header, { now: ts, ...options }), { valid: false, reason, field, message });
    });
  }

  it('milliseconds: ts-in-milliseconds, ts', async () => {
    const header = nodeToken(hashKey, 'cust-48213', ts * 1000);
    assert.deepEqual(await verifyStorefrontToken(header, { hashKey, now: ts }), {
      valid: false,
      reason: 'ts-in-milliseconds',
      field: 'ts',
      message: 'ts looks like milliseconds (13 digits): it must be Unix seconds',
    });
  });
});
