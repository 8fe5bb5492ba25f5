// The shared vectors of examples/token-vectors.json, which every signer of a storefront token must agree on, and the
// signer of prepaid-upgrade/server against them: each token vector signed to exactly its header, and each refusal
// vector refused, naming its field.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { parseStorefrontToken, signStorefrontToken } from '../../src/server/index.js';
const root = fileURLToPath(new URL('../../', import.meta.url));
const VECTORS_FILE = join(root, 'examples/token-vectors.json');

interface Inputs {
  name: string;
  merchantPublicId: string;
  customerId: string;
  hashKey: string;
  ts: unknown;
  trustLevel?: string;
}
interface Vectors {
  tokens: Array<Inputs & { header: string }>;
  refusals: Array<Inputs & { field: string }>;
}
const vectors = JSON.parse(readFileSync(VECTORS_FILE, 'utf8')) as Vectors;

describe('examples/token-vectors.json', () => {
  it('has tokens and refusals, each named once', () => {
    const names = [...vectors.tokens, ...vectors.refusals].map((vector) => vector.name);
    assert.ok(vectors.tokens.length >= 15 && vectors.refusals.length >= 15, `${vectors.tokens.length} and ${vectors.refusals.length}`);
    assert.equal(new Set(names).size, names.length);
  });

  it('holds headers that node:crypto computes from their inputs, and that read back as those inputs', () => {
    for (const { name, merchantPublicId, customerId, hashKey, ts, trustLevel, header } of vectors.tokens) {
      const message = trustLevel === undefined ? `${customerId}|${ts}` : `${customerId}|${trustLevel}|${ts}`;
      const sig = createHmac('sha256', hashKey).update(message).digest('base64');
      const token = {
        public_id: merchantPublicId,
        ts,
        sig_field: customerId,
        sig,
        ...(trustLevel === undefined ? {} : { trust_level: trustLevel }),
      };
      assert.equal(header, JSON.stringify(token), name);
      assert.deepEqual(parseStorefrontToken(header), token, name);
    }
  });
});

describe('signStorefrontToken (JavaScript) agrees with the vectors', () => {
  const sign = ({ merchantPublicId, customerId, hashKey, ts, trustLevel }: Inputs) =>
    signStorefrontToken({ merchantPublicId, customerId, hashKey, ts: ts as number, ...(trustLevel === undefined ? {} : { trustLevel }) });

  for (const vector of vectors.tokens) {
    it(`signs ${vector.name}`, async () => assert.equal(await sign(vector), vector.header));
  }
  for (const vector of vectors.refusals) {
    it(`refuses ${vector.name}`, async () => {
      await assert.rejects(sign(vector), (error: unknown) => {
        assert.ok(error instanceof TypeError);
        assert.match(error.message, new RegExp(`^signStorefrontToken: ${vector.field} `));
        return true;
      });
    });
  }
});
