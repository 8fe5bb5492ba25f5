// What anyone who reaches the sandbox can make it hold or compute is bounded: the request logs of all its instances
// share a budget of bytes, the oldest requests going first; a refused token is diagnosed by the token doctor only for a
// developer on the sandbox's own machine, and only so many times a minute; a sandbox mounted for other people serves
// neither control routes nor isolated instances.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSandbox, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { MAX_LOG_BYTES } from '../../src/sandbox/request-log.js';
import { signStorefrontToken } from '../../src/server/index.js';

const { eligible } = SANDBOX_SUBSCRIPTIONS;
const LOOPBACK = { remoteAddress: '127.0.0.1' };

describe('sandbox: the request log’s bounds', () => {
  it('holds at most its budget of bytes across all instances, dropping the oldest requests of any first', async () => {
    const sandbox = createSandbox();
    // 1,200 requests of about 12 KiB each: 14 MiB sent, over 60 instances, none of which holds 1,000.
    const padding = 'x'.repeat(12 * 1024);
    const instances = Array.from({ length: 60 }, (_, i) => `flood-${i}`);
    for (const id of instances) {
      for (let i = 0; i < 20; i++) {
        const answer = await sandbox.handle(
          new Request(`http://sandbox.test/i/${id}/subscriptions/${eligible.id}/`, { headers: { 'x-padding': padding } }),
          LOOPBACK,
        );
        assert.equal(answer.status, 401);
      }
    }
    const held = instances.map((id) => sandbox.instance(id).requests);
    const bytes = held.flat().reduce((sum, record) => sum + JSON.stringify(record).length, 0);
    assert.ok(bytes <= MAX_LOG_BYTES * 1.01, `${bytes} bytes held`);
    assert.ok(bytes >= MAX_LOG_BYTES * 0.9, `${bytes} bytes held: the budget is spent, not wasted`);
    assert.equal(held[0]!.length, 0, 'the oldest instance lost its requests first');
    assert.equal(held.at(-1)!.length, 20, 'the newest kept all of its own');
    const first = held.findIndex((requests) => requests.length > 0);
    assert.ok(
      held.slice(first + 1).every((requests) => requests.length === 20),
      'only the oldest go',
    );
  });

  it('gives back what a cleared log held', async () => {
    const sandbox = createSandbox();
    const padding = 'x'.repeat(12 * 1024);
    const send = (id: string) =>
      sandbox.handle(new Request(`http://sandbox.test/i/${id}/customers`, { headers: { 'x-padding': padding } }), LOOPBACK);
    for (let i = 0; i < 500; i++) await send('first');
    const cleared = await sandbox.handle(new Request('http://sandbox.test/i/first/__sandbox/requests', { method: 'DELETE' }), LOOPBACK);
    assert.equal(cleared.status, 204);
    for (let i = 0; i < 500; i++) await send('second');
    assert.equal(sandbox.instance('second').requests.length, 500, 'the cleared requests no longer count');
  });
});

describe('sandbox: the token doctor’s diagnosis of a refused token', () => {
  const wronglySigned = () =>
    signStorefrontToken({ merchantPublicId: SANDBOX_MERCHANT.publicId, customerId: eligible.customerId, hashKey: 'not the merchant key' });
  const read = async (sandbox: ReturnType<typeof createSandbox>, client: { remoteAddress?: string }, token: string) => {
    const answer = await sandbox.handle(
      new Request(`http://sandbox.test/subscriptions/${eligible.id}/`, { headers: { authorization: token } }),
      client,
    );
    assert.equal(answer.status, 401);
    return ((await answer.json()) as { detail: string }).detail;
  };
  const PLAIN = 'The storefront token signature (sig) is invalid.';

  it('reaches a developer on the sandbox’s own machine; anyone else gets the plain reason, which costs no more than the check', async () => {
    const sandbox = createSandbox();
    const token = await wronglySigned();
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      assert.match(await read(sandbox, { remoteAddress }, token), /another key/);
    for (const client of [{ remoteAddress: '203.0.113.9' }, {}]) assert.equal(await read(sandbox, client, token), PLAIN);
  });

  it('is given 30 times a minute at most, however many instances ask', async () => {
    let now = Date.UTC(2026, 10, 28, 12);
    const sandbox = createSandbox({ now: () => now });
    const token = await signStorefrontToken({
      merchantPublicId: SANDBOX_MERCHANT.publicId,
      customerId: eligible.customerId,
      hashKey: 'not the merchant key',
      ts: Math.floor(now / 1000),
    });
    const details = [];
    for (let i = 0; i < 31; i++) {
      const answer = await sandbox.handle(
        new Request(`http://sandbox.test/i/ask-${i % 7}/subscriptions/${eligible.id}/`, { headers: { authorization: token } }),
        LOOPBACK,
      );
      details.push(((await answer.json()) as { detail: string }).detail);
    }
    assert.ok(details.slice(0, 30).every((detail) => /another key/.test(detail)));
    assert.equal(details[30], PLAIN);
    now += 60_000;
    assert.match(await read(sandbox, LOOPBACK, token), /another key/, 'a minute later');
  });
});

describe('sandbox: mounted for other people (controlRoutes: false)', () => {
  it('serves the API of its one instance, and neither control routes nor isolated instances, whoever asks', async () => {
    const sandbox = createSandbox({ basePath: '/sandbox', controlRoutes: false });
    const token = await signStorefrontToken({
      merchantPublicId: SANDBOX_MERCHANT.publicId,
      customerId: eligible.customerId,
      hashKey: SANDBOX_MERCHANT.hashKey,
    });
    const read = await sandbox.handle(
      new Request(`http://store.test/sandbox/subscriptions/${eligible.id}/`, { headers: { authorization: token } }),
    );
    assert.equal(read.status, 200);
    for (const path of [
      '/sandbox/__sandbox/requests',
      '/sandbox/__sandbox/faults',
      '/sandbox/i/x/__sandbox/info',
      `/sandbox/i/x/subscriptions/${eligible.id}/`,
    ]) {
      const answer = await sandbox.handle(new Request(`http://store.test${path}`, { headers: { authorization: token } }), LOOPBACK);
      assert.equal(answer.status, 404, path);
    }
  });
});
