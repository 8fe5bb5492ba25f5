/**
 * The store's prepaid discounts (`prepaid-discounts`), as a customer sees them: a "Save 10%" badge on each discounted
 * choice, the estimate after the discount next to the struck-through full amount (heard as one sentence: "With 10% off,
 * $67.50 on December 5 instead of $75.00: $11.25 per order."), the saving in the summary with a word that the store's
 * bill is final, and "Save up to 15%" in the header.
 */
import { expect } from '@open-wc/testing';
import { render } from 'lit-html';
import { formTemplate } from '../../../src/upgrade/form-template.js';
import { parseChoices, type Choices } from '../../../src/upgrade/choices.js';
import { formatServiceDate } from '../../../src/i18n/dates.js';
import { en } from '../../../src/i18n/en.js';
import { captureConsole } from '../../helpers/console-capture.js';
import { spoken } from '../../helpers/transcript.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession } from '../../helpers/sandbox-session.js';

const { eligible, eligibleJpy } = SANDBOX_SUBSCRIPTIONS;
const norm = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
/** A date as the customer reads it: its no-break spaces are spaces to the eye. */
const shownDate = (...args: Parameters<typeof formatServiceDate>) => norm(formatServiceDate(...args));
/** What a sighted customer reads: the visually hidden texts left out. */
function visibleText(node: Element): string {
  const copy = node.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
  return norm(copy.textContent);
}
async function mountWithDiscounts(discounts: string, subscription: { id: string; customerId: string } = eligible): Promise<Mounted> {
  const session = await sandboxSession({ customerId: subscription.customerId });
  const m = await mount({
    'subscription-id': subscription.id,
    'api-base': session.apiBase,
    token: session.token,
    'prepaid-discounts': discounts,
  });
  await m.waitForState('ready');
  return m;
}

const hintOf = (m: Mounted, orders: number) => m.$(`#orders-${orders}-hint`)!;
/** The next order's date as the choices say it ("December 5"), or with its year as the summary does. */
const nextOrderDay = (m: Mounted, year = false) => shownDate(m.el.nextOrder!.place, 'en', year)!;

describe('prepaid discounts', () => {
  const seen = captureConsole();

  it('shows a badge, the estimate and the struck full amount on each discounted choice ($12.50 an order)', async () => {
    const m = await mountWithDiscounts('3:5,6:10,12:15');
    const badges = m.$$('[part~=orders-option] [part~=savings]').map((badge) => norm(badge.textContent));
    expect(badges).to.deep.equal(['Save 5%', 'Save 10%', 'Save 15%']);
    const day = nextOrderDay(m);
    // $37.50 less 5 % is $35.625: the estimate rounds half up to $35.63, as the bill does ($11.88 an order), and the
    // saving is what is left, $1.87.
    expect(visibleText(hintOf(m, 3))).to.equal(`$37.50 $35.63 on ${day}. $11.88 per order`);
    expect(visibleText(hintOf(m, 6))).to.equal(`$75.00 $67.50 on ${day}. $11.25 per order`);
    expect(visibleText(hintOf(m, 12))).to.equal(`$150.00 $127.50 on ${day}. $10.63 per order`);
    expect(getComputedStyle(hintOf(m, 6).querySelector('s')!).textDecorationLine).to.equal('line-through');
    expect(norm(m.$('[part~=header] [part~=savings]')!.textContent)).to.equal('Save up to 15%');
    expect(seen.warnings).to.deep.equal([]);
  });

  it('reads a discounted choice to a screen reader as one sentence, the struck amount as the price it replaces', async () => {
    const m = await mountWithDiscounts('6:10');
    const input = m.$<HTMLInputElement>('#orders-6')!;
    const description = m.$(`#${input.getAttribute('aria-describedby')}`)!;
    expect(spoken(description)).to.equal(`With 10% off, $67.50 on ${nextOrderDay(m)} instead of $75.00: $11.25 per order.`);
    expect(hintOf(m, 6).getAttribute('aria-hidden'), 'what is drawn is not heard besides').to.equal('true');
    expect(spoken(m.$('label[for=orders-6]')!), 'the badge is said in the sentence').to.equal('6 orders');
  });

  it('says in the summary what the next order bills after the discount, the saving, and that the store confirms it', async () => {
    const m = await mountWithDiscounts('3:5,6:10');
    m.$<HTMLInputElement>('#orders-6')!.click();
    await m.el.updateComplete;
    const summary = [...m.$('[part~=summary]')!.querySelectorAll('p')].map((p) => norm(p.textContent));
    expect(summary).to.deep.equal([
      '6 orders billed together at your next order: $75.00 (6 × $12.50).',
      'With the store’s 10% prepaid discount: $67.50, you save $7.50.',
      'An estimate: the store confirms the final price when it bills your next order.',
      `Billed on ${nextOrderDay(m, true)}, when your next order is placed.`,
      'Nothing is charged today.',
    ]);
  });

  it('leaves a choice without a discount as it was, and the summary too', async () => {
    const m = await mountWithDiscounts('12:15');
    expect(m.$('[part~=orders-option]:first-of-type [part~=savings]')).to.equal(null);
    expect(visibleText(hintOf(m, 3))).to.equal(`$37.50 on ${nextOrderDay(m)}.`);
    expect(m.$$('[part~=summary] p')).to.have.length(3);
  });

  it('rounds to whole yen where the currency has no minor unit', async () => {
    // ¥1,800 an order: 3 orders are ¥5,400, and 7.5 % of them ¥405.
    const m = await mountWithDiscounts('3:7.5', eligibleJpy);
    expect(visibleText(hintOf(m, 3))).to.equal(`¥5,400 ¥4,995 on ${nextOrderDay(m)}. ¥1,665 per order`);
    expect(norm(m.$$('[part~=summary] p')[1]!.textContent)).to.equal('With the store’s 7.5% prepaid discount: ¥4,995, you save ¥405.');
  });

  it('tells the page the chosen term’s discount in the change event, or null', async () => {
    const m = await mountWithDiscounts('6:10');
    m.$<HTMLInputElement>('#orders-6')!.click();
    m.$<HTMLInputElement>('#orders-12')!.click();
    await m.el.updateComplete;
    expect(m.eventsOf('prepaid-upgrade-change').map((event) => event.detail.discountPercent)).to.deep.equal([10, null]);
  });

  it('drops bad pairs and terms that are not offered with a warning that names the attribute', async () => {
    const m = await mountWithDiscounts('6:10,24:20,6:abc');
    expect(m.$$('[part~=savings]').map((badge) => norm(badge.textContent))).to.deep.equal(['Save up to 10%', 'Save 10%']);
    expect(seen.warnings).to.have.length(2);
    for (const warning of seen.warnings)
      expect(warning).to.match(/^<prepaid-upgrade subscription-id="sub_coffee_ada">: prepaid-discounts: /);
  });

  it('follows a change of the property', async () => {
    const m = await mountWithDiscounts('6:10');
    m.el.prepaidDiscounts = '12:20';
    await m.el.updateComplete;
    expect(norm(m.$('[part~=header] [part~=savings]')!.textContent)).to.equal('Save up to 20%');
    expect(m.$('#orders-6 + label [part~=savings]')).to.equal(null);
  });

  it('is accessible with its badges and struck amounts', async () => {
    const m = await mountWithDiscounts('3:5,6:10,12:15');
    await expect(m.el).to.be.accessible();
  });
});

describe('prepaid discounts without a price', () => {
  it('shows the badge but no amount and no saving when the price is unknown', () => {
    const result = parseChoices({ prepaidDiscounts: '6:10' }) as { choices: Choices };
    const host = document.createElement('div');
    const noop = () => undefined;
    const view = { t: en, locale: 'en', nextOrder: null, choices: result.choices, orders: 6, renewal: 'autorenew' as const };
    const loaded = { subscription: { public_id: 'sub_x', price: null }, product: undefined, eligibility: { eligible: true as const } };
    render(formTemplate({ ...view, onSubmit: noop, onOrdersChange: noop, onRenewalChange: noop }, loaded, 'live'), host);
    expect(norm(host.querySelector('label[for=orders-6]')!.textContent)).to.equal('6 orders Save 10%');
    expect(host.querySelector('[part~=hint][id^=orders-]')).to.equal(null);
    expect(host.querySelectorAll('[part~=summary] p')).to.have.length(2);
  });
});
