/**
 * The oldest engines of the supported range (package.json's browserslist, the table of docs/browser-support.md) lack
 * parts of the platform that the widget uses where it can. Each test takes the missing part away from the engine it runs in,
 * exactly as such an engine lacks it, and checks that the customer still gets the whole widget.
 * The CSS side (light-dark()) has its own test in css-fallback.test.ts.
 */
import { expect } from '@open-wc/testing';
import { resolveBaseAddress } from '../../../src/api/base-address.js';
import { createApiClient } from '../../../src/api/client.js';
import { ApiError } from '../../../src/api/errors.js';
import { anySignal } from '../../../src/api/signals.js';
import { mount } from '../../helpers/mount.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession } from '../../helpers/sandbox-session.js';

const eligible = SANDBOX_SUBSCRIPTIONS.eligible.id;

/** Replaces (or, with `undefined`, removes) a property of `target` until the test ends. */
function withoutOrReplaced(target: object, name: string, replacement?: PropertyDescriptor) {
  const original = Object.getOwnPropertyDescriptor(target, name);
  if (replacement) Object.defineProperty(target, name, replacement);
  else delete (target as Record<string, unknown>)[name];
  return () => {
    if (original) Object.defineProperty(target, name, original);
  };
}

async function upgradeOnce(extra: Record<string, string> = {}) {
  const session = await sandboxSession();
  const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, ...extra });
  await m.waitForEvent('prepaid-upgrade-ready');
  m.$<HTMLButtonElement>('[part~=submit]')!.click();
  await m.waitForEvent('prepaid-upgrade-success');
  return m;
}

describe('older engines: no custom states (Safari < 17.4, Firefox < 126)', () => {
  let restore: () => void;
  beforeEach(() => (restore = withoutOrReplaced(ElementInternals.prototype, 'states')));
  afterEach(() => restore());

  it('upgrades as anywhere else, with the state in the `state` property and the events', async () => {
    expect('states' in ElementInternals.prototype, 'the simulation took states away').to.be.false;
    const m = await upgradeOnce();
    expect(m.el.state).to.equal('success');
    expect(m.eventsOf('prepaid-upgrade-error')).to.deep.equal([]);
  });
});

describe('older engines: custom states named `--x` only (Chrome 90–124)', () => {
  let restore: () => void;
  beforeEach(() => {
    const add = CustomStateSet.prototype.add;
    restore = withoutOrReplaced(CustomStateSet.prototype, 'add', {
      configurable: true,
      writable: true,
      // What those versions do with a name that does not start with `--`.
      value(this: CustomStateSet, state: string) {
        if (!state.startsWith('--')) throw new DOMException(`The specified value '${state}' must start with '--'.`, 'SyntaxError');
        return add.call(this, state);
      },
    });
  });
  afterEach(() => restore());

  it('shows each state in the `--` form, one at a time', async () => {
    const session = await sandboxSession();
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(m.el.matches(':state(--ready)')).to.be.true;
    m.$<HTMLButtonElement>('[part~=submit]')!.click();
    await m.waitForEvent('prepaid-upgrade-success');
    await m.el.updateComplete;
    expect(m.el.matches(':state(--success)')).to.be.true;
    expect(m.el.matches(':state(--ready)')).to.be.false;
    expect(m.eventsOf('prepaid-upgrade-error')).to.deep.equal([]);
  });
});

describe('older engines: no AbortSignal.any (Chrome < 116, Firefox < 124, Safari < 17.4)', () => {
  let restore: () => void;
  beforeEach(() => (restore = withoutOrReplaced(AbortSignal, 'any')));
  afterEach(() => restore());

  it('combines signals: the first to abort decides, with its reason, and an aborted one at once', () => {
    expect('any' in AbortSignal, 'the simulation took AbortSignal.any away').to.be.false;
    const first = new AbortController();
    const second = new AbortController();
    const combined = anySignal([first.signal, second.signal]);
    expect(combined.aborted).to.be.false;
    second.abort('second');
    first.abort('first');
    expect(combined.aborted).to.be.true;
    expect(combined.reason).to.equal('second');
    expect(anySignal([new AbortController().signal, AbortSignal.abort('already')]).reason).to.equal('already');
  });

  it('still gives up after the time limit, and still lets the caller abort', async () => {
    const session = await sandboxSession();
    const client = createApiClient({
      baseAddress: resolveBaseAddress({ apiBase: session.apiBase, pageUrl: location.href }),
      credentials: { authorization: async () => session.token },
      maxAttempts: 1,
      timeoutMs: 150,
    });
    await session.fault({ latencyMs: 3000, count: 2 });
    const caller = new AbortController();
    const timedOut = await client.getSubscription(eligible, { signal: caller.signal }).catch((error: unknown) => error);
    expect(timedOut).to.be.instanceOf(ApiError);
    expect(timedOut).to.include({ kind: 'timeout' });

    const reason = new Error('the customer left the page');
    const pending = client.getSubscription(eligible, { signal: caller.signal }).catch((error: unknown) => error);
    caller.abort(reason);
    expect(await pending).to.equal(reason);
  });

  it('upgrades as anywhere else', async () => {
    const m = await upgradeOnce();
    expect(m.el.state).to.equal('success');
  });
});
