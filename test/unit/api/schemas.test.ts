import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { answerSchemas, validate, type Schema } from '../../../src/api/schemas.js';
import { SPEC_SUBSCRIPTION_FIELDS, payAsYouGoSubscription, prepaidSubscription, product } from '../../fixtures/subscriptions.js';

/**
 * The widget's zod schemas of the service's answers (`src/api/schemas.ts`), as every build runs them: what they
 * accept, unchanged, and what they refuse, with which message.
 */

const { ProductSchema, SubscriptionSchema } = answerSchemas();

/** A pay-as-you-go subscription with some fields replaced by values of the wrong type. */
const malformed = (fields: Record<string, unknown>): unknown => ({ ...payAsYouGoSubscription(), ...fields });

/** The checked answer of a payload that must be accepted. */
const accept = (schema: Schema<object>, value: unknown): Record<string, unknown> => {
  const checked = validate(schema, value);
  if ('problem' in checked) throw new Error(`expected the payload to be accepted, it was refused: ${checked.problem}`);
  return checked.data as Record<string, unknown>;
};

/** The developer-facing account of a payload that must be refused. */
const reject = (schema: Schema<object>, value: unknown): string => {
  const checked = validate(schema, value);
  if ('data' in checked) throw new Error(`expected the payload to be refused, it parsed as ${JSON.stringify(checked.data)}`);
  return checked.problem;
};

describe('Answers checked by their schemas', () => {
  it('are made once, at the first call, and the same schemas serve every widget after it', () => {
    expect(answerSchemas()).to.equal(answerSchemas());
    expect(answerSchemas().SubscriptionSchema).to.equal(SubscriptionSchema);
  });

  describe('SubscriptionSchema accepts what the service sends', () => {
    it('parses a pay-as-you-go subscription carrying every subscription field unchanged', () => {
      const payload = payAsYouGoSubscription();
      expect(Object.keys(payload)).to.include.members(SPEC_SUBSCRIPTION_FIELDS);
      const result = accept(SubscriptionSchema, payload);
      expect(result).to.deep.equal(payload);
    });

    it('parses a prepaid subscription with its prepaid_subscription_context', () => {
      const result = accept(SubscriptionSchema, prepaidSubscription());
      expect(result.prepaid_subscription_context).to.deep.equal({
        prepaid_orders_remaining: 0,
        prepaid_orders_per_billing: 6,
        renewal_behavior: 'autorenew',
      });
    });

    it('parses an empty object, since every field is optional', () => {
      expect(accept(SubscriptionSchema, {})).to.deep.equal({});
    });

    it('parses an empty prepaid_subscription_context, as sent for pay-as-you-go', () => {
      const result = accept(SubscriptionSchema, payAsYouGoSubscription({ prepaid_subscription_context: {} }));
      expect(result.prepaid_subscription_context).to.deep.equal({});
    });

    it('parses a cancelled subscription with its cancel date, reason and reason code', () => {
      const payload = payAsYouGoSubscription({
        live: false,
        cancelled: '2024-10-01 09:30:00',
        cancel_reason: 'Too much product',
        cancel_reason_code: 3,
        customer_rep: 1207,
      });
      const result = accept(SubscriptionSchema, payload);
      expect(result).to.deep.equal(payload);
    });

    it('parses components and queued_actions, whose element shapes the widget does not know', () => {
      const components = [{ product: 'a1b2', quantity: 1 }];
      const queued_actions = [{ action: 'change_product', data: { product: 'c3d4' } }];
      const result = accept(SubscriptionSchema, payAsYouGoSubscription({ components, queued_actions }));
      expect(result.components).to.deep.equal(components);
      expect(result.queued_actions).to.deep.equal(queued_actions);
    });

    it('passes fields the widget does not read through unchecked, whatever their type', () => {
      const payload = payAsYouGoSubscription({ frequency_days: 30.5, every: '1', components: { product: 'a1b2' }, extra_data: 'none' });
      expect(accept(SubscriptionSchema, payload)).to.deep.equal(payload);
    });
  });

  describe('SubscriptionSchema keeps fields it does not know', () => {
    it('answers what the payload holds, and leaves the payload unchanged', () => {
      const payload = payAsYouGoSubscription({ loyalty_tier: 'gold' });
      const snapshot = structuredClone(payload);
      expect(accept(SubscriptionSchema, payload)).to.deep.equal(snapshot);
      expect(payload).to.deep.equal(snapshot);
    });

    it('passes unknown top-level fields through untouched', () => {
      const result = accept(SubscriptionSchema, payAsYouGoSubscription({ loyalty_tier: 'gold', next_order_date: '2024-10-02' }));
      expect(result).to.include({ loyalty_tier: 'gold', next_order_date: '2024-10-02' });
    });

    it('passes unknown fields of extra_data and prepaid_subscription_context through', () => {
      const result = accept(
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
      expect(result.extra_data).to.deep.equal({ platform_contract_id: 'gid://shopify/SubscriptionContract/1', channel: 'pos' });
      expect(result.prepaid_subscription_context).to.include({ discount: '10%' });
    });
  });

  describe('SubscriptionSchema keeps what the real service adds (docs/service.md#subscriptions-and-products)', () => {
    it('passes the further prepaid context fields through untouched: last_renewal_revenue, prepaid_origin_merchant_order_id', () => {
      const prepaid_subscription_context = {
        prepaid_orders_remaining: 5,
        prepaid_orders_per_billing: 6,
        renewal_behavior: 'autorenew',
        last_renewal_revenue: 134.94,
        prepaid_origin_merchant_order_id: '#1042',
      };
      const payload = prepaidSubscription({ prepaid_subscription_context, subscription_type: 'replenishment', price: null });
      const result = accept(SubscriptionSchema, payload);
      expect(result).to.deep.equal(payload);
      expect(result.prepaid_subscription_context).to.deep.equal(prepaid_subscription_context);
    });

    it('does not check those fields, whatever their type: the widget does not read them', () => {
      const prepaid_subscription_context = { last_renewal_revenue: '134.94', prepaid_origin_merchant_order_id: 1042 };
      expect(accept(SubscriptionSchema, prepaidSubscription({ prepaid_subscription_context }))).to.deep.include({
        prepaid_subscription_context,
      });
    });
  });

  describe('SubscriptionSchema allows null where a field may be null', () => {
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
        const result = accept(SubscriptionSchema, payAsYouGoSubscription({ [field]: null }));
        expect(result[field]).to.equal(null);
      });
    }

    it('accepts fields of type "any" holding any JSON value', () => {
      const payload = payAsYouGoSubscription({ iteration: '7', sequence: 3, product_attribute: { size: 'L' }, club: [1, 2] });
      expect(accept(SubscriptionSchema, payload)).to.deep.equal(payload);
    });

    it('refuses null for fields that are never null', () => {
      expect(reject(SubscriptionSchema, malformed({ public_id: null }))).to.equal('public_id: expected string');
      expect(reject(SubscriptionSchema, malformed({ quantity: null }))).to.equal('quantity: expected number');
    });
  });

  describe('SubscriptionSchema refuses wrongly typed fields instead of coercing them', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['a string where an integer is due', { quantity: '1' }, 'quantity: expected number'],
      ['a fractional number where an integer is due', { quantity: 1.5 }, 'quantity: expected int'],
      ['a number past 2^53 where an integer is due', { quantity: 2 ** 53 }, 'quantity: too_big (int)'],
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
        expect(reject(SubscriptionSchema, malformed(overrides))).to.equal(description);
      });
    }

    it('rejects a payload that is not an object at all', () => {
      expect(reject(SubscriptionSchema, [payAsYouGoSubscription()])).to.equal('(root): expected object');
      expect(reject(SubscriptionSchema, 'subscription')).to.equal('(root): expected object');
    });

    it('lists at most three problems, separated by semicolons', () => {
      const text = reject(SubscriptionSchema, malformed({ quantity: '1', price: 12.5, live: 'yes', cancelled: 1 }));
      expect(text.split('; ')).to.have.length(3);
      expect(text).to.equal('quantity: expected number; price: expected string; cancelled: expected string');
    });
  });

  describe('ProductSchema', () => {
    it('parses a product as the service sends it', () => {
      const payload = product();
      expect(accept(ProductSchema, payload)).to.deep.equal(payload);
    });

    it('keeps unknown product fields', () => {
      expect(accept(ProductSchema, product({ autoship_enabled: true }))).to.include({ autoship_enabled: true });
    });

    it('accepts a product without image or detail page', () => {
      expect(accept(ProductSchema, product({ image_url: null, detail_url: null }))).to.include({ image_url: null });
    });

    it('rejects prepaid_eligible sent as a string', () => {
      expect(reject(ProductSchema, { ...product(), prepaid_eligible: 'true' })).to.equal('prepaid_eligible: expected boolean');
    });
  });
});

// ---- over random answers -----------------------------------------------------------------------------------------

/**
 * The answer checker (`validate` of `src/api/schemas.ts`) over random answers: any JSON at all, and objects built from
 * each schema's own keys holding random values (right or wrong, nested as the schema nests). It never throws, and
 * every refusal says where: each of its problems begins with a path of the schema's keys and list indices, or
 * `(root)`.
 */

/** The definition zod keeps of a schema: enough to walk its objects, lists, optional and nullable values. */
interface Definition {
  type: string;
  shape?: Record<string, Schema<unknown>>;
  innerType?: Schema<unknown>;
  element?: Schema<unknown>;
}

const definition = (schema: Schema<unknown>): Definition => (schema as unknown as { _zod: { def: Definition } })._zod.def;

/** Every key of every object in `schema`, at any depth. */
function keysOf(schema: Schema<unknown>, into = new Set<string>()): Set<string> {
  const def = definition(schema);
  for (const [key, inner] of Object.entries(def.shape ?? {})) {
    into.add(key);
    keysOf(inner, into);
  }
  for (const inner of [def.innerType, def.element]) if (inner) keysOf(inner, into);
  return into;
}

/**
 * Values shaped like `schema`: its objects with some of their keys (and maybe others), its lists, and at every
 * place, sometimes, any JSON value instead.
 */
function shapedLike(schema: Schema<unknown>, depth = 0): fc.Arbitrary<unknown> {
  const def = definition(schema);
  const anyJson = fc.jsonValue({ maxDepth: 2 });
  if (depth > 4) return anyJson;
  let shaped: fc.Arbitrary<unknown> | undefined;
  if (def.shape) {
    const fields = Object.fromEntries(Object.entries(def.shape).map(([key, inner]) => [key, shapedLike(inner, depth + 1)]));
    shaped = fc
      .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(fc.string(), anyJson, { maxKeys: 2 }))
      .map(([known, others]) => ({ ...others, ...known }));
  } else if (def.element) {
    shaped = fc.array(shapedLike(def.element, depth + 1), { maxLength: 3 });
  } else if (def.innerType) {
    shaped = fc.oneof(shapedLike(def.innerType, depth), fc.constant(null), fc.constant(undefined));
  }
  return shaped ? fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: anyJson }) : anyJson;
}

/** Whether every problem of a refusal begins with a path of `keys` and indices, or `(root)`. */
function namesAPath(problem: string, keys: Set<string>): boolean {
  const problems = problem.split('; ');
  return (
    problems.length >= 1 &&
    problems.length <= 3 &&
    problems.every((one) => {
      const at = one.indexOf(': ');
      if (at <= 0 || one.length === at + 2) return false;
      const path = one.slice(0, at);
      return path === '(root)' || path.split('.').every((step) => keys.has(step) || /^\d+$/.test(step));
    })
  );
}

describe('validate over random answers', () => {
  for (const [name, schema] of Object.entries(answerSchemas()) as Array<[string, Schema<unknown>]>) {
    describe(name, () => {
      const keys = keysOf(schema);
      /** Checks one value: no exception, and either the data or a refusal that names a path. */
      const holds = (value: unknown) => {
        const checked = validate(schema, value);
        if ('problem' in checked) expect(namesAPath(checked.problem, keys), checked.problem).to.equal(true);
        else expect(checked).to.have.property('data');
      };

      it('never throws on any JSON, and names a field path or (root) in every refusal', () => {
        fc.assert(fc.property(fc.jsonValue(), holds), { numRuns: 300 });
      });

      it("never throws on objects of the schema's own keys with random values, and names a field path in every refusal", () => {
        fc.assert(fc.property(shapedLike(schema), holds), { numRuns: 300 });
      });

      it('accepts some of those objects and refuses others, so both sides are tried', () => {
        const outcomes = fc.sample(shapedLike(schema), { numRuns: 300, seed: 37 }).map((value) => 'data' in validate(schema, value));
        expect(outcomes).to.include(true).and.to.include(false);
      });
    });
  }
});
