/** Theme developers get every part of the contract, working slots and custom properties, and no layout shift. */
import { expect, fixture, html } from '@open-wc/testing';
import { SANDBOX_DISCOVERY } from '../../../src/sandbox/index.js';
import { mount } from '../../helpers/mount.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession } from '../../helpers/sandbox-session.js';

const eligible = SANDBOX_SUBSCRIPTIONS.eligible.id;

/** The parts the element documents (`@csspart` in its header), as the built custom-elements.json lists them. */
async function documentedParts(): Promise<string[]> {
  const answer = await fetch('/custom-elements.json');
  expect(answer.status, 'custom-elements.json is built (npm run build)').to.equal(200);
  const manifest = (await answer.json()) as {
    modules: Array<{ declarations?: Array<{ tagName?: string; cssParts?: Array<{ name: string }> }> }>;
  };
  const element = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .find((declaration) => declaration.tagName === 'prepaid-upgrade');
  return (element?.cssParts ?? []).map((part) => part.name);
}

describe('parts', () => {
  it('renders every documented part, each in a state that shows it, and no other', async () => {
    const documented = await documentedParts();
    expect(documented, 'the manifest lists the parts').to.include.members(['base', 'picker', 'savings', 'retry']);
    const seen = new Set<string>();
    const collect = (root: ShadowRoot) =>
      root.querySelectorAll('[part]').forEach((node) =>
        node
          .getAttribute('part')!
          .split(/\s+/)
          .forEach((p) => seen.add(p)),
      );
    // The form with a discount: its savings badges.
    const session = await sandboxSession();
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, 'prepaid-discounts': '6:10' });
    await m.waitForState('ready');
    collect(m.shadow);
    // A refused upgrade, then a success with the management form under it.
    await session.fault({ status: 429, retryAfter: 0, count: 4, method: 'PATCH' });
    await m.el.upgrade();
    collect(m.shadow);
    await m.el.upgrade();
    collect(m.shadow);
    // The retry button is a failed read's: one that fails four times (a new time limit makes a new read).
    const fresh = await sandboxSession();
    const other = await mount({ 'subscription-id': eligible, 'api-base': fresh.apiBase, token: fresh.token });
    await other.waitForState('ready');
    await fresh.fault({ status: 500, method: 'GET', path: `/subscriptions/${eligible}/`, count: 4 });
    other.el.timeout = 4000;
    await other.waitForState('error');
    collect(other.shadow);
    // Without subscription-id, for a customer with several subscriptions that can be prepaid: the picker.
    const discovery = await sandboxSession({ customerId: SANDBOX_DISCOVERY.customerId });
    const picking = await mount({ 'api-base': discovery.apiBase, token: discovery.token });
    await picking.waitForEvent('prepaid-upgrade-ready');
    expect(picking.$('[part~=picker]'), 'the picker is shown').not.to.equal(null);
    collect(picking.shadow);
    expect([...seen].sort()).to.deep.equal([...documented].sort());
  });
});

describe('custom properties', () => {
  it('restyle the widget from outside', async () => {
    const session = await sandboxSession();
    const m = await mount({
      'subscription-id': eligible,
      'api-base': session.apiBase,
      token: session.token,
      style: '--prepaid-upgrade-accent: rgb(200, 0, 100); --prepaid-upgrade-radius: 0px; --prepaid-upgrade-font: monospace',
    });
    await m.waitForState('ready');
    const submit = getComputedStyle(m.$('[part~=submit]')!);
    expect(submit.backgroundColor).to.equal('rgb(200, 0, 100)');
    expect(submit.borderTopLeftRadius).to.equal('0px');
    expect(getComputedStyle(m.$('[part~=base]')!).fontFamily).to.equal('monospace');
  });

  it('follow a dark color-scheme', async () => {
    const session = await sandboxSession();
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, style: 'color-scheme: dark' });
    await m.waitForState('ready');
    expect(getComputedStyle(m.$('[part~=base]')!).backgroundColor).to.equal('rgb(17, 24, 39)');
    expect(getComputedStyle(m.$('[part~=base]')!).color).to.equal('rgb(229, 231, 235)');
  });
});

describe('slots', () => {
  it('take the page own heading, description, terms and success content', async () => {
    const session = await sandboxSession();
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    container.innerHTML = `<prepaid-upgrade subscription-id="${eligible}" api-base="${session.apiBase}">
        <h3 slot="heading">Save 10% with prepay</h3>
        <p slot="description">Our best price.</p>
        <p slot="terms">By prepaying you accept our terms.</p>
        <p slot="success">See you at your next delivery!</p>
      </prepaid-upgrade>`;
    const el = container.querySelector('prepaid-upgrade')!;
    el.token = session.token;
    await new Promise<void>((resolve) => el.addEventListener('prepaid-upgrade-ready', () => resolve(), { once: true }));
    const assigned = (name: string) =>
      el
        .shadowRoot!.querySelector<HTMLSlotElement>(`slot[name=${name}]`)!
        .assignedElements()
        .map((node) => node.textContent);
    expect(assigned('heading')).to.deep.equal(['Save 10% with prepay']);
    expect(assigned('description')).to.deep.equal(['Our best price.']);
    expect(assigned('terms')).to.deep.equal(['By prepaying you accept our terms.']);
    await el.upgrade();
    expect(assigned('success')).to.deep.equal(['See you at your next delivery!']);
  });
});

describe('first render', () => {
  it('holds its room in the task that inserts it, and draws the placeholder in a task of its own', async () => {
    const session = await sandboxSession();
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const el = document.createElement('prepaid-upgrade');
    el.setAttribute('subscription-id', eligible);
    el.setAttribute('api-base', session.apiBase);
    el.setAttribute('token', session.token);
    container.append(el);
    expect(el.state).to.equal('loading');
    expect(el.matches(':state(loading)')).to.be.true;
    expect(el.getBoundingClientRect().height, 'the room, at once').to.be.closeTo(innerHeight, 1);
    await Promise.resolve();
    expect(el.shadowRoot?.querySelector('.placeholder'), 'not drawn in the inserting task').to.equal(null);
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('.placeholder'), 'drawn in the next').not.to.equal(null);
    expect(el.getBoundingClientRect().height).to.be.closeTo(innerHeight, 1);
  });
});
