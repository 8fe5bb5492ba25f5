import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { parseStorefrontToken, serializeStorefrontToken, toStorefrontToken, type StorefrontToken } from '../../src/token.js';
import { checkStorefrontToken, checkStorefrontTokenText, type StorefrontTokenCheck } from '../../src/server/index.js';

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
