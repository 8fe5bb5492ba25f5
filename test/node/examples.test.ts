// The merchant token endpoints of examples/: each answers a signed-in customer's token, which verifies with the
// merchant's hash key and which the sandbox accepts, and refuses everyone else without one.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createSandbox, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from 'prepaid-upgrade/sandbox';
import { verifyStorefrontToken } from 'prepaid-upgrade/server';
import * as nodeExample from '../../examples/node-token-endpoint.js';
import edgeHandler, * as edgeExample from '../../examples/edge-token-endpoint.js';

const { eligible } = SANDBOX_SUBSCRIPTIONS;
const SESSION_SECRET = 'a session secret of the store';

/** What a token endpoint answered, read the way the widget's `auth-url` reads it. */
interface Answer {
  status: number;
  contentType: string | null;
  cacheControl: string | null;
  body: string;
}

const read = async (response: Response): Promise<Answer> => ({
  status: response.status,
  contentType: response.headers.get('content-type'),
  cacheControl: response.headers.get('cache-control'),
  body: await response.text(),
});

/** The token is the merchant's, for this customer, and the service (the sandbox) accepts it. */
async function assertAcceptedToken(answer: Answer, customerId: string): Promise<void> {
  assert.equal(answer.status, 200);
  assert.match(answer.contentType ?? '', /^application\/json/);
  assert.equal(answer.cacheControl, 'no-store');
  const verified = await verifyStorefrontToken(answer.body, { hashKey: SANDBOX_MERCHANT.hashKey });
  assert.ok(verified.valid, `the token verifies: ${JSON.stringify(verified)}`);
  assert.equal(verified.merchantPublicId, SANDBOX_MERCHANT.publicId);
  assert.equal(verified.customerId, customerId);
  const sandbox = createSandbox();
  const response = await sandbox.handle(
    new Request(`http://sandbox.test/subscriptions/${eligible.id}/`, { headers: { authorization: answer.body } }),
  );
  assert.equal(response.status, 200, await response.clone().text());
  assert.equal((await response.json()).public_id, eligible.id);
}

function assertRefused(answer: Answer, status: number): void {
  assert.equal(answer.status, status);
  assert.match(answer.contentType ?? '', /^application\/json/);
  assert.equal(answer.cacheControl, 'no-store');
  assert.equal(typeof JSON.parse(answer.body).detail, 'string');
  assert.doesNotMatch(answer.body, /"sig"/);
}

describe('examples/node-token-endpoint.ts', () => {
  let server: Server;
  let url: string;

  before(async () => {
    server = nodeExample.createTokenServer({
      merchantPublicId: SANDBOX_MERCHANT.publicId,
      hashKey: SANDBOX_MERCHANT.hashKey,
      customerIdOf: (req) => nodeExample.signedInCustomer(req, SESSION_SECRET),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${nodeExample.TOKEN_PATH}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (cookie?: string, method = 'GET') => read(await fetch(url, { method, headers: cookie ? { cookie } : {} }));

  it('answers the signed-in customer a token that verifies and that the service accepts', async () => {
    const cookie = `theme=dark; store_session=${nodeExample.sessionCookieValue(eligible.customerId, SESSION_SECRET)}`;
    await assertAcceptedToken(await get(cookie), eligible.customerId);
  });

  it('answers 401 with JSON when nobody is signed in, or the session cookie is forged', async () => {
    assertRefused(await get(), 401);
    assertRefused(await get(`store_session=${eligible.customerId}.forged`), 401);
    assertRefused(await get(`store_session=${nodeExample.sessionCookieValue(eligible.customerId, 'another secret')}`), 401);
    assertRefused(await get('store_session=%E0%A4%A.x'), 401);
  });

  it('answers 405 to anything but GET', async () => {
    const cookie = `store_session=${nodeExample.sessionCookieValue(eligible.customerId, SESSION_SECRET)}`;
    assertRefused(await get(cookie, 'POST'), 405);
  });
});

describe('examples/edge-token-endpoint.ts', () => {
  const env: edgeExample.Env = {
    MERCHANT_PUBLIC_ID: SANDBOX_MERCHANT.publicId,
    MERCHANT_HASH_KEY: SANDBOX_MERCHANT.hashKey,
    SESSION_SECRET,
  };
  const call = async (cookie?: string, init: RequestInit = {}, path = edgeExample.TOKEN_PATH) =>
    read(await edgeHandler.fetch(new Request(`https://store.test${path}`, { ...init, headers: cookie ? { cookie } : {} }), env));

  it('answers the signed-in customer a token that verifies and that the service accepts', async () => {
    const cookie = `store_session=${await edgeExample.sessionCookieValue(eligible.customerId, SESSION_SECRET)}; theme=dark`;
    await assertAcceptedToken(await call(cookie), eligible.customerId);
  });

  it('answers 401 with JSON when nobody is signed in, or the session cookie is forged', async () => {
    assertRefused(await call(), 401);
    assertRefused(await call(`store_session=${eligible.customerId}.forged`), 401);
    assertRefused(await call(`store_session=${await edgeExample.sessionCookieValue(eligible.customerId, 'another secret')}`), 401);
    assertRefused(await call('store_session=%E0%A4%A.x'), 401);
  });

  it('answers 405 to anything but GET, and 404 elsewhere', async () => {
    const cookie = `store_session=${await edgeExample.sessionCookieValue(eligible.customerId, SESSION_SECRET)}`;
    assertRefused(await call(cookie, { method: 'POST' }), 405);
    assertRefused(await call(cookie, {}, '/account'), 404);
  });
});
