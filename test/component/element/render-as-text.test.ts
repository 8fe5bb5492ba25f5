/**
 * Server data is rendered as text, never as markup: a property-based test feeds arbitrary strings, mixed with markup
 * and script fragments, through the real client and the real element, as the service's product name, product
 * image address, currency, renewal behaviour and the reason of a refused upgrade (its `detail`, or a field error in
 * any field, as a list or a bare string). The sandbox's faults answer with the raw bodies; every case checks what is
 * rendered, what is not, and that no script ran.
 */
import { expect } from '@open-wc/testing';
import { isSafeImageAddress } from '../../../src/api/base-address.js';
import fc from 'fast-check';
import '../../../src/index.js';
import type { PrepaidUpgrade } from '../../../src/index.js';
import type { Product, Subscription } from '../../../src/api/schemas.js';
import type { Fault } from '../../../src/sandbox/index.js';
import { en } from '../../../src/i18n/en.js';
import { payAsYouGoSubscription, prepaidSubscription, product } from '../../fixtures/subscriptions.js';
import { sandboxSession, type SandboxSession } from '../../helpers/sandbox-session.js';

declare global {
  interface Window {
    /** Counts every injected script that ran: payloads increment it. */
    __xss: number;
  }
}

/**
 * 1,000 cases, rendered 25 at a time. fast-check runs one property at a time, and a case takes up to five round trips
 * to the sandbox (the subscription, the product and the next order, the upgrade, the read that confirms a refused
 * upgrade), so each run of the property is a batch of cases rendered side by side, on a sandbox instance of its own,
 * with the whole batch's answers queued in one request before.
 */
const CASES = 1000;
const BATCH = 25;

/** Markup and script in the forms that have broken renderers before. Each one that runs increments `window.__xss`. */
const FRAGMENTS = [
  '<img src=x onerror="window.__xss++">',
  '<img src="x" onerror=window.__xss++ />',
  '<script>window.__xss++</script>',
  '"><svg onload=window.__xss++>',
  "'><svg/onload=window.__xss++>",
  '<iframe srcdoc="<script>parent.__xss++</script>"></iframe>',
  '<a href="javascript:window.__xss++">x</a>',
  '<details open ontoggle=window.__xss++>',
  '<math><mi xlink:href="javascript:window.__xss++">x</mi></math>',
  '<template><script>window.__xss++</script></template>',
  '<![CDATA[<script>window.__xss++</script>]]>',
  '<style>*{display:none}</style>',
  '<slot name="success"></slot>',
  '</p><p part="error">',
  '<!--',
  '-->',
  '<!--?lit$123456789$-->',
  '<?lit$123456789$>',
  'lit$123456789$',
  '{{lit$1$}}',
  'javascript:window.__xss++',
  '{{constructor.constructor("window.__xss++")()}}',
  '${window.__xss++}',
  '&lt;b&gt;',
  '&#60;script&#62;',
  '&amp;',
  '&nbsp;',
  '"',
  "'",
  '`',
  '<',
  '>',
  '&',
  '\u0000',
  '\u2028',
  '\uFEFF',
  '\uD800',
  '\r\n',
];

/** Arbitrary text: printable ASCII, any grapheme, any code point, and the fragments above, in any order. */
const serverText = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), {
    maxLength: 6,
  })
  .map((parts) => parts.join(''));

/** Image addresses: the script-running schemes the element must not render, safe-looking ones with markup in them, any text. */
const imageAddress = fc.oneof(
  fc.constantFrom(
    null,
    'javascript:window.__xss++',
    ' javascript:window.__xss++',
    'JaVaScRiPt:window.__xss++',
    'java\tscript:window.__xss++',
    'data:text/html,<script>parent.__xss++</script>',
    'data:image/svg+xml,<svg onload="parent.__xss++"/>',
    'x" onerror="window.__xss++',
  ),
  serverText.map((text) => `https://127.0.0.1:1/${text}`),
  serverText,
);

const KINDS = ['eligible', 'product-not-eligible', 'already-prepaid'] as const;
type Kind = (typeof KINDS)[number];

/** How a refused upgrade carries its reason: `{detail}`, or a field error in a list or as a bare string. */
type Shape = 'detail' | 'list' | 'string';

interface Case {
  kind: Kind;
  name: string;
  detail: string;
  shape: Shape;
  /** The field of a field error: one of the customer's choices, another field, or any text. */
  field: string;
  imageUrl: string | null;
  currency: string;
  renewal: string;
}

const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  kind: fc.constantFrom(...KINDS),
  name: serverText,
  detail: serverText,
  shape: fc.constantFrom<Shape>('detail', 'list', 'string'),
  field: fc.oneof(fc.constantFrom('orders_per_billing', 'renewal_behavior', 'non_field_errors', 'offer', 'constructor'), serverText),
  imageUrl: imageAddress,
  currency: fc.oneof(fc.constant('USD'), serverText),
  renewal: serverText,
});

/** The body of the refused upgrade of a case. */
const refusal = ({ shape, field, detail }: Case) =>
  shape === 'detail' ? { detail } : { [field]: shape === 'list' ? [detail, 'A second message, never shown.'] : detail };

/** Elements that hold server text: they must only ever contain text. */
const TEXT_HOLDERS = ['.product-name', '.notice-title'];

const textOf = (root: ShadowRoot, selector: string) => root.querySelector(selector)?.textContent ?? null;

function whenFired(el: Element, type: string, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${type} was not fired (state ${(el as PrepaidUpgrade).state})`)), timeoutMs);
    el.addEventListener(
      type,
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

const subscriptionOf = (id: number) => `sub_text_${id}`;

/**
 * The sandbox's answers for one case: the subscription, its product and the upgrade's answer, as faults with raw
 * bodies on ids of this case only, so cases never share an answer.
 */
function answersOf(id: number, c: Case): Partial<Fault>[] {
  const subscriptionId = subscriptionOf(id);
  const productId = `prod_text_${id}`;
  const subscription: Subscription =
    c.kind === 'already-prepaid'
      ? prepaidSubscription({
          public_id: subscriptionId,
          product: productId,
          currency_code: c.currency,
          prepaid_subscription_context: { prepaid_orders_remaining: 2, prepaid_orders_per_billing: 6, renewal_behavior: c.renewal },
        })
      : payAsYouGoSubscription({ public_id: subscriptionId, product: productId, currency_code: c.currency });
  const productBody: Product = product({
    product_id: productId,
    name: c.name,
    image_url: c.imageUrl,
    sku: c.name,
    detail_url: c.imageUrl,
    prepaid_eligible: c.kind !== 'product-not-eligible',
  });
  return [
    // Twice: once to load, once more if the element reads the subscription again to confirm a refused upgrade.
    { method: 'GET', path: `/subscriptions/${subscriptionId}/`, status: 200, count: 2, body: JSON.stringify(subscription) },
    { method: 'GET', path: `/products/${productId}/`, status: 200, body: JSON.stringify(productBody) },
    ...(c.kind === 'eligible'
      ? [{ method: 'PATCH', path: `/subscriptions/${subscriptionId}/upgrade_to_prepaid/`, status: 400, body: JSON.stringify(refusal(c)) }]
      : []),
  ];
}

/**
 * Renders one case, its answers already queued (`answersOf`): calls `check` once the subscription is shown, and again
 * after the refused upgrade for an eligible one.
 */
async function renderCase(session: SandboxSession, id: number, c: Case, check: (el: PrepaidUpgrade, phase: 'loaded' | 'refused') => void) {
  const container = document.createElement('div');
  const el = document.createElement('prepaid-upgrade');
  el.setAttribute('subscription-id', subscriptionOf(id));
  el.setAttribute('api-base', session.apiBase);
  el.setAttribute('token', session.token);
  const ready = whenFired(el, 'prepaid-upgrade-ready');
  container.append(el);
  document.body.append(container);
  try {
    await ready;
    expect(el.state).to.equal({ eligible: 'ready', 'already-prepaid': 'prepaid', 'product-not-eligible': 'ineligible' }[c.kind]);
    check(el, 'loaded');
    if (c.kind === 'eligible') {
      const refused = whenFired(el, 'prepaid-upgrade-error');
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part~=submit]')!.click();
      await refused;
      check(el, 'refused');
    }
  } finally {
    container.remove();
  }
}

/** Every element in a shadow root. */
function elementsOf(root: ShadowRoot | Element): Element[] {
  return [...root.querySelectorAll('*')];
}

describe('server data is rendered as text only', () => {
  let allowedTags: Set<string>;
  let nextId = 0;
  // Each refused upgrade is also reported on the console, with the server's text: a thousand lines of noise here.
  const { error, warn } = console;
  before(() => {
    console.error = () => {};
    console.warn = () => {};
  });
  after(() => Object.assign(console, { error, warn }));

  before(async function () {
    this.timeout(20_000);
    window.__xss = 0;
    const session = await sandboxSession();
    // The widget's own elements, from clean renders of every kind: an injected element would be something else.
    allowedTags = new Set();
    for (const kind of KINDS) {
      const clean: Case = {
        kind,
        name: 'Morning Roast',
        detail: 'Prepaid is not enabled.',
        shape: 'detail',
        field: '',
        imageUrl: 'data:image/png;base64,iVBORw0KGgo=',
        currency: 'USD',
        renewal: 'cancel',
      };
      await session.faults(answersOf(++nextId, clean));
      await renderCase(session, nextId, clean, (el) => {
        for (const element of elementsOf(el.shadowRoot!)) allowedTags.add(element.localName);
      });
    }
    expect([...allowedTags]).to.include.members(['div', 'p', 'form', 'input', 'label', 'button', 'img', 'slot']);
  });

  it(`renders ${CASES} arbitrary product names, image addresses, currencies, renewal behaviours and refusal details as text`, async function () {
    this.timeout(120_000);
    const elementsOutside = document.body.querySelectorAll('*').length;
    let cases = 0;
    const started = performance.now();

    await fc.assert(
      fc.asyncProperty(fc.array(caseArbitrary, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const batchSession = await sandboxSession();
        const ids = batch.map(() => ++nextId);
        // The whole batch's answers in one request: the cases' own requests are what the test is about.
        await batchSession.faults(batch.flatMap((c, index) => answersOf(ids[index]!, c)));
        const outcomes = await Promise.allSettled(
          batch.map((c, index) => {
            cases++;
            return renderCase(batchSession, ids[index]!, c, (el, phase) => checkRendered(el, phase, c));
          }),
        );
        const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        if (failed) throw failed.reason;
        expect(window.__xss, 'injected script ran').to.equal(0);
      }),
      { numRuns: CASES / BATCH },
    );

    const seconds = (performance.now() - started) / 1000;
    console.log(`render-as-text: ${cases} cases in ${seconds.toFixed(1)} s`);
    expect(cases).to.be.at.least(CASES);
    // Nothing was left behind in the page, and no script ran, not even late (an image's error, a toggle).
    expect(document.body.querySelectorAll('*').length).to.equal(elementsOutside);
    const handlersInPage = [...document.querySelectorAll('*')].flatMap((element) =>
      element.getAttributeNames().filter((name) => name.startsWith('on')),
    );
    expect(handlersInPage).to.deep.equal([]);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(window.__xss).to.equal(0);
  });

  function checkRendered(el: PrepaidUpgrade, phase: 'loaded' | 'refused', c: Case): void {
    const root = el.shadowRoot!;
    const elements = elementsOf(root);
    const unexpected = elements.map((element) => element.localName).filter((tag) => !allowedTags.has(tag));
    expect(unexpected, 'elements the widget never renders').to.deep.equal([]);
    const handlers = elements.flatMap((element) =>
      element
        .getAttributeNames()
        .filter((name) => name.startsWith('on'))
        .map((name) => `${element.localName}[${name}]`),
    );
    expect(handlers, 'event handler attributes').to.deep.equal([]);
    for (const selector of TEXT_HOLDERS)
      expect(root.querySelector(selector)?.childElementCount ?? 0, `${selector} holds elements`).to.equal(0);
    expect(el.childElementCount, 'children added to the element').to.equal(0);

    // The product name, verbatim, where it belongs.
    if (c.name) expect(textOf(root, '.product-name')).to.equal(c.name);
    else expect(root.querySelector('[part~=product]')).to.equal(null);
    if (c.kind === 'product-not-eligible' && c.name) expect(textOf(root, '.notice-title')).to.include(c.name);

    // An image only from an address that cannot run script, exactly as sent: the product's one image where the product
    // is shown and its address is safe, and no image otherwise.
    const showsImage = !!root.querySelector('[part~=product]') && isSafeImageAddress(c.imageUrl);
    const images = [...root.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(images, 'images shown').to.deep.equal(showsImage ? [c.imageUrl] : []);

    // The service's reason for refusing is never in the customer's view: a refused choice is named by its form's words.
    if (phase === 'refused') {
      expect(el.state).to.equal('error');
      // A refusal of a choice names the choice, whatever (or however little) the service said of it.
      const field = c.shape === 'detail' ? undefined : c.field;
      const heading = field === 'orders_per_billing' ? en.ordersLegend : field === 'renewal_behavior' ? en.renewalLegend : undefined;
      expect(textOf(root, '[part~=error] p')?.trim()).to.equal(heading ? en.refusedChoice(heading) : en.failure('badRequest', 'upgrade'));
    }
    expect(window.__xss, 'injected script ran').to.equal(0);
  }
});
