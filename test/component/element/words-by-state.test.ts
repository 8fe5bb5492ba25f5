/**
 * Every state says what is true and what to do: its own heading, a promise and a saving only where an upgrade can be
 * bought, each reason with what the customer can do, in English and in German; axe in each of these states; and at
 * 320 px wide, nothing scrolls sideways and no date or amount breaks across lines.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { SANDBOX_DISCOVERY } from '../../../src/sandbox/index.js';
import { en } from '../../../src/i18n/en.js';
import de from '../../../src/i18n/locales/de.js';
import type { Strings } from '../../../src/i18n/strings.js';
import { captureConsole } from '../../helpers/console-capture.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession } from '../../helpers/sandbox-session.js';

const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const LANGUAGES: Array<
  [
    lang: string,
    strings: Omit<Strings, 'pickerLegend' | 'shipsEvery' | 'pickerPrepaid' | 'uncheckedSubscriptions' | 'pickerContinue' | 'pickerBack'>,
  ]
> = [
  ['en', en],
  ['de', de],
];

interface Expected {
  state: string;
  heading: (t: (typeof LANGUAGES)[number][1]) => string;
  /** The description under the heading, where an upgrade can be bought; none elsewhere. */
  description?: (t: (typeof LANGUAGES)[number][1]) => string;
  /** Lines the state must say, beside the heading. */
  says?: (t: (typeof LANGUAGES)[number][1]) => string[];
  /** Whether "Save up to …" is shown. */
  selling: boolean;
  /** How many dates and amounts its upgrade form shows (none without one): each is checked at 320 px. */
  values: number;
}

/** Mounts a widget of `customerId` (for `subscriptionId`, or without one) in `lang`, once it has settled. */
async function settled(lang: string, customerId: string, subscriptionId: string | undefined, attributes: Record<string, string> = {}) {
  const session = await sandboxSession({ customerId });
  const m = await mount({
    lang,
    ...(subscriptionId ? { 'subscription-id': subscriptionId } : {}),
    'api-base': session.apiBase,
    token: session.token,
    'prepaid-discounts': '3:5,6:10,12:15',
    ...attributes,
  });
  // It settles with `ready`, or with `error` where there is nothing to show. Waiting for `ready` first would wait out
  // its whole time limit in every state that ends in an error.
  await waitUntil(
    () => m.eventsOf('prepaid-upgrade-ready').length + m.eventsOf('prepaid-upgrade-error').length > 0,
    'the widget settled neither ready nor in error',
    { timeout: 5000 },
  );
  await m.el.updateComplete;
  return Object.assign(m, { session });
}

/** Whether anything in the widget is wider than the widget: what would scroll sideways. */
const overflows = (m: Mounted) => {
  const base = m.$('[part~=base]')!;
  return base.scrollWidth > base.clientWidth + 1 || m.el.scrollWidth > m.el.clientWidth + 1;
};
/** Each date and amount the form shows, as one line box each: broken across lines, it has more than one. */
let valuesSeen = 0;
const brokenValues = (m: Mounted) =>
  [...m.el.shadowRoot!.querySelectorAll('[part~=orders-option] [part~=hint], [part~=summary] p')].flatMap((node) => {
    const range = document.createRange();
    const found: string[] = [];
    const content = node.textContent ?? '';
    for (const match of content.matchAll(/[A-Z][a-z]+\u00a0\d{1,2}(,\u00a0\d{4})?|\$\d[\d,]*\.\d\d/g)) {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      let offset = 0;
      for (let textNode = walker.nextNode(); textNode; textNode = walker.nextNode()) {
        const length = textNode.textContent!.length;
        if (match.index! >= offset && match.index! + match[0].length <= offset + length) {
          range.setStart(textNode, match.index! - offset);
          range.setEnd(textNode, match.index! - offset + match[0].length);
          valuesSeen++;
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) found.push(match[0]);
        }
        offset += length;
      }
    }
    return found;
  });

/** At 320 px wide: nothing scrolls sideways, and none of the form's `values` dates and amounts breaks across lines. */
async function expectReflowAt320(m: Mounted, values: number): Promise<void> {
  const frame = document.createElement('div');
  frame.style.inlineSize = '320px';
  document.body.append(frame);
  try {
    frame.append(m.el);
    await m.el.updateComplete;
    expect(overflows(m), 'something is wider than the widget').to.equal(false);
    valuesSeen = 0;
    expect(brokenValues(m), 'dates and amounts broken across lines').to.deep.equal([]);
    expect(valuesSeen, 'dates and amounts looked at').to.equal(values);
  } finally {
    frame.remove();
  }
}

const CASES: Array<[name: string, mountIt: (lang: string) => Promise<Mounted>, expected: Expected]> = [
  [
    'the upgrade form',
    (lang) => settled(lang, SANDBOX_SUBSCRIPTIONS.eligible.customerId, SANDBOX_SUBSCRIPTIONS.eligible.id),
    // Under each of the 3 choices, the struck price, the amount, its date and one order's; in the summary, the total, one
    // order's price, the discounted total, the saving and the date.
    { state: 'ready', heading: (t) => t.heading, description: (t) => t.description, selling: true, values: 17 },
  ],
  [
    'a prepaid subscription',
    (lang) => settled(lang, SANDBOX_SUBSCRIPTIONS.prepaid.customerId, SANDBOX_SUBSCRIPTIONS.prepaid.id),
    {
      state: 'prepaid',
      heading: (t) => t.stateHeading('prepaid'),
      says: (t) => [t.ineligible('already-prepaid', undefined)],
      selling: false,
      values: 0,
    },
  ],
  [
    'a cancelled subscription',
    (lang) => settled(lang, SANDBOX_SUBSCRIPTIONS.cancelled.customerId, SANDBOX_SUBSCRIPTIONS.cancelled.id),
    {
      state: 'ineligible',
      heading: (t) => t.stateHeading('ineligible'),
      says: (t) => [t.ineligible('not-live', undefined), t.ineligibleNext('not-live')],
      selling: false,
      values: 0,
    },
  ],
  [
    'a subscription to a product the store does not offer prepaid',
    (lang) => settled(lang, SANDBOX_SUBSCRIPTIONS.notEligible.customerId, SANDBOX_SUBSCRIPTIONS.notEligible.id),
    {
      state: 'ineligible',
      heading: (t) => t.stateHeading('ineligible'),
      says: (t) => [t.ineligible('product-not-eligible', 'Espresso Machine Descaler, 4-pack'), t.ineligibleNext('product-not-eligible')],
      selling: false,
      values: 0,
    },
  ],
  [
    'the picker',
    (lang) => settled(lang, SANDBOX_DISCOVERY.customerId, undefined),
    { state: 'ready', heading: (t) => t.stateHeading('picker'), description: (t) => t.pickerDescription, selling: true, values: 0 },
  ],
  [
    'a customer without subscriptions',
    (lang) => settled(lang, 'cus_katherine', undefined),
    {
      state: 'ineligible',
      heading: (t) => t.stateHeading('ineligible'),
      says: (t) => [t.ineligible('no-subscriptions', undefined), t.ineligibleNext('no-subscriptions')],
      selling: false,
      values: 0,
    },
  ],
  [
    'a subscription that could not be found',
    (lang) => settled(lang, SANDBOX_SUBSCRIPTIONS.eligible.customerId, 'sub_nobody'),
    { state: 'error', heading: (t) => t.heading, says: (t) => [t.failure('notFound', 'load')], selling: false, values: 0 },
  ],
];

describe('<prepaid-upgrade> words by state', () => {
  captureConsole();

  for (const [name, mountIt, expected] of CASES) {
    for (const [lang, t] of LANGUAGES) {
      it(`${name}, in ${lang}: its heading and lines, a saving only where one can be bought, no axe violation`, async () => {
        const m = await mountIt(lang);
        expect(m.el.state).to.equal(expected.state);
        expect(text(m.$('[part~=heading]'))).to.equal(expected.heading(t));
        expect(text(m.$('[part~=description]'))).to.equal(expected.description?.(t) ?? '');
        for (const line of expected.says?.(t) ?? [])
          expect(text(m.el.shadowRoot!.firstElementChild)).to.contain(text({ textContent: line } as Element));
        expect(m.$('[part~=header] [part~=savings]') !== null, 'Save up to …').to.equal(expected.selling);
        await expect(m.el).to.be.accessible();
      });
    }
    it(`${name}, at 320 px: nothing scrolls sideways, and no date or amount breaks across lines`, async () => {
      await expectReflowAt320(await mountIt('en'), expected.values);
    });
  }

  it('keeps a prepaid subscription’s heading while its renewal change is sent, and sells nothing', async () => {
    const m = await settled('en', SANDBOX_SUBSCRIPTIONS.prepaid.customerId, SANDBOX_SUBSCRIPTIONS.prepaid.id);
    await m.session.fault({ method: 'PATCH', latencyMs: 1000 });
    m.$<HTMLInputElement>('input[name=manage][value=cancel]')!.click();
    await m.el.updateComplete;
    m.$<HTMLButtonElement>('[part~=manage-submit]')!.click();
    await m.waitForState('submitting');
    expect(text(m.$('[part~=heading]'))).to.equal(en.stateHeading('prepaid'));
    expect(m.$('[part~=description]')).to.equal(null);
    expect(m.$('[part~=header] [part~=savings]')).to.equal(null);
  });

  it('says after an upgrade what happens when the orders run out, as a line that stands alone', async () => {
    const m = await settled('en', SANDBOX_SUBSCRIPTIONS.eligible.customerId, SANDBOX_SUBSCRIPTIONS.eligible.id);
    await m.el.upgrade();
    expect(text(m.$('[part~=success]'))).to.contain(en.renewalHint('autorenew', 3));
    expect(en.renewalHint('autorenew', 3)).to.match(/^When they run out, /);
    expect(text(m.$('[part~=heading]'))).to.equal(en.stateHeading('prepaid'));
    expect(m.$('[part~=header] [part~=savings]')).to.equal(null);
    await expect(m.el).to.be.accessible();
  });
});

describe('<prepaid-upgrade> in right-to-left text', () => {
  captureConsole();

  it('in Arabic, isolates each date and amount from the right-to-left text around it', async () => {
    const m = await settled('ar', SANDBOX_SUBSCRIPTIONS.eligible.customerId, SANDBOX_SUBSCRIPTIONS.eligible.id);
    const hint = m.$('[part~=orders-option] [part~=hint]')!.textContent!;
    expect(hint).to.match(/\u2068[^\u2069]+\u2069/);
  });
});
