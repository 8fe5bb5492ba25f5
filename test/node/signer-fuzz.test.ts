/**
 * The signer over random customer ids and trust levels: either signing refuses, naming the option, or the token it
 * signs verifies back to exactly the same customer id and trust level, over exactly one signed text (no second
 * reading), with node:crypto's HMAC of that text as its signature.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { parseStorefrontToken, signStorefrontToken, verifyStorefrontToken } from '../../src/server/index.js';

const MERCHANT_ID = '0e5de2bedc5e11e3a2e4bc764e106cf4';
const HASH_KEY = 'sandbox-hash-key';
const TS = 1726000000;
/** Written out here rather than taken from the code: "|" and Unicode's control characters. */
const holdsForbidden = (text: string): boolean =>
  [...text].some((char) => char === '|' || char.charCodeAt(0) <= 0x1f || (char.charCodeAt(0) >= 0x7f && char.charCodeAt(0) <= 0x9f));

/** Text of characters that matter here, mixed with any others. */
const edgy = fc.string({
  unit: fc.oneof(
    fc.constantFrom('|', '\u0000', '\n', '\r', '\t', '\u001f', '\u007f', '\u0085', '\u009f', '\u00a0', '\u2028', ' ', 'é', '🙂'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 10,
});

/** A customer id or trust level: edgy text, any text, or a plain id. */
const field = fc.oneof(edgy, fc.string({ unit: 'binary', maxLength: 20 }), fc.stringMatching(/^[a-z0-9-]{1,12}$/));

/** Why the signer must refuse a value of `option`, as an independent oracle; `undefined` when it must sign. */
const mustRefuse = (value: string | undefined): boolean => value !== undefined && (value === '' || holdsForbidden(value));

describe('signStorefrontToken over random customer ids and trust levels', () => {
  it('refuses naming the option, or signs a token that verifies back to exactly what was signed', async () => {
    await fc.assert(
      fc.asyncProperty(field, fc.option(field, { nil: undefined }), async (customerId, trustLevel) => {
        const options = {
          merchantPublicId: MERCHANT_ID,
          customerId,
          hashKey: HASH_KEY,
          ts: TS,
          ...(trustLevel === undefined ? {} : { trustLevel }),
        };
        const refused = [mustRefuse(customerId) && 'customerId', mustRefuse(trustLevel) && 'trustLevel'].filter(Boolean);
        let header: string;
        try {
          header = await signStorefrontToken(options);
        } catch (error) {
          assert.ok(error instanceof TypeError, String(error));
          assert.ok(refused.length > 0, `refused ${JSON.stringify(options)}: ${error.message}`);
          // One problem for each wrong option, in order, each beginning with its name.
          const problems = error.message.replace(/^signStorefrontToken: /, '').split('; ');
          assert.deepEqual(
            problems.map((problem) => problem.split(' ')[0]),
            refused,
            error.message,
          );
          return;
        }
        assert.deepEqual(refused, [], `signed ${JSON.stringify(options)}`);
        const result = await verifyStorefrontToken(header, { hashKey: HASH_KEY, merchantPublicId: MERCHANT_ID, now: TS });
        assert.ok(result.valid, JSON.stringify(result));
        assert.equal(result.customerId, customerId);
        assert.equal(result.trustLevel, trustLevel);
        // One reading only: the signed text splits at "|" into exactly its fields.
        const message = trustLevel === undefined ? `${customerId}|${TS}` : `${customerId}|${trustLevel}|${TS}`;
        assert.deepEqual(message.split('|'), trustLevel === undefined ? [customerId, String(TS)] : [customerId, trustLevel, String(TS)]);
        assert.equal(parseStorefrontToken(header)?.sig, createHmac('sha256', HASH_KEY).update(message).digest('base64'));
      }),
      { numRuns: 400 },
    );
  });

  it('never lets a signature over one split of the signed text verify as another', async () => {
    // A customer id and trust level the signer takes, and the text they sign; the same text split otherwise at "|"
    // would need a "|" inside a field, which the verifier refuses.
    await fc.assert(
      fc.asyncProperty(field, field, async (left, right) => {
        const customerId = `${left}|${right}`;
        const sig = createHmac('sha256', HASH_KEY).update(`${customerId}|${TS}`).digest('base64');
        const header = JSON.stringify({ public_id: MERCHANT_ID, ts: TS, sig_field: customerId, sig });
        const result = await verifyStorefrontToken(header, { hashKey: HASH_KEY, now: TS });
        assert.equal(result.valid, false);
        assert.ok(!result.valid && result.reason === 'malformed' && result.field === 'sig_field', JSON.stringify(result));
      }),
      { numRuns: 200 },
    );
  });
});
