/**
 * Without `subscription-id`, the element finds the signed-in customer's subscriptions itself (docs/discovery.md),
 * against the real sandbox: several upgradeable → the picker, then the form of the one chosen with a way
 * back; one → the form at once; none → `ineligible`; prepaid ones offered for management; and switching between
 * discovery and a given id.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { Subscription } from '../../../src/api/schemas.js';
import { pickerEn } from '../../../src/discovery/texts.js';
import { en } from '../../../src/i18n/en.js';
import { SANDBOX_DISCOVERY } from '../../../src/sandbox/index.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../../helpers/sandbox-session.js';

const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const ids = (subscriptions: Subscription[]) => subscriptions.map((subscription) => subscription.public_id);

const HEDY = SANDBOX_DISCOVERY.customerId;
const [MORNING_ROAST, COLD_BREW, EARL_GREY] = SANDBOX_DISCOVERY.upgradeable;
const [ESPRESSO] = SANDBOX_DISCOVERY.prepaid;
/** Ada: one upgradeable subscription (coffee), one prepaid (tea), one cancelled, one on a product that cannot be prepaid. */
const ADA = SANDBOX_SUBSCRIPTIONS.eligible.customerId;
/** Katherine has no subscription at all. */
const KATHERINE = 'cus_katherine';

type Session = Mounted & { session: SandboxSession };

/** The element without `subscription-id`, for `customerId`, once it has told the page it is ready. */
async function discoverFor(customerId: string, attributes: Record<string, string> = {}): Promise<Session> {
  const session = await sandboxSession({ customerId });
  const m = await mount({ 'api-base': session.apiBase, token: session.token, ...attributes });
  await m.waitForEvent('prepaid-upgrade-ready');
  return { ...m, session };
}

const pickerRadios = (m: Mounted) => m.$$<HTMLInputElement>('[part~=picker] input[type=radio]');
const labelOf = (m: Mounted, radio: HTMLInputElement) => text(m.$(`label[for="${radio.id}"]`));
const hintOf = (m: Mounted, radio: HTMLInputElement) => text(m.$(`#${radio.getAttribute('aria-describedby')}`));
const continueButton = (m: Mounted) => m.$<HTMLButtonElement>('[part~=picker] button')!;
const backButton = (m: Mounted) => m.$<HTMLButtonElement>('button.back');

/** Picks `id` in the picker and presses Continue, as a customer does. */
async function choose(m: Mounted, id: string): Promise<void> {
  pickerRadios(m)
    .find((radio) => radio.value === id)!
    .click();
  await m.el.updateComplete;
  continueButton(m).click();
  await m.el.updateComplete;
}

describe('<prepaid-upgrade> without subscription-id: several subscriptions can be prepaid', () => {
  it('asks which, in a picker of native radios: product, price per order and how often it ships', async () => {
    const m = await discoverFor(HEDY, { 'manage-renewal': 'false' });
    expect(m.el.state).to.equal('ready');
    expect(m.el.subscription).to.equal(undefined);
    const ready = m.eventsOf('prepaid-upgrade-ready');
    expect(ready).to.have.length(1);
    expect(ready[0]!.detail.subscription).to.equal(null);
    expect(ids(ready[0]!.detail.candidates)).to.deep.equal([MORNING_ROAST, COLD_BREW, EARL_GREY]);

    const picker = m.$('[part~=picker]')!;
    expect(picker.tagName).to.equal('FIELDSET');
    expect(text(picker.querySelector('legend'))).to.equal(pickerEn.pickerLegend);
    const radios = pickerRadios(m);
    expect(radios.map((radio) => radio.value)).to.deep.equal([MORNING_ROAST, COLD_BREW, EARL_GREY]);
    expect(radios.map((radio) => radio.checked)).to.deep.equal([true, false, false]);
    expect(labelOf(m, radios[0]!)).to.equal('Morning Roast Coffee, 12 oz');
    expect(hintOf(m, radios[0]!)).to.equal('Every 4 weeks, $12.50 per order');
    expect(hintOf(m, radios[1]!)).to.equal('Every 2 weeks, $15.00 per order');
    // The product's picture, decorative: the name beside it says it.
    const image = m.$<HTMLImageElement>(`label[for="${radios[0]!.id}"] img`)!;
    expect(image.getAttribute('alt')).to.equal('');
    expect(image.src).to.match(/^data:image\/svg\+xml,/);
    // The continue button is inside the part; no upgrade form yet, and nothing to go back to.
    expect(continueButton(m).type).to.equal('submit');
    expect(text(continueButton(m))).to.equal(pickerEn.pickerContinue);
    expect(m.$('[part~=form]')).to.equal(null);
    expect(m.$('[part~=product]')).to.equal(null);
    expect(backButton(m)).to.equal(null);
  });

  it('finds them on every page of the listing, and reads each product once', async () => {
    const m = await discoverFor(HEDY);
    const log = await m.session.requests();
    const listings = log.filter((r) => r.path === '/subscriptions/');
    expect(listings).to.have.length(2);
    expect(listings.every((r) => new URLSearchParams(r.search).get('live') === 'true')).to.be.true;
    const products = log.filter((r) => r.path.startsWith('/products/')).map((r) => r.path);
    expect(new Set(products).size).to.equal(products.length);
    expect(log.filter((r) => r.method !== 'GET')).to.deep.equal([]);
  });

  it('shows the chosen one’s form, then goes back to the picker with that one picked, and upgrades another', async () => {
    const m = await discoverFor(HEDY, { 'manage-renewal': 'false' });
    await choose(m, COLD_BREW);
    expect(m.el.state).to.equal('ready');
    expect(m.el.subscription?.public_id).to.equal(COLD_BREW);
    expect(m.$('[part~=picker]')).to.equal(null);
    expect(m.$('[part~=form]')).to.not.equal(null);
    expect(text(m.$('[part~=product]'))).to.contain('$15.00');
    // The page hears what is shown now.
    const ready = await m.waitForEvent('prepaid-upgrade-ready', 2);
    expect(ready.detail.subscription.public_id).to.equal(COLD_BREW);
    expect(ids(ready.detail.candidates)).to.deep.equal([MORNING_ROAST, COLD_BREW, EARL_GREY]);
    // The customer asked: focus moves to the form.
    await waitUntil(() => (m.shadow.activeElement as HTMLInputElement | null)?.name === 'orders', 'focus did not move to the form');

    expect(text(backButton(m))).to.equal(pickerEn.pickerBack);
    backButton(m)!.click();
    await m.el.updateComplete;
    expect(m.el.state).to.equal('ready');
    expect(m.el.subscription).to.equal(undefined);
    expect(m.$('[part~=form]')).to.equal(null);
    expect(pickerRadios(m).find((radio) => radio.checked)?.value).to.equal(COLD_BREW);
    await waitUntil(() => (m.shadow.activeElement as HTMLInputElement | null)?.value === COLD_BREW, 'focus did not return to the picker');

    await choose(m, EARL_GREY);
    m.$<HTMLButtonElement>('[part~=submit]')!.click();
    const success = await m.waitForEvent('prepaid-upgrade-success');
    expect(success.detail.subscription.public_id).to.equal(EARL_GREY);
    const submit = m.eventsOf('prepaid-upgrade-submit');
    expect(submit.map((event) => event.detail.subscriptionId)).to.deep.equal([EARL_GREY]);
    const patches = (await m.session.requests()).filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => r.path)).to.deep.equal([`/subscriptions/${EARL_GREY}/upgrade_to_prepaid/`]);
  });

  it('after an upgrade, goes back to a picker that no longer offers the upgraded one (management off)', async () => {
    const m = await discoverFor(HEDY, { 'manage-renewal': 'false' });
    await choose(m, MORNING_ROAST);
    await m.el.upgrade();
    expect(m.el.state).to.equal('success');
    backButton(m)!.click();
    await m.el.updateComplete;
    expect(pickerRadios(m).map((radio) => radio.value)).to.deep.equal([COLD_BREW, EARL_GREY]);
  });

  it('after an upgrade, goes back to a picker that offers the upgraded one for management', async () => {
    const m = await discoverFor(HEDY);
    await choose(m, MORNING_ROAST);
    await m.el.upgrade();
    backButton(m)!.click();
    await m.el.updateComplete;
    expect(pickerRadios(m).map((radio) => radio.value)).to.deep.equal([COLD_BREW, EARL_GREY]);
    const prepaidNames = m
      .$$<HTMLButtonElement>('section[aria-labelledby] button')
      .map((button) => text(m.$(`#${button.getAttribute('aria-describedby')}`)));
    expect(prepaidNames).to.deep.equal(['Espresso Blend, 500 g', 'Swiss Water Decaf, 12 oz', 'Morning Roast Coffee, 12 oz']);
  });

  it('offers the prepaid ones for management below the picker, a button each, and changes the one chosen', async () => {
    const m = await discoverFor(HEDY);
    // The question is about what can be prepaid: a radio for each upgradeable one only.
    expect(pickerRadios(m).map((radio) => radio.value)).to.deep.equal([MORNING_ROAST, COLD_BREW, EARL_GREY]);
    const section = m.$('section[aria-labelledby]')!;
    expect(text(m.$(`#${section.getAttribute('aria-labelledby')}`))).to.equal(pickerEn.pickerPrepaid);
    const buttons = [...section.querySelectorAll<HTMLButtonElement>('button')];
    expect(buttons.map((button) => text(button))).to.deep.equal([en.manageLegend, en.manageLegend]);
    // Each button is described by its subscription's product, for a screen reader moving from button to button.
    expect(buttons.map((button) => text(m.$(`#${button.getAttribute('aria-describedby')}`)))).to.deep.equal([
      'Espresso Blend, 500 g',
      'Swiss Water Decaf, 12 oz',
    ]);
    expect(text(section)).to.contain('Every 4 weeks, $11.90 per order');
    // `candidates` are the upgradeable ones only.
    expect(ids(m.eventsOf('prepaid-upgrade-ready')[0]!.detail.candidates)).to.deep.equal([MORNING_ROAST, COLD_BREW, EARL_GREY]);

    buttons[0]!.click();
    await m.el.updateComplete;
    expect(m.el.state).to.equal('prepaid');
    expect(m.el.subscription?.public_id).to.equal(ESPRESSO);
    const ready = await m.waitForEvent('prepaid-upgrade-ready', 2);
    expect(ready.detail.subscription.public_id).to.equal(ESPRESSO);
    m.$<HTMLInputElement>('[part~=manage] input[value=cancel]')!.click();
    await m.el.updateComplete;
    m.$<HTMLButtonElement>('[part~=manage-submit]')!.click();
    const changed = await m.waitForEvent('prepaid-upgrade-renewal-change');
    expect(changed.detail.subscription.public_id).to.equal(ESPRESSO);
    const patches = (await m.session.requests()).filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => r.path)).to.deep.equal([`/subscriptions/${ESPRESSO}/change_renewal_behavior/`]);

    // Back and there again: the change is still there, read from what the service answered.
    backButton(m)!.click();
    await m.el.updateComplete;
    expect(m.el.state).to.equal('ready');
    m.$$<HTMLButtonElement>('section[aria-labelledby] button')[0]!.click();
    await m.el.updateComplete;
    expect(m.$<HTMLInputElement>('[part~=manage] input:checked')?.value).to.equal('cancel');
    expect(m.$$<HTMLButtonElement>('section[aria-labelledby] button')).to.have.length(0);
  });

  it('describes a radio only by what is known: no price and no frequency, no hint', async () => {
    const session = await sandboxSession({ customerId: HEDY });
    const plain = (id: string) => ({
      public_id: id,
      product: 'prod_plain',
      live: true,
      cancelled: null,
      prepaid_subscription_context: null,
    });
    await session.fault({
      method: 'GET',
      path: '/subscriptions/',
      status: 200,
      body: JSON.stringify({ results: [plain('sub_plain_1'), plain('sub_plain_2')], paging: { next: null } }),
    });
    await session.fault({
      method: 'GET',
      path: '/products/prod_plain/',
      status: 200,
      body: JSON.stringify({ name: 'Plain', prepaid_eligible: true }),
    });
    const m = await mount({ 'api-base': session.apiBase, token: session.token });
    await m.waitForEvent('prepaid-upgrade-ready');
    const radios = pickerRadios(m);
    expect(radios.map((radio) => radio.value)).to.deep.equal(['sub_plain_1', 'sub_plain_2']);
    expect(radios.map((radio) => radio.hasAttribute('aria-describedby'))).to.deep.equal([false, false]);
    expect(m.$$('[part~=picker] [part~=hint]')).to.have.length(0);
  });

  it('says so when some subscriptions could not be checked, and offers the others', async () => {
    const session = await sandboxSession({ customerId: HEDY });
    await session.fault({ method: 'GET', path: '/products/prod_cold_brew/', status: 500, count: 5 });
    const m = await mount({ 'api-base': session.apiBase, token: session.token, 'manage-renewal': 'false' });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(pickerRadios(m).map((radio) => radio.value)).to.deep.equal([MORNING_ROAST, EARL_GREY]);
    expect(text(m.$('[part~=picker]'))).to.contain(pickerEn.uncheckedSubscriptions(1));
  });
});

describe('<prepaid-upgrade> without subscription-id: one, or none', () => {
  it('shows the form at once when one subscription can be prepaid, with no way back', async () => {
    const m = await discoverFor(ADA, { 'manage-renewal': 'false' });
    expect(m.el.state).to.equal('ready');
    expect(m.$('[part~=picker]')).to.equal(null);
    expect(m.$('[part~=form]')).to.not.equal(null);
    expect(backButton(m)).to.equal(null);
    const ready = m.eventsOf('prepaid-upgrade-ready')[0]!;
    expect(ready.detail.subscription.public_id).to.equal(SANDBOX_SUBSCRIPTIONS.eligible.id);
    expect(ids(ready.detail.candidates)).to.deep.equal([SANDBOX_SUBSCRIPTIONS.eligible.id]);
    await m.el.upgrade();
    expect(m.el.state).to.equal('success');
    expect(text(m.$('[part~=product]'))).to.contain('Morning Roast');
    expect(backButton(m)).to.equal(null);
  });

  it('with management on, shows the one upgradeable at once, and the prepaid one through the way back', async () => {
    const m = await discoverFor(ADA);
    expect(m.el.state).to.equal('ready');
    expect(m.el.subscription?.public_id).to.equal(SANDBOX_SUBSCRIPTIONS.eligible.id);
    expect(m.$('[part~=form]')).to.not.equal(null);
    backButton(m)!.click();
    await m.el.updateComplete;
    expect(pickerRadios(m).map((radio) => radio.value)).to.deep.equal([SANDBOX_SUBSCRIPTIONS.eligible.id]);
    expect(pickerRadios(m)[0]!.checked).to.be.true;
    m.$<HTMLButtonElement>('section[aria-labelledby] button')!.click();
    await m.el.updateComplete;
    expect(m.el.state).to.equal('prepaid');
    expect(m.el.subscription?.public_id).to.equal(SANDBOX_SUBSCRIPTIONS.prepaid.id);
  });

  it('with nothing to prepay and two prepaid, offers both, and focus stays with them on the way back', async () => {
    const session = await sandboxSession({ customerId: HEDY });
    // Hedy's three upgradeable subscriptions are on three products: none of them can be read.
    for (const product of ['prod_morning_roast', 'prod_cold_brew', 'prod_earl_grey']) {
      await session.fault({ method: 'GET', path: `/products/${product}/`, status: 404, count: 5 });
    }
    const m = await mount({ 'api-base': session.apiBase, token: session.token });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(m.el.state).to.equal('ready');
    expect(m.$('[part~=picker]')).to.equal(null);
    expect(text(m.$('section[aria-labelledby]'))).to.contain(pickerEn.pickerPrepaid);
    m.$<HTMLButtonElement>('section[aria-labelledby] button')!.click();
    await m.el.updateComplete;
    expect(m.el.state).to.equal('prepaid');
    backButton(m)!.click();
    await waitUntil(() => m.shadow.activeElement?.closest('section') != null, 'focus did not stay in the offers');
  });

  it('shows the only prepaid one at once when none can be upgraded', async () => {
    const session = await sandboxSession({ customerId: ADA });
    await session.fault({ method: 'GET', path: '/products/prod_morning_roast/', status: 404, count: 5 });
    const m = await mount({ 'api-base': session.apiBase, token: session.token });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(m.el.state).to.equal('prepaid');
    expect(m.el.subscription?.public_id).to.equal(SANDBOX_SUBSCRIPTIONS.prepaid.id);
    expect(backButton(m)).to.equal(null);
  });

  it('is ineligible, saying the customer has no subscription and what then, for a customer without any', async () => {
    const m = await discoverFor(KATHERINE);
    expect(m.el.state).to.equal('ineligible');
    expect(m.el.matches(':state(ineligible)')).to.be.true;
    expect(text(m.$('[part~=heading]'))).to.equal(en.stateHeading('ineligible'));
    expect(text(m.$('[part~=notice]'))).to.equal(
      `${en.ineligible('no-subscriptions', undefined)} ${en.ineligibleNext('no-subscriptions')}`,
    );
    expect(text(m.$('[part~=notice]'))).to.equal(
      'You have no active subscriptions with this store. Once you subscribe to a product, you can prepay its orders here.',
    );
    expect(text(m.$('[part~=status]'))).to.equal(en.ineligible('no-subscriptions', undefined));
    expect(m.$('[part~=picker]')).to.equal(null);
    expect(m.$('[part~=savings]')).to.equal(null);
    const ready = m.eventsOf('prepaid-upgrade-ready')[0]!;
    expect(ready.detail).to.deep.equal({ subscription: null, candidates: [], nextOrder: undefined });
  });

  it('says why none can be prepaid when they all share the reason', async () => {
    const session = await sandboxSession({ customerId: SANDBOX_SUBSCRIPTIONS.eligibleEur.customerId });
    const product = { public_id: 'espresso', name: 'Espresso', price: '9.00', prepaid_eligible: false, live: true };
    await session.fault({ method: 'GET', path: '/products/', status: 200, body: JSON.stringify(product), count: 5 });
    const m = await mount({ 'api-base': session.apiBase, token: session.token });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(m.el.state).to.equal('ineligible');
    expect(text(m.$('[part~=notice]'))).to.equal(
      `${en.ineligible('none-upgradeable', undefined)} ${en.noneBecause('product-not-eligible')} ${en.ineligibleNext('none-upgradeable')}`,
    );
    expect(text(m.$('[part~=status]'))).to.equal(en.ineligible('none-upgradeable', undefined));
    expect(m.$('[part~=savings]')).to.equal(null);
  });

  it('is ineligible when the only ones left are prepaid and management is off', async () => {
    const session = await sandboxSession({ customerId: ADA });
    await session.fault({ method: 'GET', path: '/products/prod_morning_roast/', status: 404, count: 5 });
    const m = await mount({ 'api-base': session.apiBase, token: session.token, 'manage-renewal': 'false' });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(m.el.state).to.equal('ineligible');
    expect(text(m.$('[part~=notice]'))).to.contain(en.ineligible('none-upgradeable', undefined));
    expect(text(m.$('[part~=notice]'))).to.contain(pickerEn.uncheckedSubscriptions(1));
  });
});

describe('<prepaid-upgrade> without subscription-id: loading, failing, switching', () => {
  it('announces that it is looking for the customer’s subscriptions', async () => {
    const session = await sandboxSession({ customerId: HEDY });
    await session.fault({ method: 'GET', path: '/subscriptions/', latencyMs: 400 });
    const m = await mount({ 'api-base': session.apiBase, token: session.token });
    expect(m.el.state).to.equal('loading');
    expect(text(m.$('[part~=status]'))).to.equal(en.finding);
    await m.waitForEvent('prepaid-upgrade-ready');
  });

  it('fails the load when the listing fails, and finds them again on retry', async () => {
    const session = await sandboxSession({ customerId: HEDY });
    await session.fault({ method: 'GET', path: '/subscriptions/', status: 500 });
    const m = await mount({ 'api-base': session.apiBase, token: session.token });
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.deep.include({ phase: 'load', status: 500, retryable: true });
    expect(m.el.state).to.equal('error');
    m.$<HTMLButtonElement>('[part~=retry]')!.click();
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(pickerRadios(m)).to.have.length(3);
  });

  it('keeps the chosen subscription when the subscriptions are read again after a failed upgrade', async () => {
    const m = await discoverFor(HEDY);
    await choose(m, EARL_GREY);
    await m.session.fault({ method: 'PATCH', status: 404 });
    await m.el.upgrade();
    expect(m.el.state).to.equal('error');
    // A new connection (here a new time limit) reads them again.
    m.el.timeout = 5000;
    await waitUntil(() => m.el.state === 'ready' && m.el.subscription?.public_id === EARL_GREY, 'the chosen one was not shown again');
    expect(m.$('[part~=form]')).to.not.equal(null);
  });

  it('switches to the subscription given later, and back to discovery when it is removed', async () => {
    const m = await discoverFor(HEDY);
    m.el.setAttribute('subscription-id', COLD_BREW);
    await waitUntil(() => m.el.subscription?.public_id === COLD_BREW && m.el.state === 'ready', 'the given subscription was not shown');
    expect(m.$('[part~=picker]')).to.equal(null);
    expect(backButton(m)).to.equal(null);
    const reads = (await m.session.requests()).filter((r) => r.path === `/subscriptions/${COLD_BREW}/`);
    expect(reads).to.have.length(1);

    m.el.removeAttribute('subscription-id');
    await waitUntil(() => m.$('[part~=picker]') !== null, 'the picker did not come back');
    expect(m.el.subscription).to.equal(undefined);
    expect(pickerRadios(m)).to.have.length(3);
  });

  it('treats a blank subscription-id as none', async () => {
    const m = await discoverFor(HEDY, { 'subscription-id': '  ' });
    expect(m.$('[part~=picker]')).to.not.equal(null);
  });
});
