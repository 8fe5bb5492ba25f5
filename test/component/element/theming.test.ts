/** Theme developers get every part of the contract, working slots and custom properties, and no layout shift. */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { contrast } from '../../helpers/colours.js';
import { SANDBOX_DISCOVERY } from '../../../src/sandbox/index.js';
import { mount, type Mounted } from '../../helpers/mount.js';
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
    const collect = (root: ShadowRoot) => root.querySelectorAll('[part]').forEach((node) => node.part.forEach((name) => seen.add(name)));
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
    // A prepaid subscription: its terms in a notice, and the line that confirms a saved change.
    const prepaid = await mount({ 'subscription-id': SANDBOX_SUBSCRIPTIONS.prepaid.id, 'api-base': session.apiBase, token: session.token });
    await prepaid.waitForState('prepaid');
    prepaid.$<HTMLInputElement>('[part~=manage] input[value="cancel"]')!.click();
    await prepaid.el.updateComplete;
    prepaid.$<HTMLButtonElement>('[part~=manage-submit]')!.click();
    await prepaid.waitForEvent('prepaid-upgrade-renewal-change');
    await prepaid.el.updateComplete;
    collect(prepaid.shadow);
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

/** A style sheet of the page's own, as a theme is, for the rest of one test. */
async function pageStyle(css: string): Promise<void> {
  const style = await fixture<HTMLStyleElement>(html`<style></style>`);
  style.textContent = css;
}

/** The form, with the store's discounts so that every text of a choice is shown. */
async function mountForm(style = ''): Promise<Mounted> {
  const session = await sandboxSession();
  const m = await mount({
    'subscription-id': eligible,
    'api-base': session.apiBase,
    token: session.token,
    'prepaid-discounts': '3:5,6:10',
    style,
  });
  await m.waitForState('ready');
  return m;
}

/** The sizes a customer sees, in px: each text's, a radio's, the button's height and the card's padding. */
function sizes(m: Mounted): Record<string, string> {
  const of = (selector: string, property: string) => getComputedStyle(m.$(selector)!).getPropertyValue(property);
  return {
    host: getComputedStyle(m.el).fontSize,
    heading: of('[part~=heading]', 'font-size'),
    description: of('[part~=description]', 'font-size'),
    legend: of('[part~=legend]', 'font-size'),
    hint: of('[part~=hint]', 'font-size'),
    wasPrice: of('[part~=was-price]', 'font-size'),
    perOrder: of('[part~=per-order]', 'font-size'),
    headerSavings: of('[part~=header-savings]', 'font-size'),
    summaryHeading: of('[part~=summary-heading]', 'font-size'),
    radio: of('[part~=radio]', 'inline-size'),
    submit: of('[part~=submit]', 'min-block-size'),
    padding: of('[part~=base]', 'padding-top'),
  };
}

describe('one type scale', () => {
  afterEach(() => document.documentElement.style.removeProperty('font-size'));

  it('reads the same under a 62.5% root as under the browser’s, at the customer’s preferred size', async () => {
    const m = await mountForm();
    const preferred = await fixture<HTMLDivElement>(html`<div style="font-size: medium"></div>`);
    const atBrowsersRoot = sizes(m);
    expect(atBrowsersRoot.host, 'the customer’s preferred size').to.equal(getComputedStyle(preferred).fontSize);
    document.documentElement.style.fontSize = '62.5%';
    expect(sizes(m)).to.deep.equal(atBrowsersRoot);
    // The page's own text, in rem, did shrink.
    expect(parseFloat(getComputedStyle(document.documentElement).fontSize)).to.be.below(parseFloat(atBrowsersRoot.host));
  });

  it('scales every size with --prepaid-upgrade-font-size alone', async () => {
    const m = await mountForm('--prepaid-upgrade-font-size: 20px');
    expect(sizes(m)).to.deep.equal({
      host: '20px',
      heading: '25px',
      description: '20px',
      legend: '20px',
      hint: '17.5px',
      wasPrice: '17.5px',
      perOrder: '17.5px',
      headerSavings: '17.5px',
      summaryHeading: '20px',
      radio: '30px',
      submit: '55px',
      padding: '20px',
    });
  });
});

describe('the choices’ controls', () => {
  it('mark the row of the checked radio chosen, one per group, as the customer picks', async () => {
    const m = await mountForm();
    await pageStyle('prepaid-upgrade::part(orders-option chosen) { outline: 2px solid rgb(1, 2, 3) }');
    const chosen = () =>
      m.$$('[part~=chosen]').map((row) => [row.getAttribute('part')!.split(/\s+/)[0], row.querySelector('input')!.value]);
    expect(chosen()).to.deep.equal([
      ['orders-option', '3'],
      ['renewal-option', 'autorenew'],
    ]);
    m.$<HTMLInputElement>('[part~=orders-option] input[value="6"]')!.click();
    await m.el.updateComplete;
    expect(chosen()).to.deep.equal([
      ['orders-option', '6'],
      ['renewal-option', 'autorenew'],
    ]);
    const outlines = m.$$('[part~=orders-option]').map((row) => getComputedStyle(row).outlineColor);
    expect(outlines[1], 'the page’s rule reaches the chosen row').to.equal('rgb(1, 2, 3)');
    expect(outlines.filter((color) => color === 'rgb(1, 2, 3)')).to.have.length(1);
  });

  it('let a theme size the radios, and set the focus ring’s colour, width and offset', async () => {
    const m = await mountForm(
      '--prepaid-upgrade-focus-ring: rgb(1, 2, 3); --prepaid-upgrade-focus-ring-width: 5px; --prepaid-upgrade-focus-ring-offset: 4px',
    );
    await pageStyle('prepaid-upgrade::part(radio) { inline-size: 20px; block-size: 20px }');
    await sendKeys({ press: 'Tab' });
    const focused = m.shadow.activeElement!;
    expect(focused.part.contains('radio'), 'Tab lands on the chosen radio').to.be.true;
    const ring = getComputedStyle(focused);
    expect([ring.width, ring.outlineColor, ring.outlineWidth, ring.outlineOffset]).to.deep.equal(['20px', 'rgb(1, 2, 3)', '5px', '4px']);
  });
});

describe('colour roles', () => {
  it('give the text on the accent and the summary’s bar properties of their own', async () => {
    const m = await mountForm('--prepaid-upgrade-accent-text: rgb(1, 2, 3); --prepaid-upgrade-summary-bar: rgb(4, 5, 6)');
    expect(getComputedStyle(m.$('[part~=submit]')!).color).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(m.$('[part~=header-savings]')!).color).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(m.$('[part~=summary]')!).borderInlineStartColor).to.equal('rgb(4, 5, 6)');
  });

  it('put black or white on any accent, whichever contrasts more: at least 4.5:1', async () => {
    const m = await mountForm();
    // Accents on both sides of the point where black and white contrast alike (a luminance of 0.179), and a spread.
    const accents = [
      '#7c5cff',
      '#767676',
      '#777777',
      '#808080',
      '#1d4ed8',
      '#93c5fd',
      '#0f766e',
      '#ff0000',
      '#00ff00',
      '#0000ff',
      '#ffcc00',
    ];
    for (let seed = 1; accents.length < 60; seed = (seed * 48271) % 2147483647)
      accents.push(`#${(seed % 0xffffff).toString(16).padStart(6, '0')}`);
    const engineHasContrastColor = CSS.supports('color', 'contrast-color(red)');
    for (const accent of accents) {
      m.el.style.setProperty('--prepaid-upgrade-accent', accent);
      for (const part of ['submit', 'header-savings', 'choice-savings']) {
        const { color, backgroundColor } = getComputedStyle(m.$(`[part~=${part}]`)!);
        if (engineHasContrastColor) {
          expect(['rgb(0, 0, 0)', 'rgb(255, 255, 255)'], `${part} on ${accent}`).to.include(color);
          expect(contrast(color, backgroundColor), `${part} on ${accent}`).to.be.at.least(4.5);
        } else {
          // An older engine keeps the background colour: see css-fallback.test.ts.
          expect(color, `${part} on ${accent}`).to.equal(getComputedStyle(m.$('[part~=base]')!).backgroundColor);
        }
      }
    }
  });

  it('tell the header’s saving from each choice’s', async () => {
    const m = await mountForm();
    expect(m.$$('[part~=header-savings]').map((badge) => badge.textContent!.trim())).to.deep.equal(['Save up to 10%']);
    expect(m.$$('[part~=choice-savings]').map((badge) => badge.textContent!.trim())).to.deep.equal(['Save 5%', 'Save 10%']);
    expect(m.$$('[part~=savings]'), 'both are still savings').to.have.length(3);
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
    // A first visit: no height remembered from the widgets of this subscription settled before (return-visit.test.ts).
    sessionStorage.clear();
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
