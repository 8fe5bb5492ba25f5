import { expect } from '@open-wc/testing';
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS, createSandbox, type RecordedRequest, type Sandbox } from '../../../src/sandbox/index.js';
import { signStorefrontToken } from '../../../src/server/index.js';
import { until, withClock } from '../../helpers/controlled-clock.js';

// The sandbox's fault options that stand for answers lost after the change was made, the request log's timestamps,
// and the size of control bodies. Called in the page, as the test runner's mount calls it: from this machine.
const ORIGIN = 'https://sandbox.test';
const { eligible } = SANDBOX_SUBSCRIPTIONS;
const UPGRADE = `/subscriptions/${eligible.id}/upgrade_to_prepaid/`;

const adaToken = () =>
  signStorefrontToken({ merchantPublicId: SANDBOX_MERCHANT.publicId, customerId: eligible.customerId, hashKey: SANDBOX_MERCHANT.hashKey });

function send(
  sandbox: Sandbox,
  method: string,
  path: string,
  init: { token?: string; json?: unknown; body?: string } = {},
): Promise<Response> {
  const headers = new Headers();
  if (init.token) headers.set('authorization', init.token);
  const body = init.json === undefined ? init.body : JSON.stringify(init.json);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return sandbox.handle(new Request(new URL(path, ORIGIN), { method, headers, body }), { remoteAddress: '127.0.0.1' });
}

const addFault = (sandbox: Sandbox, fault: unknown) => send(sandbox, 'POST', '/__sandbox/faults', { body: JSON.stringify(fault) });
const log = async (sandbox: Sandbox): Promise<RecordedRequest[]> => (await send(sandbox, 'GET', '/__sandbox/requests')).json();

async function prepaidContext(sandbox: Sandbox, token: string): Promise<unknown> {
  const answer = await send(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token });
  return (await answer.json()).prepaid_subscription_context;
}

describe('sandbox: a fault with apply (the change is made, the answer is lost)', () => {
  let sandbox: Sandbox;
  let token: string;
  beforeEach(async () => {
    sandbox = createSandbox();
    token = await adaToken();
  });

  it('carries the upgrade out, then answers with the fault’s status instead', async () => {
    expect((await addFault(sandbox, { status: 503, method: 'PATCH', apply: true })).status).to.equal(201);
    const answer = await send(sandbox, 'PATCH', UPGRADE, { token, json: { orders_per_billing: 6, renewal_behavior: 'cancel' } });
    expect(answer.status).to.equal(503);
    expect((await answer.json()).detail).to.equal('Service unavailable.');
    expect(await prepaidContext(sandbox, token)).to.deep.equal({
      prepaid_orders_remaining: 0,
      prepaid_orders_per_billing: 6,
      renewal_behavior: 'cancel',
    });
    const [patch] = await log(sandbox);
    expect(patch).to.include({ method: 'PATCH', status: 503, appliedStatus: 200 });
  });

  it('changes nothing without apply: the fault answers in place of the service', async () => {
    await addFault(sandbox, { status: 503, method: 'PATCH' });
    expect((await send(sandbox, 'PATCH', UPGRADE, { token, json: { orders_per_billing: 6 } })).status).to.equal(503);
    expect(await prepaidContext(sandbox, token)).to.equal(null);
    const [patch] = await log(sandbox);
    expect(patch!.status).to.equal(503);
    expect(patch).not.to.have.property('appliedStatus');
  });

  it('carries the upgrade out, then answers with a network error for status 0', async () => {
    await addFault(sandbox, { status: 0, apply: true, method: 'PATCH' });
    const answer = await send(sandbox, 'PATCH', UPGRADE, { token, json: { orders_per_billing: 3 } });
    expect(answer.type).to.equal('error');
    expect((await prepaidContext(sandbox, token)) as object).to.include({ prepaid_orders_per_billing: 3 });
    expect((await log(sandbox))[0]).to.include({ status: 0, appliedStatus: 200 });
  });

  it('answers a raw body instead of the real one, e.g. a malformed 200', async () => {
    await addFault(sandbox, { status: 200, body: '{"public_id": ', contentType: 'application/problem+json', apply: true });
    const answer = await send(sandbox, 'PATCH', UPGRADE, { token, json: { orders_per_billing: 3 } });
    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-type')).to.equal('application/problem+json');
    expect(await answer.text()).to.equal('{"public_id": ');
    expect((await prepaidContext(sandbox, token)) as object).to.include({ prepaid_orders_per_billing: 3 });
  });

  it('keeps the real refusal in the log when the real handler refused the request', async () => {
    await addFault(sandbox, { status: 500, apply: true });
    expect((await send(sandbox, 'PATCH', UPGRADE, { token, json: { orders_per_billing: 2 } })).status).to.equal(500);
    expect((await log(sandbox))[0]).to.include({ status: 500, appliedStatus: 400 });
    expect(await prepaidContext(sandbox, token)).to.equal(null);
  });

  it('makes the change at once and delays only the answer when it has a latency', () =>
    // The sandbox waits on the page's timers, here a controlled clock's.
    withClock({}, async (clock) => {
      await addFault(sandbox, { latencyMs: 400, apply: true, method: 'PATCH' });
      const pending = send(sandbox, 'PATCH', UPGRADE, { token, json: { orders_per_billing: 12 } });
      // The upgrade's own work (its lock is held for upgradeDurationMs), then the latency.
      await until(() => clock.pending().length === 1, 'the upgrade never began');
      clock.advance(clock.pending()[0]!);
      await until(() => clock.pending()[0] === 400, 'the answer never waited for its latency');
      expect(await prepaidContext(sandbox, token), 'the upgrade is visible before its answer').to.include({
        prepaid_orders_per_billing: 12,
      });
      clock.advance(400);
      const answer = await pending;
      expect(answer.status, 'no status: the real answer, late').to.equal(200);
      expect((await answer.json()).prepaid_subscription_context.prepaid_orders_per_billing).to.equal(12);
    }));

  it('applies only to the requests it matches, and only count times', async () => {
    await addFault(sandbox, { status: 502, method: 'GET', apply: true, count: 2 });
    expect((await send(sandbox, 'PATCH', UPGRADE, { token, json: { orders_per_billing: 3 } })).status).to.equal(200);
    expect((await send(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token })).status).to.equal(502);
    expect((await send(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token })).status).to.equal(502);
    expect((await send(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token })).status).to.equal(200);
    expect((await log(sandbox)).map((r) => [r.method, r.status, r.appliedStatus])).to.deep.equal([
      ['PATCH', 200, undefined],
      ['GET', 502, 200],
      ['GET', 502, 200],
      ['GET', 200, undefined],
    ]);
  });

  it('refuses an apply that is not true or false, and an apply with neither status nor latency', async () => {
    for (const fault of [{ status: 503, apply: 'yes' }, { status: 503, apply: 1 }, { apply: true }]) {
      const answer = await addFault(sandbox, fault);
      expect(answer.status, JSON.stringify(fault)).to.equal(400);
    }
    const listed = await (await send(sandbox, 'GET', '/__sandbox/faults')).json();
    expect(listed).to.deep.equal([]);
    await addFault(sandbox, { status: 503, apply: false });
    expect((await (await send(sandbox, 'GET', '/__sandbox/faults')).json())[0]).to.include({ status: 503, apply: false, remaining: 1 });
  });
});

describe('sandbox: a fault carried out late (the change is made after the client may have given up)', () => {
  let sandbox: Sandbox;
  let token: string;
  beforeEach(async () => {
    sandbox = createSandbox();
    token = await adaToken();
  });

  const upgrade = (init: { signal?: AbortSignal } = {}) =>
    sandbox.handle(
      new Request(new URL(UPGRADE, ORIGIN), {
        method: 'PATCH',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ orders_per_billing: 6 }),
        ...init,
      }),
    );
  const upgraded = async () => (await prepaidContext(sandbox, token)) !== null;
  const patchRecord = async () => (await log(sandbox)).find((r) => r.method === 'PATCH')!;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('refuses a carriedOutAfterMs that is not a whole number of ms up to ten minutes, or that comes with apply', async () => {
    for (const carriedOutAfterMs of [-1, 1.5, '300', null, 600_001]) {
      const answer = await addFault(sandbox, { method: 'PATCH', carriedOutAfterMs });
      expect(answer.status, JSON.stringify(carriedOutAfterMs)).to.equal(400);
      expect((await answer.json()).detail).to.equal('carriedOutAfterMs must be a whole number from 0 to 600000.');
    }
    const both = await addFault(sandbox, { status: 504, apply: true, carriedOutAfterMs: 300 });
    expect(both.status).to.equal(400);
    expect((await both.json()).detail).to.match(/^apply and carriedOutAfterMs do not go together/);
    expect(await (await send(sandbox, 'GET', '/__sandbox/faults')).json()).to.deep.equal([]);
    const alone = await addFault(sandbox, { method: 'PATCH', carriedOutAfterMs: 0 });
    expect(alone.status, 'a fault with carriedOutAfterMs alone').to.equal(201);
    expect(await alone.json()).to.include({ carriedOutAfterMs: 0, remaining: 1 });
    expect((await addFault(sandbox, { apply: false, status: 504, carriedOutAfterMs: 300 })).status).to.equal(201);
  });

  it('without a status, sends the real answer once the change is made, which a read meanwhile does not show', async () => {
    await addFault(sandbox, { method: 'PATCH', path: 'upgrade_to_prepaid', carriedOutAfterMs: 300 });
    const started = performance.now();
    let answered = false;
    const pending = upgrade().then((answer) => ((answered = true), answer));
    await pause(100);
    expect(await upgraded(), 'not carried out yet').to.equal(false);
    expect(answered, 'not answered yet').to.equal(false);
    expect(await patchRecord()).to.include({ status: null, appliedStatus: null });
    const answer = await pending;
    expect(performance.now() - started).to.be.at.least(290);
    expect(answer.status).to.equal(200);
    expect((await answer.json()).prepaid_subscription_context.prepaid_orders_per_billing).to.equal(6);
    expect(await upgraded()).to.equal(true);
    expect(await patchRecord()).to.include({ status: 200, appliedStatus: 200 });
  });

  it('with a status, answers it after the latency and makes the change on its own time', async () => {
    await addFault(sandbox, { status: 504, latencyMs: 50, method: 'PATCH', carriedOutAfterMs: 250 });
    const started = performance.now();
    const answer = await upgrade();
    const answeredAfter = performance.now() - started;
    expect(answer.status).to.equal(504);
    expect(answeredAfter, 'the 504 comes after its latency, not after the change').to.be.within(45, 200);
    expect(await upgraded(), 'a read right after the 504').to.equal(false);
    expect(await patchRecord()).to.include({ status: 504, appliedStatus: null });
    await until(upgraded, 'the upgrade was never carried out');
    expect(performance.now() - started).to.be.at.least(240);
    expect(await patchRecord()).to.include({ status: 504, appliedStatus: 200 });
  });

  it('with status 0, fails the request at once and makes the change later', async () => {
    await addFault(sandbox, { status: 0, method: 'PATCH', carriedOutAfterMs: 150 });
    expect((await upgrade()).type).to.equal('error');
    expect(await upgraded()).to.equal(false);
    await until(upgraded, 'the upgrade was never carried out');
    expect(await patchRecord()).to.include({ status: 0, appliedStatus: 200 });
  });

  it('without a status, adds the latency after the change', async () => {
    // A latency long enough that a machine busy with three engines still reads the log between the change and the answer.
    await addFault(sandbox, { latencyMs: 600, method: 'PATCH', carriedOutAfterMs: 150 });
    const started = performance.now();
    const pending = upgrade();
    await until(upgraded, 'the upgrade was never carried out');
    expect(await patchRecord(), 'carried out, not yet answered').to.include({ status: null, appliedStatus: 200 });
    expect((await pending).status).to.equal(200);
    expect(performance.now() - started).to.be.at.least(740);
  });

  it('makes the change though the client aborted its request', async () => {
    expect((await addFault(sandbox, { method: 'PATCH', carriedOutAfterMs: 300 })).status).to.equal(201);
    const controller = new AbortController();
    const started = performance.now();
    const pending = upgrade({ signal: controller.signal });
    await pause(100);
    controller.abort();
    expect(await upgraded(), 'a read after the client gave up').to.equal(false);
    await until(upgraded, 'the upgrade was never carried out');
    expect(performance.now() - started).to.be.at.least(290);
    expect((await pending).status, 'the handler answered all the same').to.equal(200);
    expect(await patchRecord()).to.include({ status: 200, appliedStatus: 200 });
  });

  it('carries a renewal change out late too, and logs a real refusal as its appliedStatus', async () => {
    const prepaidToken = await signStorefrontToken({
      merchantPublicId: SANDBOX_MERCHANT.publicId,
      customerId: SANDBOX_SUBSCRIPTIONS.prepaid.customerId,
      hashKey: SANDBOX_MERCHANT.hashKey,
    });
    const renewal = `/subscriptions/${SANDBOX_SUBSCRIPTIONS.prepaid.id}/change_renewal_behavior/`;
    const behavior = async () =>
      (await (await send(sandbox, 'GET', `/subscriptions/${SANDBOX_SUBSCRIPTIONS.prepaid.id}/`, { token: prepaidToken })).json())
        .prepaid_subscription_context.renewal_behavior;
    await addFault(sandbox, [
      { status: 504, method: 'PATCH', path: 'change_renewal_behavior', carriedOutAfterMs: 150 },
      { status: 504, method: 'PATCH', path: 'change_renewal_behavior', carriedOutAfterMs: 0 },
    ]);
    expect((await send(sandbox, 'PATCH', renewal, { token: prepaidToken, json: { renewal_behavior: 'cancel' } })).status).to.equal(504);
    expect(await behavior()).to.equal('autorenew');
    await until(async () => (await behavior()) === 'cancel', 'the renewal change was never carried out');
    expect((await send(sandbox, 'PATCH', renewal, { token: prepaidToken, json: { renewal_behavior: 'never' } })).status).to.equal(504);
    await until(async () => (await log(sandbox)).at(-1)!.appliedStatus !== null, 'the refused change was never carried out');
    expect((await log(sandbox)).filter((r) => r.method === 'PATCH').map((r) => [r.status, r.appliedStatus])).to.deep.equal([
      [504, 200],
      [504, 400],
    ]);
  });

  it('makes the change in the data the request arrived at: a reset meanwhile does not get it', async () => {
    await addFault(sandbox, { status: 504, method: 'PATCH', carriedOutAfterMs: 150 });
    expect((await upgrade()).status).to.equal(504);
    expect((await send(sandbox, 'POST', '/__sandbox/reset')).status).to.equal(204);
    await pause(250);
    expect(await upgraded()).to.equal(false);
  });

  it('makes the change over HTTP though the client gave up and closed the connection', async () => {
    // Through the mount the test runner uses: the Node adapter, and a client that gives up as the widget does, once
    // the sandbox has the request (a time limit of its own could end the request before it arrived, on a busy machine).
    const base = `/sandbox/i/late-${Math.random().toString(36).slice(2, 10)}`;
    const headers = { authorization: token };
    const context = async () =>
      (await (await fetch(`${base}/subscriptions/${eligible.id}/`, { headers })).json()).prepaid_subscription_context;
    const requests = async (): Promise<Array<Record<string, unknown>>> => (await fetch(`${base}/__sandbox/requests`)).json();
    const queued = await fetch(`${base}/__sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ method: 'PATCH', path: 'upgrade_to_prepaid', carriedOutAfterMs: 1500 }),
    });
    expect(queued.status).to.equal(201);
    const giveUp = new AbortController();
    const upgrade = fetch(`${base}${UPGRADE}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ orders_per_billing: 3 }),
      signal: giveUp.signal,
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    await until(async () => (await requests()).some((request) => request['method'] === 'PATCH'), 'the upgrade never arrived');
    giveUp.abort();
    expect(((await upgrade) as Error | undefined)?.name, 'the client gave up').to.equal('AbortError');
    expect(await context(), 'not carried out yet').to.equal(null);
    await until(async () => (await context()) !== null, 'the upgrade was never carried out');
    expect(await context()).to.include({ prepaid_orders_per_billing: 3 });
    const [patch] = await requests();
    expect(patch).to.include({ method: 'PATCH', status: 200, appliedStatus: 200 });
  });
});

describe('sandbox: faults queued together', () => {
  it('queues a list of faults in one request, in its order', async () => {
    const sandbox = createSandbox();
    const token = await adaToken();
    const answer = await addFault(sandbox, [
      { method: 'GET', path: '/products/', status: 200, body: '{"name":"From the list"}' },
      { method: 'GET', status: 503 },
      { method: 'GET', status: 504 },
    ]);
    expect(answer.status).to.equal(201);
    expect((await answer.json()).map((fault: { status: number }) => fault.status)).to.deep.equal([200, 503, 504]);
    expect((await send(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token })).status).to.equal(503);
    expect(await (await send(sandbox, 'GET', '/products/prod_any/', { token })).json()).to.deep.equal({ name: 'From the list' });
    expect((await send(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token })).status).to.equal(504);
  });

  it('queues none of them when one is not a fault, and says which', async () => {
    const sandbox = createSandbox();
    const answer = await addFault(sandbox, [{ status: 503 }, { status: 503, apply: 'yes' }]);
    expect(answer.status).to.equal(400);
    expect((await answer.json()).detail).to.equal('Fault 2: apply must be true or false.');
    expect(await (await send(sandbox, 'GET', '/__sandbox/faults')).json()).to.deep.equal([]);
  });
});

describe('sandbox: Retry-After of a fault', () => {
  it('sends whole seconds, a text verbatim (an HTTP date), or no header at all for null', async () => {
    const sandbox = createSandbox();
    const token = await adaToken();
    const date = new Date(Date.now() + 3000).toUTCString();
    const retryAfters: Array<string | null> = [];
    for (const fault of [
      { status: 429 },
      { status: 429, retryAfter: 0 },
      { status: 429, retryAfter: date },
      { status: 429, retryAfter: null },
      { status: 503, retryAfter: 'soon' },
    ]) {
      expect((await addFault(sandbox, fault)).status, JSON.stringify(fault)).to.equal(201);
      const answer = await send(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token });
      retryAfters.push(answer.headers.get('retry-after'));
    }
    expect(retryAfters).to.deep.equal(['1', '0', date, null, 'soon']);
  });

  it('refuses a Retry-After that is negative, fractional, empty, too long or has a line break', async () => {
    const sandbox = createSandbox();
    for (const retryAfter of [-1, 1.5, '', 'x'.repeat(101), 'Mon\r\nX-Injected: 1', true]) {
      expect((await addFault(sandbox, { status: 429, retryAfter })).status, JSON.stringify(retryAfter)).to.equal(400);
    }
  });
});

describe('sandbox: request log timestamps', () => {
  it('stamps each request with when it arrived, on the sandbox’s clock', async () => {
    let clock = Date.parse('2026-11-22T12:00:00Z');
    const sandbox = createSandbox({ now: () => clock });
    const token = await signStorefrontToken({
      merchantPublicId: SANDBOX_MERCHANT.publicId,
      customerId: eligible.customerId,
      hashKey: SANDBOX_MERCHANT.hashKey,
      ts: clock / 1000,
    });
    await send(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token });
    clock += 1250;
    await send(sandbox, 'PATCH', UPGRADE, { token, json: { orders_per_billing: 3 } });
    const [first, second] = await log(sandbox);
    expect(first!.at).to.equal(Date.parse('2026-11-22T12:00:00Z'));
    expect(second!.at - first!.at).to.equal(1250);
  });

  it('stamps arrival, not answer: a slow answer does not move it', () =>
    // The sandbox's clock and its latency are the page's, here a controlled clock's.
    withClock({}, async (clock) => {
      const sandbox = createSandbox();
      const token = await adaToken();
      await addFault(sandbox, { latencyMs: 200 });
      const arrival = clock.now();
      const pending = send(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token });
      await until(() => clock.pending()[0] === 200, 'the answer never waited for its latency');
      clock.advance(200);
      expect((await pending).status).to.equal(200);
      const [entry] = await log(sandbox);
      expect(entry!.at).to.equal(arrival);
      expect(clock.now() - entry!.at).to.equal(200);
    }));
});

describe('sandbox: what a fault may make the sandbox serve', () => {
  // The sandbox may share its origin with a store: anything it can be made to serve, a page of that origin serves.
  it('refuses a body of any type but JSON, which a browser would show as a page or run as a script', async () => {
    const sandbox = createSandbox();
    for (const contentType of [
      'text/html',
      'text/html; charset=utf-8',
      'application/javascript',
      'image/svg+xml',
      'text/plain',
      'application/jsonp',
      'application/json\r\nx: y',
    ]) {
      const answer = await addFault(sandbox, { status: 200, body: '<script>alert(1)</script>', contentType });
      expect(answer.status, contentType).to.equal(400);
      expect((await answer.json()).detail).to.equal(
        'contentType must be a JSON type, such as application/json or application/problem+json.',
      );
    }
    for (const contentType of ['application/json', 'application/problem+json', 'application/vnd.subscriptions+json; charset=utf-8'])
      expect((await addFault(sandbox, { status: 200, body: '{}', contentType })).status, contentType).to.equal(201);
  });

  it('refuses a Location to another origin, which would send the customers of its origin anywhere', async () => {
    const sandbox = createSandbox();
    for (const location of [
      'https://attacker.example/',
      '//attacker.example/',
      '/\\attacker.example/',
      'javascript:alert(1)',
      'subscriptions/',
      ' /x',
    ]) {
      const answer = await addFault(sandbox, { status: 302, location });
      expect(answer.status, location).to.equal(400);
      expect((await answer.json()).detail).to.match(/^location must be a path on the sandbox’s own origin/);
    }
    expect((await addFault(sandbox, { status: 302, location: '/subscriptions/sub_other/' })).status).to.equal(201);
    const answer = await send(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token: await adaToken() });
    expect(answer.status).to.equal(302);
    expect(answer.headers.get('location')).to.equal('/subscriptions/sub_other/');
  });

  it('marks every answer, injected or not, as data that is never sniffed', async () => {
    const sandbox = createSandbox();
    await addFault(sandbox, { status: 200, body: '<html>', contentType: 'application/json' });
    for (const answer of [
      await send(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token: await adaToken() }),
      await send(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token: await adaToken() }),
      await send(sandbox, 'GET', '/__sandbox/info'),
      await send(sandbox, 'GET', '/nowhere'),
    ])
      expect(answer.headers.get('x-content-type-options')).to.equal('nosniff');
  });
});

describe('sandbox: control bodies', () => {
  // Over HTTP, through the mount the test runner uses, so that the Node adapter carries the large bodies too.
  const base = `/sandbox/i/control-${Math.random().toString(36).slice(2, 10)}`;

  it('takes a fault with a 2 MB body and answers it verbatim', async () => {
    const huge = JSON.stringify({ public_id: eligible.id, padding: 'x'.repeat(2 * 1024 * 1024) });
    const queued = await fetch(`${base}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ status: 200, body: huge }) });
    expect(
      queued.status,
      await queued
        .clone()
        .text()
        .then((t) => t.slice(0, 200)),
    ).to.equal(201);
    const answer = await fetch(`${base}/subscriptions/${eligible.id}/`, { headers: { authorization: await adaToken() } });
    expect(answer.status).to.equal(200);
    expect((await answer.text()).length).to.equal(huge.length);
  });

  it('still refuses a control body over 4 MiB with 413', async () => {
    const answer = await fetch(`${base}/__sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ status: 200, body: 'x'.repeat(4 * 1024 * 1024) }),
    });
    expect(answer.status).to.equal(413);
    expect((await answer.json()).detail).to.match(/larger than 4 MiB/);
  });
});
