// docs/sandbox.md gives the sandbox's merchants, keys and customers, which a merchant types into a page or a token
// endpoint: its tables are written from the seed (`npm run docs:sandbox`), and fail here when the two part ways.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { SANDBOX_CUSTOMERS, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { withTables } from '../../tools/sandbox-doc.js';

describe('docs/sandbox.md', () => {
  let current: string;
  let written: string;
  before(async () => ({ current, written } = await withTables()));

  it('has the tables the seed writes', () => {
    assert.ok(current === written, 'docs/sandbox.md and the seed part ways: run `npm run docs:sandbox` and commit the page');
  });

  it('names every customer, the merchant’s keys and the seeded cases, as a merchant reads them', () => {
    for (const { customerId, firstName, lastName } of SANDBOX_CUSTOMERS) {
      assert.match(current, new RegExp(`${firstName} ${lastName}<br>\`${customerId}\``), customerId);
    }
    for (const key of [SANDBOX_MERCHANT.publicId, SANDBOX_MERCHANT.hashKey, SANDBOX_MERCHANT.apiKeys.production]) {
      assert.ok(current.includes(`\`${key}\``), key);
    }
    for (const { id } of Object.values(SANDBOX_SUBSCRIPTIONS)) assert.ok(current.includes(`\`${id}\``), id);
  });
});
