import { expect } from '@open-wc/testing';
import { ProductSchema, SubscriptionSchema, check, describeIssues } from '../../src/api/schemas.js';
import { SPEC_SUBSCRIPTION_FIELDS, payAsYouGoSubscription, prepaidSubscription, product } from '../fixtures/subscriptions.js';

/** A pay-as-you-go subscription with some fields replaced by values of the wrong type. */
const malformed = (fields: Record<string, unknown>): unknown => ({ ...payAsYouGoSubscription(), ...fields });

/** The `describeIssues` text of a payload that must be refused. */
function rejection(result: ReturnType<typeof check>): string {
  if (result.success) throw new Error(`expected the payload to be rejected, it parsed as ${JSON.stringify(result.data)}`);
  return describeIssues(result.error);
}

describe('SubscriptionSchema accepts what the service sends', () => {
  it('parses a pay-as-you-go subscription carrying every field of the spec unchanged', () => {
    const payload = payAsYouGoSubscription();
    expect(Object.keys(payload)).to.include.members(SPEC_SUBSCRIPTION_FIELDS);
    const result = check(SubscriptionSchema, payload);
    expect(result.success).to.equal(true);
    expect(result.data).to.deep.equal(payload);
  });

  it('parses a prepaid subscription with its prepaid_subscription_context', () => {
    const result = check(SubscriptionSchema, prepaidSubscription());
    expect(result.success).to.equal(true);
    expect(result.data?.prepaid_subscription_context).to.deep.equal({
      prepaid_orders_remaining: 0,
      prepaid_orders_per_billing: 6,
      renewal_behavior: 'autorenew',
    });
  });

  it('parses an empty object, since every field is optional', () => {
    expect(check(SubscriptionSchema, {}).success).to.equal(true);
  });

  it('parses an empty prepaid_subscription_context, as sent for pay-as-you-go', () => {
    const result = check(SubscriptionSchema, payAsYouGoSubscription({ prepaid_subscription_context: {} }));
    expect(result.success).to.equal(true);
    expect(result.data?.prepaid_subscription_context).to.deep.equal({});
  });

  it('parses a cancelled subscription with its cancel date, reason and reason code', () => {
    const payload = payAsYouGoSubscription({
      live: false,
      cancelled: '2024-10-01 09:30:00',
      cancel_reason: 'Too much product',
      cancel_reason_code: 3,
      customer_rep: 1207,
    });
    const result = check(SubscriptionSchema, payload);
    expect(result.success).to.equal(true);
    expect(result.data).to.deep.equal(payload);
  });

  it('parses components and queued_actions whose element shapes the spec does not show', () => {
    const components = [{ product: 'a1b2', quantity: 1 }];
    const queued_actions = [{ action: 'change_product', data: { product: 'c3d4' } }];
    const result = check(SubscriptionSchema, payAsYouGoSubscription({ components, queued_actions }));
    expect(result.data?.components).to.deep.equal(components);
    expect(result.data?.queued_actions).to.deep.equal(queued_actions);
  });

  it('passes fields the widget does not read through unchecked, whatever their type', () => {
    const payload = payAsYouGoSubscription({ frequency_days: 30.5, every: '1', components: { product: 'a1b2' }, extra_data: 'none' });
    expect(check(SubscriptionSchema, payload).data).to.deep.equal(payload);
  });
});

describe('SubscriptionSchema keeps fields it does not know', () => {
  it('passes unknown top-level fields through untouched', () => {
    const result = check(SubscriptionSchema, payAsYouGoSubscription({ loyalty_tier: 'gold', next_order_date: '2024-10-02' }));
    expect(result.data).to.include({ loyalty_tier: 'gold', next_order_date: '2024-10-02' });
  });

  it('passes unknown fields of extra_data and prepaid_subscription_context through', () => {
    const result = check(
      SubscriptionSchema,
      payAsYouGoSubscription({
        extra_data: { platform_contract_id: 'gid://shopify/SubscriptionContract/1', channel: 'pos' },
        prepaid_subscription_context: {
          prepaid_orders_remaining: 2,
          prepaid_orders_per_billing: 3,
          renewal_behavior: 'cancel',
          discount: '10%',
        },
      }),
    );
    expect(result.data?.extra_data).to.deep.equal({ platform_contract_id: 'gid://shopify/SubscriptionContract/1', channel: 'pos' });
    expect(result.data?.prepaid_subscription_context).to.include({ discount: '10%' });
  });
});

describe('SubscriptionSchema allows null where the spec says nullable', () => {
  for (const field of [
    'price',
    'cancelled',
    'cancel_reason',
    'cancel_reason_code',
    'customer_rep',
    'prepaid_subscription_context',
    'currency_code',
  ] as const) {
    it(`accepts ${field}: null`, () => {
      const result = check(SubscriptionSchema, payAsYouGoSubscription({ [field]: null }));
      expect(result.success, result.success ? '' : describeIssues(result.error)).to.equal(true);
      expect(result.data?.[field]).to.equal(null);
    });
  }

  it('accepts fields of type "any" holding any JSON value', () => {
    const payload = payAsYouGoSubscription({ iteration: '7', sequence: 3, product_attribute: { size: 'L' }, club: [1, 2] });
    expect(check(SubscriptionSchema, payload).data).to.deep.equal(payload);
  });

  it('refuses null for fields the spec does not mark nullable', () => {
    expect(rejection(check(SubscriptionSchema, malformed({ public_id: null })))).to.equal('public_id: expected string');
    expect(rejection(check(SubscriptionSchema, malformed({ quantity: null })))).to.equal('quantity: expected number');
  });
});

describe('SubscriptionSchema refuses wrongly typed fields instead of coercing them', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a string where an integer is due', { quantity: '1' }, 'quantity: expected number'],
    ['a fractional number where an integer is due', { quantity: 1.5 }, 'quantity: expected int'],
    ['a number past 2^53 where an integer is due', { quantity: 2 ** 53 }, 'quantity: expected int'],
    ['a number where a string price is due', { price: 12.5 }, 'price: expected string'],
    ['a string where a boolean is due', { live: 'yes' }, 'live: expected boolean'],
    [
      'a string where the prepaid context object is due',
      { prepaid_subscription_context: 'autorenew' },
      'prepaid_subscription_context: expected object',
    ],
    [
      'a string inside the prepaid context where an integer is due',
      { prepaid_subscription_context: { prepaid_orders_per_billing: '6' } },
      'prepaid_subscription_context.prepaid_orders_per_billing: expected number',
    ],
    ['a number where the product id is due', { product: 42 }, 'product: expected string'],
    [
      'a string where the prepaid renewal behaviour is due',
      { prepaid_subscription_context: { renewal_behavior: 3 } },
      'prepaid_subscription_context.renewal_behavior: expected string',
    ],
  ];
  for (const [what, overrides, description] of cases) {
    it(`rejects ${what}, naming the field and the expected type`, () => {
      expect(rejection(check(SubscriptionSchema, malformed(overrides)))).to.equal(description);
    });
  }

  it('rejects a payload that is not an object at all', () => {
    expect(rejection(check(SubscriptionSchema, [payAsYouGoSubscription()]))).to.equal('(root): expected object');
    expect(rejection(check(SubscriptionSchema, 'subscription'))).to.equal('(root): expected object');
  });

  it('lists at most three problems, separated by semicolons', () => {
    const text = rejection(check(SubscriptionSchema, malformed({ quantity: '1', price: 12.5, live: 'yes', cancelled: 1 })));
    expect(text.split('; ')).to.have.length(3);
    expect(text).to.equal('quantity: expected number; price: expected string; cancelled: expected string');
  });
});

describe('ProductSchema', () => {
  it('parses a product as the service sends it', () => {
    const payload = product();
    expect(check(ProductSchema, payload).data).to.deep.equal(payload);
  });

  it('keeps unknown product fields', () => {
    expect(check(ProductSchema, product({ autoship_enabled: true })).data).to.include({ autoship_enabled: true });
  });

  it('accepts a product without image or detail page', () => {
    expect(check(ProductSchema, product({ image_url: null, detail_url: null })).success).to.equal(true);
  });

  it('rejects prepaid_eligible sent as a string', () => {
    const result = check(ProductSchema, { ...product(), prepaid_eligible: 'true' });
    expect(result.success).to.equal(false);
    expect(result.success ? '' : describeIssues(result.error)).to.equal('prepaid_eligible: expected boolean');
  });
});
