import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  TOKEN_LIFETIME_SECONDS,
  looksLikeMilliseconds,
  parseStorefrontToken,
  serializeStorefrontToken,
  storefrontMessage,
  toStorefrontToken,
  type StorefrontToken,
} from '../../src/token.js';
import {
  checkStorefrontToken,
  checkStorefrontTokenText,
  signMessage,
  signStorefrontToken,
  verifyStorefrontToken,
  type StorefrontTokenCheck,
  type StorefrontTokenField,
} from '../../src/server/index.js';

const token: StorefrontToken = {
  public_id: '0e5de2bedc5e11e3a2e4bc764e106cf4',
  ts: 1_726_000_000,
  sig_field: 'cust-48213',
  sig: 'k1qfL3u8Gk2M0rJm1mQ2QyqJ6aZr0dO0uWcX9vH1bWQ=',
};

describe('storefront token text', () => {
  it('serializes with the fields in the documented order', () => {
    expect(serializeStorefrontToken({ sig: token.sig, sig_field: token.sig_field, ts: token.ts, public_id: token.public_id })).to.equal(
      '{"public_id":"0e5de2bedc5e11e3a2e4bc764e106cf4","ts":1726000000,"sig_field":"cust-48213","sig":"k1qfL3u8Gk2M0rJm1mQ2QyqJ6aZr0dO0uWcX9vH1bWQ="}',
    );
  });

  it('puts trust_level last when there is one', () => {
    expect(Object.keys(JSON.parse(serializeStorefrontToken({ ...token, trust_level: 'guest' })))).to.deep.equal([
      'public_id',
      'ts',
      'sig_field',
      'sig',
      'trust_level',
    ]);
  });

  it('round-trips through parse and serialize', () => {
    const text = serializeStorefrontToken(token);
    expect(parseStorefrontToken(text)).to.deep.equal(token);
    expect(serializeStorefrontToken(parseStorefrontToken(text)!)).to.equal(text);
  });

  it('round-trips a token with a trust level', () => {
    const withTrust = { ...token, trust_level: 'verified' };
    expect(parseStorefrontToken(serializeStorefrontToken(withTrust))).to.deep.equal(withTrust);
  });

  it('drops fields that are not part of a token', () => {
    expect(toStorefrontToken({ ...token, email: 'ana@example.com' })).to.deep.equal(token);
  });

  it('builds the signed message with and without a trust level', () => {
    expect(storefrontMessage('cust-48213', 1726000000)).to.equal('cust-48213|1726000000');
    expect(storefrontMessage('cust-48213', 1726000000, 'guest')).to.equal('cust-48213|guest|1726000000');
  });

  it('states a lifetime of two hours', () => {
    expect(TOKEN_LIFETIME_SECONDS).to.equal(7200);
  });
});

describe('parseStorefrontToken refuses what is not a token', () => {
  const text = (value: unknown) => JSON.stringify(value);
  const without = (field: keyof StorefrontToken) => {
    const copy: Record<string, unknown> = { ...token };
    delete copy[field];
    return text(copy);
  };
  const cases: Array<[string, string, StorefrontTokenField]> = [
    ['text that is not JSON', 'cust-48213|1726000000|k1qf', '(root)'],
    ['an empty string', '', '(root)'],
    ['JSON null', 'null', '(root)'],
    ['a JSON array', text([token]), '(root)'],
    ['a JSON string', text(text(token)), '(root)'],
    ['a token without public_id', without('public_id'), 'public_id'],
    ['a token without ts', without('ts'), 'ts'],
    ['a token without sig_field', without('sig_field'), 'sig_field'],
    ['a token without sig', without('sig'), 'sig'],
    ['ts as an empty string', text({ ...token, ts: '' }), 'ts'],
    ['ts as a string with spaces', text({ ...token, ts: ' 1726000000' }), 'ts'],
    ['ts as a string with a sign', text({ ...token, ts: '-1726000000' }), 'ts'],
    ['ts as a string in exponent notation', text({ ...token, ts: '1.726e9' }), 'ts'],
    ['ts as a string with a fraction', text({ ...token, ts: '1726000000.5' }), 'ts'],
    ['ts as a hexadecimal string', text({ ...token, ts: '0x10' }), 'ts'],
    ['ts as a string of non-ASCII digits', text({ ...token, ts: '١٧٢٦٠٠٠٠٠٠' }), 'ts'],
    ['ts as a boolean', text({ ...token, ts: true }), 'ts'],
    ['ts as a list of digits', text({ ...token, ts: ['1726000000'] }), 'ts'],
    ['ts as null', text({ ...token, ts: null }), 'ts'],
    ['a negative ts', text({ ...token, ts: -1 }), 'ts'],
    ['a fractional ts', text({ ...token, ts: 1726000000.5 }), 'ts'],
    ['an empty sig', text({ ...token, sig: '' }), 'sig'],
    ['an empty public_id', text({ ...token, public_id: '' }), 'public_id'],
    ['an empty trust_level', text({ ...token, trust_level: '' }), 'trust_level'],
    ['a numeric trust_level', text({ ...token, trust_level: 2 }), 'trust_level'],
  ];
  for (const [what, input, field] of cases) {
    it(`refuses ${what}, naming ${field}`, () => {
      expect(parseStorefrontToken(input)).to.equal(undefined);
      expect(checkStorefrontTokenText(input)).to.have.property('field', field);
    });
  }

  it('accepts ts 0, the earliest whole Unix second', () => {
    expect(parseStorefrontToken(text({ ...token, ts: 0 }))?.ts).to.equal(0);
  });
});

describe('a signed field holds no "|" and no control character', () => {
  /** `|`, C0 controls, DEL and C1 controls. */
  const forbidden = ['|', ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)), '\u007f'].concat(
    Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(0x80 + code)),
  );
  const signedFields = ['public_id', 'sig_field', 'trust_level'] as const;

  it('refuses each of them in public_id, sig_field and trust_level, as the widget reads a token and as the server checks one', () => {
    for (const field of signedFields) {
      for (const char of forbidden) {
        const value = { ...token, trust_level: 'guest', [field]: `a${char}b` };
        expect(toStorefrontToken(value), `${field} ${char.charCodeAt(0)}`).to.equal(undefined);
        expect(parseStorefrontToken(JSON.stringify(value))).to.equal(undefined);
        expect(checkStorefrontToken(value)).to.have.property('field', field);
      }
    }
  });

  it('leaves sig to the verifier, which reads it as base64', () => {
    expect(toStorefrontToken({ ...token, sig: 'a|b' })).to.deep.equal({ ...token, sig: 'a|b' });
  });

  it('keeps every other character', () => {
    for (const text of ['cust 48213', 'jöns.åkesson@example.se', '🙂', 'a\u00a0b', 'a\u2028b', '\\/']) {
      const value = { ...token, public_id: text, sig_field: text, trust_level: text };
      expect(toStorefrontToken(value)).to.deep.equal(value);
      expect(checkStorefrontToken(value)).to.deep.equal({ token: value });
    }
  });
});

describe('a ts sent as a string of digits', () => {
  it('is read as a token, the ts kept as the string it was', () => {
    const parsed = parseStorefrontToken(JSON.stringify({ ...token, ts: '1726000000' }));
    expect(parsed).to.deep.equal({ ...token, ts: '1726000000' });
  });

  it('is written back as a string, so that the service rebuilds the very text that was signed', () => {
    const header = serializeStorefrontToken({ ...token, ts: '01726000000' });
    expect(header).to.contain('"ts":"01726000000"');
    expect(serializeStorefrontToken(parseStorefrontToken(header)!)).to.equal(header);
  });

  it('is signed as its own digits', () => {
    expect(storefrontMessage('cust-48213', '01726000000')).to.equal('cust-48213|01726000000');
    expect(storefrontMessage('cust-48213', '1726000000', 'guest')).to.equal('cust-48213|guest|1726000000');
  });
});

describe('looksLikeMilliseconds', () => {
  it('says yes to 13 digits, as a number or a string', () => {
    for (const ts of [1_726_000_000_000, '1726000000000', 1_000_000_000_000, 9_999_999_999_999, '0001726000000000']) {
      expect(looksLikeMilliseconds(ts), String(ts)).to.equal(true);
    }
  });

  it('says no to Unix seconds, to fewer or more digits, and to nothing', () => {
    for (const ts of [1_726_000_000, '1726000000', 0, 999_999_999_999, 10_000_000_000_000, '17260000000000000', undefined]) {
      expect(looksLikeMilliseconds(ts), String(ts)).to.equal(false);
    }
  });
});

const merchantPublicId = '0e5de2bedc5e11e3a2e4bc764e106cf4';
const customerId = 'cust-48213';
const hashKey = 'test-hash-key-7f3c9a';
const ts = 1_726_000_000;

describe('signStorefrontToken and verifyStorefrontToken in the browser', () => {
  it('signs a token that verifies with the same key', async () => {
    const header = await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts });
    const result = await verifyStorefrontToken(header, { hashKey, now: ts + 60 });
    expect(result).to.deep.equal({
      valid: true,
      token: parseStorefrontToken(header),
      merchantPublicId,
      customerId,
    });
  });

  it('signs base64(HMAC-SHA256(key, "<customer>|<ts>")) into the token', async () => {
    const header = await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts });
    const parsed = parseStorefrontToken(header)!;
    expect(parsed).to.include({ public_id: merchantPublicId, ts, sig_field: customerId });
    expect(parsed.sig).to.equal(await signMessage(hashKey, `${customerId}|${ts}`));
    expect(parsed.sig).to.match(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('defaults ts to the current time', async () => {
    const before = Math.floor(Date.now() / 1000);
    const parsed = parseStorefrontToken(await signStorefrontToken({ merchantPublicId, customerId, hashKey }))!;
    expect(parsed.ts).to.be.within(before, Math.floor(Date.now() / 1000));
  });

  it('refuses a token signed with another key as bad-signature', async () => {
    const header = await signStorefrontToken({ merchantPublicId, customerId, hashKey: 'another-merchants-key', ts });
    expect(await verifyStorefrontToken(header, { hashKey, now: ts })).to.deep.include({ valid: false, reason: 'bad-signature' });
  });

  it('refuses a token whose customer was changed after signing as bad-signature', async () => {
    const parsed = parseStorefrontToken(await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts }))!;
    const tampered = serializeStorefrontToken({ ...parsed, sig_field: 'cust-48214' });
    expect(await verifyStorefrontToken(tampered, { hashKey, now: ts })).to.deep.include({ valid: false, reason: 'bad-signature' });
  });

  it('refuses a token whose ts was moved forward after signing as bad-signature', async () => {
    const parsed = parseStorefrontToken(await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts }))!;
    const tampered = serializeStorefrontToken({ ...parsed, ts: ts + 7200 });
    expect(await verifyStorefrontToken(tampered, { hashKey, now: ts + 7200 })).to.deep.include({ valid: false, reason: 'bad-signature' });
  });

  it('refuses a token older than two hours as expired', async () => {
    const header = await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts });
    expect((await verifyStorefrontToken(header, { hashKey, now: ts + 7200 })).valid).to.equal(true);
    expect(await verifyStorefrontToken(header, { hashKey, now: ts + 7201 })).to.deep.include({ valid: false, reason: 'expired' });
  });

  it('honours a shorter maxAgeSeconds', async () => {
    const header = await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts });
    expect(await verifyStorefrontToken(header, { hashKey, now: ts + 601, maxAgeSeconds: 600 })).to.deep.include({
      valid: false,
      reason: 'expired',
    });
  });

  it('refuses a ts far in the future as not-yet-valid, but tolerates a little clock skew', async () => {
    const header = await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts });
    expect((await verifyStorefrontToken(header, { hashKey, now: ts - 300 })).valid).to.equal(true);
    expect(await verifyStorefrontToken(header, { hashKey, now: ts - 301 })).to.deep.include({ valid: false, reason: 'not-yet-valid' });
    expect(await verifyStorefrontToken(header, { hashKey, now: ts - 86_400 })).to.deep.include({ valid: false, reason: 'not-yet-valid' });
  });

  it('reports a header that is not a token as malformed', async () => {
    expect(await verifyStorefrontToken('Bearer abc', { hashKey })).to.deep.include({ valid: false, reason: 'malformed' });
    expect(await verifyStorefrontToken(`${customerId}|${ts}|abc=`, { hashKey })).to.deep.include({ valid: false, reason: 'malformed' });
  });

  it('reports a signature that is not standard padded base64 as malformed', async () => {
    const parsed = parseStorefrontToken(await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts }))!;
    const urlSafe = serializeStorefrontToken({ ...parsed, sig: parsed.sig.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_') });
    expect(await verifyStorefrontToken(urlSafe, { hashKey, now: ts })).to.deep.include({ valid: false, reason: 'malformed' });
  });

  it('looks the key up by the token public_id, and reports unknown-merchant when there is none', async () => {
    const header = await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts });
    const asked: string[] = [];
    const lookUp = (id: string) => {
      asked.push(id);
      return id === 'another-merchant' ? hashKey : undefined;
    };
    expect(await verifyStorefrontToken(header, { hashKey: lookUp, now: ts })).to.deep.include({ valid: false, reason: 'unknown-merchant' });
    expect(asked).to.deep.equal([merchantPublicId]);
  });

  it('accepts an asynchronous key look-up', async () => {
    const header = await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts });
    const result = await verifyStorefrontToken(header, { hashKey: async (id) => (id === merchantPublicId ? hashKey : undefined), now: ts });
    expect(result.valid).to.equal(true);
  });

  it('signs the trust level into the message and reports it back', async () => {
    const header = await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts, trustLevel: 'verified' });
    const parsed = parseStorefrontToken(header)!;
    expect(parsed.trust_level).to.equal('verified');
    expect(parsed.sig).to.equal(await signMessage(hashKey, `${customerId}|verified|${ts}`));
    const result = await verifyStorefrontToken(header, { hashKey, now: ts });
    expect(result).to.include({ valid: true, trustLevel: 'verified', customerId });
  });

  it('refuses a token whose trust level was raised or removed after signing', async () => {
    const parsed = parseStorefrontToken(await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts, trustLevel: 'guest' }))!;
    const raised = serializeStorefrontToken({ ...parsed, trust_level: 'verified' });
    const { trust_level: _removed, ...rest } = parsed;
    expect(await verifyStorefrontToken(raised, { hashKey, now: ts })).to.deep.include({ valid: false, reason: 'bad-signature' });
    expect(await verifyStorefrontToken(serializeStorefrontToken(rest), { hashKey, now: ts })).to.deep.include({
      valid: false,
      reason: 'bad-signature',
    });
  });

  it('verifies a ts sent as a string over the text as sent', async () => {
    const sig = await signMessage(hashKey, `${customerId}|${ts}`);
    const header = JSON.stringify({ public_id: merchantPublicId, ts: String(ts), sig_field: customerId, sig });
    expect(await verifyStorefrontToken(header, { hashKey, now: ts + 60 })).to.deep.include({ valid: true, customerId });
  });

  it('verifies a ts string with a leading zero only as that text, not as the number it stands for', async () => {
    const sig = await signMessage(hashKey, `${customerId}|0${ts}`);
    const asSigned = JSON.stringify({ public_id: merchantPublicId, ts: `0${ts}`, sig_field: customerId, sig });
    const asNumber = JSON.stringify({ public_id: merchantPublicId, ts, sig_field: customerId, sig });
    expect((await verifyStorefrontToken(asSigned, { hashKey, now: ts })).valid).to.equal(true);
    expect(await verifyStorefrontToken(asNumber, { hashKey, now: ts })).to.deep.include({ valid: false, reason: 'bad-signature' });
  });

  it('applies the 2-hour window to a ts string too', async () => {
    const sig = await signMessage(hashKey, `${customerId}|${ts}`);
    const header = JSON.stringify({ public_id: merchantPublicId, ts: String(ts), sig_field: customerId, sig });
    expect(await verifyStorefrontToken(header, { hashKey, now: ts + 7201 })).to.deep.include({ valid: false, reason: 'expired' });
  });

  it('refuses a genuine signature over a ts in milliseconds as ts-in-milliseconds, number or string', async () => {
    const ms = ts * 1000;
    // Signed by hand: the signer itself refuses a ts in milliseconds.
    const asNumber = JSON.stringify({
      public_id: merchantPublicId,
      ts: ms,
      sig_field: customerId,
      sig: await signMessage(hashKey, `${customerId}|${ms}`),
    });
    const asString = JSON.stringify({
      public_id: merchantPublicId,
      ts: String(ms),
      sig_field: customerId,
      sig: await signMessage(hashKey, `${customerId}|${ms}`),
    });
    for (const header of [asNumber, asString]) {
      expect(await verifyStorefrontToken(header, { hashKey, now: ts })).to.deep.include({ valid: false, reason: 'ts-in-milliseconds' });
    }
  });

  it('refuses a forged token with a ts in milliseconds as bad-signature: the signature is checked first', async () => {
    const ms = ts * 1000;
    const forged = JSON.stringify({
      public_id: merchantPublicId,
      ts: ms,
      sig_field: customerId,
      sig: await signMessage('guessed-key', `${customerId}|${ms}`),
    });
    expect(await verifyStorefrontToken(forged, { hashKey, now: ts })).to.deep.include({ valid: false, reason: 'bad-signature' });
  });

  it('signs ts as a number', async () => {
    expect(JSON.parse(await signStorefrontToken({ merchantPublicId, customerId, hashKey, ts })).ts).to.equal(ts);
  });

  it('refuses to sign without the required inputs', async () => {
    const attempts = [
      { merchantPublicId: '', customerId, hashKey, ts },
      { merchantPublicId, customerId: '', hashKey, ts },
      { merchantPublicId, customerId, hashKey: '', ts },
      { merchantPublicId, customerId, hashKey, ts: -5 },
      { merchantPublicId, customerId, hashKey, ts: 1.5 },
      { merchantPublicId, customerId, hashKey, ts, trustLevel: '' },
    ];
    for (const options of attempts) {
      let error: unknown;
      await signStorefrontToken(options).catch((e: unknown) => (error = e));
      expect(error, JSON.stringify(options)).to.be.instanceOf(TypeError);
    }
  });
});

// ---- over random header values -----------------------------------------------------------------------------------

/**
 * The token's readers over random header values: any text, JSON objects of the token's keys holding random values,
 * and small changes to a valid token. The field-naming checker of the server (`checkStorefrontTokenText`) never
 * throws and names the field of each refusal; the widget's plain reader (`parseStorefrontToken`) accepts exactly
 * what it accepts; and an accepted token has signed fields without "|" or a control character, a `ts` of digits, and
 * comes back the same through `serializeStorefrontToken`.
 */

const FIELDS = ['public_id', 'ts', 'sig_field', 'sig', 'trust_level', '(root)'];
/** Written out here rather than taken from the code: "|" and Unicode's control characters. */
const holdsForbidden = (text: string): boolean =>
  [...text].some((char) => char === '|' || char.charCodeAt(0) <= 0x1f || (char.charCodeAt(0) >= 0x7f && char.charCodeAt(0) <= 0x9f));

const valid: StorefrontToken = {
  public_id: '0e5de2bedc5e11e3a2e4bc764e106cf4',
  ts: 1_726_000_000,
  sig_field: 'cust-48213',
  sig: 'k1qfL3u8Gk2M0rJm1mQ2QyqJ6aZr0dO0uWcX9vH1bWQ=',
  trust_level: 'guest',
};

/** Characters that matter here, mixed with any others. */
const edgy = fc.string({
  unit: fc.oneof(
    fc.constantFrom('|', '\u0000', '\n', '\t', '\u001f', '\u007f', '\u0085', '\u009f', '\u00a0', '\u2028', '"', '\\', '0', '9'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 12,
});

/** A value a token field might hold, right or wrong. */
const fieldValue = fc.oneof(
  edgy,
  fc.string({ unit: 'binary' }),
  fc.stringMatching(/^\d{1,13}$/),
  fc.nat(),
  fc.double(),
  fc.jsonValue({ maxDepth: 1 }),
);

/** JSON objects with the token's keys (some of them), random values, and maybe other keys. */
const tokenLike = fc
  .tuple(
    fc.record(
      { public_id: fieldValue, ts: fieldValue, sig_field: fieldValue, sig: fieldValue, trust_level: fieldValue },
      { requiredKeys: [] },
    ),
    fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
  )
  .map(([known, others]) => ({ ...others, ...known }));

/** A valid token with one field replaced, one character inserted into a field, or its text cut or spliced. */
const mutated = fc.oneof(
  fc
    .tuple(fc.constantFrom('public_id', 'ts', 'sig_field', 'sig', 'trust_level'), fieldValue)
    .map(([field, value]) => JSON.stringify({ ...valid, [field]: value })),
  fc.tuple(fc.constantFrom('public_id', 'sig_field', 'sig', 'trust_level'), edgy, fc.nat()).map(([field, inserted, at]) => {
    const text = valid[field] as string;
    const cut = at % (text.length + 1);
    return JSON.stringify({ ...valid, [field]: text.slice(0, cut) + inserted + text.slice(cut) });
  }),
  fc.tuple(fc.nat(), fc.nat(), edgy).map(([from, length, inserted]) => {
    const text = serializeStorefrontToken(valid);
    const start = from % (text.length + 1);
    return text.slice(0, start) + inserted + text.slice(start + (length % 8));
  }),
);

/** The properties every answer of the checker has, given what the widget's reader made of the same input. */
function holds(checked: StorefrontTokenCheck, plain: StorefrontToken | undefined): void {
  if (!('token' in checked)) {
    expect(FIELDS).to.include(checked.field);
    expect(checked.problem).to.be.a('string').and.not.be.empty;
    expect(plain, 'the widget reads what the server refuses').to.equal(undefined);
    return;
  }
  const { token } = checked;
  expect(plain, 'the widget reads the same token').to.deep.equal(token);
  for (const text of [token.public_id, token.sig_field, token.trust_level ?? 'none']) {
    expect(holdsForbidden(text), JSON.stringify(text)).to.equal(false);
    expect(text).not.to.equal('');
  }
  expect(String(token.ts)).to.match(/^\d+$/);
  expect(token.sig).to.be.a('string').and.not.be.empty;
  const header = serializeStorefrontToken(token);
  const again = checkStorefrontTokenText(header);
  expect(again).to.have.property('token');
  expect(serializeStorefrontToken((again as { token: StorefrontToken }).token)).to.equal(header);
}

/** Checks one header value both ways. */
const holdsForText = (text: string) => holds(checkStorefrontTokenText(text), parseStorefrontToken(text));

describe('token readers over random header values', () => {
  it('any text', () => {
    fc.assert(fc.property(fc.string(), holdsForText), { numRuns: 300 });
  });

  it('any Unicode text, astral planes included', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), holdsForText), { numRuns: 300 });
  });

  it('any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => holdsForText(JSON.stringify(value) ?? 'null')),
      { numRuns: 300 },
    );
  });

  it("JSON objects of the token's keys with random values", () => {
    fc.assert(
      fc.property(tokenLike, (value) => holdsForText(JSON.stringify(value))),
      { numRuns: 500 },
    );
  });

  it('the same objects, already parsed, as an auth-url answer is', () => {
    fc.assert(
      fc.property(tokenLike, (value) => holds(checkStorefrontToken(value), toStorefrontToken(value))),
      { numRuns: 500 },
    );
  });

  it('small changes to a valid token', () => {
    fc.assert(fc.property(mutated, holdsForText), { numRuns: 500 });
  });

  it('accepts some of those and refuses others, naming each field among the refusals', () => {
    const answers = fc
      .sample(
        fc.oneof(
          tokenLike.map((value) => JSON.stringify(value)),
          mutated,
        ),
        { numRuns: 2000, seed: 37 },
      )
      .map(checkStorefrontTokenText);
    expect(answers.some((answer) => 'token' in answer)).to.equal(true);
    const named = new Set(answers.flatMap((answer) => ('field' in answer ? [answer.field] : [])));
    expect([...named].sort()).to.deep.equal([...FIELDS].sort());
  });
});
