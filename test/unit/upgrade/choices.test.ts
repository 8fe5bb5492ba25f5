/**
 * The pure rules behind the element's choices: which attribute values are kept, and which are dropped with a warning.
 */
import { expect } from '@open-wc/testing';
import { parseChoices, type ChoiceAttributes, type Choices } from '../../../src/upgrade/choices.js';

/** The choices and the warnings; throws the configuration error, if any. */
const parse = (attributes: ChoiceAttributes): { choices: Choices; warnings: string[] } => {
  const result = parseChoices(attributes);
  if ('error' in result) throw new Error(result.error);
  return result;
};
const choicesOf = (attributes: ChoiceAttributes): Choices => parse(attributes).choices;

describe('parseChoices', () => {
  it('offers 3, 6, 12 and every renewal behaviour, live, when nothing is set', () => {
    for (const unset of [{}, { ordersOptions: '', renewalOptions: ' ', ordersPerBilling: '', renewalBehavior: '', offer: '' }]) {
      expect(parseChoices(unset)).to.deep.equal({
        choices: {
          ordersOptions: [3, 6, 12],
          ordersPerBilling: 3,
          renewalOptions: ['autorenew', 'cancel', 'downgrade'],
          renewalBehavior: 'autorenew',
          offer: 'live',
          discounts: {},
        },
        warnings: [],
      });
    }
  });

  it('keeps whole numbers of 3 or more, once each and at most 12, and says why it drops the others', () => {
    const { choices, warnings } = parse({ ordersOptions: '2, abc,6,-1,06,1.5,99999999999999999999,4' });
    expect(choices.ordersOptions).to.deep.equal([6, 4]);
    expect(warnings).to.deep.equal([
      'orders-options: dropped "2", the service needs 3 orders or more',
      'orders-options: dropped "abc", not a whole number',
      'orders-options: dropped "-1", not a whole number',
      'orders-options: dropped "06", a repeat',
      'orders-options: dropped "1.5", not a whole number',
      'orders-options: dropped "99999999999999999999", not a whole number',
    ]);
    const many = parse({ ordersOptions: Array.from({ length: 14 }, (_, index) => index + 3).join(',') });
    expect(many.choices.ordersOptions).to.deep.equal([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(many.warnings).to.deep.equal([
      'orders-options: dropped "15", at most 12 choices are shown',
      'orders-options: dropped "16", at most 12 choices are shown',
    ]);
  });

  it('keeps the renewal behaviours it knows, in the order given', () => {
    const { choices, warnings } = parse({ renewalOptions: 'downgrade,forever,cancel,downgrade' });
    expect(choices.renewalOptions).to.deep.equal(['downgrade', 'cancel']);
    expect(warnings).to.deep.equal([
      'renewal-options: dropped "forever", not one of autorenew, cancel, downgrade',
      'renewal-options: dropped "downgrade", a repeat',
    ]);
  });

  it('preselects what is asked for when it is offered, else the first option (autorenew when offered) with a warning', () => {
    expect(choicesOf({ ordersOptions: '4,8', ordersPerBilling: '8', renewalBehavior: 'cancel' })).to.include({
      ordersPerBilling: 8,
      renewalBehavior: 'cancel',
    });
    expect(choicesOf({ ordersPerBilling: 12 })).to.include({ ordersPerBilling: 12 });
    const { choices, warnings } = parse({ ordersPerBilling: Number.NaN, renewalOptions: 'cancel,downgrade', renewalBehavior: 'autorenew' });
    expect(choices).to.include({ ordersPerBilling: 3, renewalBehavior: 'cancel' });
    expect(warnings).to.deep.equal([
      'orders-per-billing: "NaN" is not one of 3, 6, 12; using 3',
      'renewal-behavior: "autorenew" is not one of cancel, downgrade; using cancel',
    ]);
  });

  it('refuses a list with nothing valid left, and a malformed offer, rather than guessing', () => {
    expect(parseChoices({ ordersOptions: '2,x' }))
      .to.have.property('error')
      .that.matches(/^orders-options /);
    expect(parseChoices({ ordersOptions: ',' }))
      .to.have.property('error')
      .that.matches(/^orders-options /);
    expect(parseChoices({ renewalOptions: 'forever' }))
      .to.have.property('error')
      .that.matches(/^renewal-options /);
    expect(parseChoices({ offer: 'spring sale' })).to.deep.equal({
      error: 'offer "spring sale" is not an offer id or "live"',
      warnings: [],
    });
    expect(choicesOf({ offer: 'off_morning-roast:2w.1' }).offer).to.equal('off_morning-roast:2w.1');
  });
});

describe('parseChoices: prepaid discounts', () => {
  it('reads a percent for each offered term', () => {
    expect(choicesOf({ prepaidDiscounts: '3:5, 6 : 10,12:15%' }).discounts).to.deep.equal({ 3: 5, 6: 10, 12: 15 });
    expect(choicesOf({ prepaidDiscounts: '6:12.5' }).discounts).to.deep.equal({ 6: 12.5 });
    expect(choicesOf({ prepaidDiscounts: ' ' }).discounts).to.deep.equal({});
  });

  it('drops a malformed pair or a repeat and ignores a term that is not offered, naming the attribute', () => {
    const { choices, warnings } = parse({ ordersOptions: '3,6', prepaidDiscounts: '3:5,6,x:10,6:0,6:100,6:-5,3:7,24:20,6:10' });
    expect(choices.discounts).to.deep.equal({ 3: 5, 6: 10 });
    expect(warnings).to.deep.equal([
      'prepaid-discounts: dropped "6", not a pair of orders:percent',
      'prepaid-discounts: dropped "x:10", not a pair of orders:percent',
      'prepaid-discounts: dropped "6:0", the percent must be more than 0 and less than 100',
      'prepaid-discounts: dropped "6:100", the percent must be more than 0 and less than 100',
      'prepaid-discounts: dropped "6:-5", not a pair of orders:percent',
      'prepaid-discounts: dropped "3:7", a repeat',
      'prepaid-discounts: ignored "24:20", 24 orders is not one of the orders options (3, 6)',
    ]);
  });
});
