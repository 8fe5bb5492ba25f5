import { expect } from '@open-wc/testing';
import {
  SANDBOX_CUSTOMERS,
  SANDBOX_MERCHANT,
  SANDBOX_MERCHANT_PREPAID_DISABLED,
  SANDBOX_PAGING_CUSTOMER_ID,
  SANDBOX_SUBSCRIPTIONS,
  createSandbox,
  redactCredential,
  type Sandbox,
} from '../../../src/sandbox/index.js';
import { storefrontFailureDetail } from '../../../src/sandbox/auth.js';
import { signMessage, signStorefrontToken } from '../../../src/server/index.js';
import { SPEC_SUBSCRIPTION_FIELDS } from '../../fixtures/subscriptions.js';
import { LOOPBACK, ORIGIN, asServer, call, expectError, tokenFor, type Answer, type CallOptions } from '../../helpers/sandbox-calls.js';

const ADA = SANDBOX_CUSTOMERS[0]!.customerId;
const GRACE = SANDBOX_CUSTOMERS[1]!.customerId;
const { eligible, prepaid, cancelled, notEligible, prepaidDisabled, eligibleEur, eligibleJpy } = SANDBOX_SUBSCRIPTIONS;
const NOON = Date.parse('2026-11-22T12:00:00Z');

const asAda = async (): Promise<CallOptions> => ({ token: await tokenFor(ADA) });

const upgrade = (sandbox: Sandbox, id: string, json: unknown, auth: CallOptions) =>
  call(sandbox, 'PATCH', `/subscriptions/${id}/upgrade_to_prepaid/`, { ...auth, json });

/** Follows `paging.next` from `path` to the end; returns every result and how many pages there were. */
async function walk(
  sandbox: Sandbox,
  path: string,
  auth: CallOptions,
): Promise<{ results: Array<Record<string, unknown>>; pages: number }> {
  const results: Array<Record<string, unknown>> = [];
  let next: string | null = path;
  let pages = 0;
  while (next) {
    const answer = await call(sandbox, 'GET', next, auth);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    results.push(...answer.body.results);
    next = answer.body.paging.next;
    pages++;
    if (next) expect(new URL(next).searchParams.get('cursor')).to.be.a('string');
  }
  return { results, pages };
}

/** What the sandbox sends: every field of a subscription, and the currency the service adds. */
const SUBSCRIPTION_FIELDS = [...SPEC_SUBSCRIPTION_FIELDS, 'currency_code'];

describe('sandbox: storefront scope', () => {
  it('answers the signed customer with the whole Subscription of their own pay-as-you-go subscription', async () => {
    const answer = await call(createSandbox(), 'GET', `/subscriptions/${eligible.id}/`, await asAda());
    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-type')).to.equal('application/json');
    expect(answer.body).to.have.all.keys(SUBSCRIPTION_FIELDS);
    expect(answer.body).to.include({
      public_id: eligible.id,
      customer: ADA,
      merchant: SANDBOX_MERCHANT.publicId,
      live: true,
      currency_code: 'USD',
    });
    expect(answer.body.prepaid_subscription_context).to.equal(null);
    expect(answer.body.price).to.match(/^\d+\.\d{2}$/);
    expect(answer.body.created).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(answer.body.start_date).to.match(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers 404, as for a missing one, when the customer asks for another customer’s subscription', async () => {
    const sandbox = createSandbox();
    const someoneElses = await call(sandbox, 'GET', `/subscriptions/${eligibleEur.id}/`, await asAda());
    const missing = await call(sandbox, 'GET', '/subscriptions/sub_does_not_exist/', await asAda());
    expectError(someoneElses, 404);
    expect(someoneElses.body).to.deep.equal(missing.body);
    expectError(await upgrade(sandbox, eligibleEur.id, { orders_per_billing: 3 }, await asAda()), 404);
  });

  it('lists only the customer’s own subscriptions, and only live ones with live=true', async () => {
    const sandbox = createSandbox();
    const all = await walk(sandbox, '/subscriptions/', await asAda());
    expect(all.results.map((s) => s.public_id)).to.have.members([eligible.id, prepaid.id, cancelled.id, notEligible.id]);
    const live = await walk(sandbox, '/subscriptions/?live=true', await asAda());
    expect(live.results.map((s) => s.public_id)).to.have.members([eligible.id, prepaid.id, notEligible.id]);
    expectError(await call(sandbox, 'GET', '/subscriptions/?live=yes', await asAda()), 400);
  });

  it('reads products of the customer’s merchant, with the documented fields', async () => {
    const sandbox = createSandbox();
    const subscription = (await call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, await asAda())).body;
    const answer = await call(sandbox, 'GET', `/products/${subscription.product}/`, await asAda());
    expect(answer.status).to.equal(200);
    expect(answer.body).to.have.all.keys([
      'product_id',
      'external_product_id',
      'name',
      'price',
      'image_url',
      'detail_url',
      'sku',
      'prepaid_eligible',
      'live',
      'autoship_enabled',
    ]);
    expect(answer.body).to.include({ product_id: subscription.product, prepaid_eligible: true, live: true });
    expect(answer.body.price).to.equal(subscription.price);
    expect(answer.body.image_url).to.match(/^data:image\/svg\+xml,/);
    const otherMerchants = await call(sandbox, 'GET', '/products/prod_chamomile/', await asAda());
    expectError(otherMerchants, 404);
  });

  it('refuses GET /customers with 403: listing customers needs the application scope', async () => {
    expectError(await call(createSandbox(), 'GET', '/customers', await asAda()), 403);
  });
});

describe('sandbox: application scope', () => {
  it('reads any subscription of the merchant and lists them all', async () => {
    const sandbox = createSandbox();
    const answer = await call(sandbox, 'GET', `/subscriptions/${eligibleJpy.id}/`, asServer);
    expect(answer.status).to.equal(200);
    expect(answer.body).to.include({ public_id: eligibleJpy.id, currency_code: 'JPY' });
    const { results } = await walk(sandbox, '/subscriptions/', asServer);
    expect(results.every((s) => s.merchant === SANDBOX_MERCHANT.publicId)).to.equal(true);
    expect(new Set(results.map((s) => s.customer))).to.include.keys(ADA, GRACE, SANDBOX_PAGING_CUSTOMER_ID);
    expectError(await call(sandbox, 'GET', `/subscriptions/${prepaidDisabled.id}/`, asServer), 404);
  });

  it('lists the merchant’s customers with their id, email, names and external id', async () => {
    const { results } = await walk(createSandbox(), '/customers', asServer);
    expect(results.map((c) => c.customer_id)).to.deep.equal(SANDBOX_CUSTOMERS.map((c) => c.customerId));
    expect(results[0]).to.deep.equal({
      customer_id: ADA,
      email: SANDBOX_CUSTOMERS[0]!.email,
      first_name: SANDBOX_CUSTOMERS[0]!.firstName,
      last_name: SANDBOX_CUSTOMERS[0]!.lastName,
      external_id: results[0]!.external_id,
    });
  });

  it('accepts only the key of the environment it pretends to be: the other one gets 403', async () => {
    const production = createSandbox();
    const staging = createSandbox({ environment: 'staging' });
    expect((await call(staging, 'GET', '/customers', { apiKey: SANDBOX_MERCHANT.apiKeys.staging })).status).to.equal(200);
    expectError(await call(production, 'GET', '/customers', { apiKey: SANDBOX_MERCHANT.apiKeys.staging }), 403, /staging/);
    expectError(await call(staging, 'GET', '/customers', { apiKey: SANDBOX_MERCHANT.apiKeys.production }), 403, /production/);
  });
});

describe('sandbox: refused credentials (401)', () => {
  let sandbox: Sandbox;
  beforeEach(() => {
    sandbox = createSandbox();
  });
  const path = `/subscriptions/${eligible.id}/`;

  it('refuses a request without any credential', async () => {
    expectError(await call(sandbox, 'GET', path), 401);
  });

  it('refuses a wrong API key', async () => {
    expectError(await call(sandbox, 'GET', path, { apiKey: 'sandbox_prod_key_guess' }), 401);
    expectError(await call(sandbox, 'GET', path, { apiKey: '' }), 401);
  });

  it('refuses a token whose signature does not match', async () => {
    const token = JSON.parse(await tokenFor(ADA));
    const forged = JSON.stringify({ ...token, sig_field: GRACE });
    expectError(await call(sandbox, 'GET', path, { token: forged }), 401);
    const wrongKey = await signStorefrontToken({
      merchantPublicId: SANDBOX_MERCHANT.publicId,
      customerId: ADA,
      hashKey: 'not-the-hash-key',
    });
    expectError(await call(sandbox, 'GET', path, { token: wrongKey }), 401);
  });

  it('refuses a malformed token', async () => {
    for (const token of ['', 'not json', '{"public_id":"mer_northwind"}', `ada|${Math.floor(Date.now() / 1000)}|c2ln`]) {
      expectError(await call(sandbox, 'GET', path, { token }), 401);
    }
  });

  it('refuses a token with "|" or a control character in a signed field, its detail naming the field', async () => {
    const ts = Math.floor(Date.now() / 1000);
    // Genuinely signed over the text such a token stands for, as a signer without the check would sign it.
    const handSigned = async (customerId: string, trustLevel?: string) =>
      JSON.stringify({
        public_id: SANDBOX_MERCHANT.publicId,
        ts,
        sig_field: customerId,
        sig: await signMessage(
          SANDBOX_MERCHANT.hashKey,
          trustLevel === undefined ? `${customerId}|${ts}` : `${customerId}|${trustLevel}|${ts}`,
        ),
        ...(trustLevel === undefined ? {} : { trust_level: trustLevel }),
      });
    expectError(
      await call(sandbox, 'GET', path, { token: await handSigned(`${ADA}|gold`) }),
      401,
      /^The storefront token's sig_field contains "\|", which separates the fields of the signed text/,
    );
    expectError(
      await call(sandbox, 'GET', path, { token: await handSigned(ADA, 'gold\n') }),
      401,
      /trust_level contains a line break \(U\+000A\)/,
    );
    // The reading the "|" would otherwise allow, customer ADA at trust level "gold", is a token of its own.
    expect((await call(sandbox, 'GET', path, { token: await handSigned(ADA, 'gold') })).status).to.equal(200);
  });

  it("names public_id in the detail for another merchant's token", () => {
    const refusal = { valid: false, reason: 'other-merchant', field: 'public_id', message: '' } as const;
    expect(storefrontFailureDetail(refusal)).to.equal('The storefront token public_id names another merchant.');
  });

  it('refuses a token of an unknown merchant or for a customer the merchant does not have', async () => {
    const unknownMerchant = await tokenFor(ADA, { merchant: { publicId: 'mer_unknown', hashKey: SANDBOX_MERCHANT.hashKey } });
    expectError(await call(sandbox, 'GET', path, { token: unknownMerchant }), 401, /public_id names an unknown merchant/);
    expectError(await call(sandbox, 'GET', path, { token: await tokenFor('cus_nobody') }), 401);
  });

  it('refuses a token older than 2 hours with a detail that says it expired, and allows a little clock skew', async () => {
    let clock = NOON;
    const clocked = createSandbox({ now: () => clock });
    const token = await tokenFor(ADA, { ts: NOON / 1000 });
    clock = NOON + 2 * 60 * 60 * 1000;
    expect((await call(clocked, 'GET', path, { token })).status).to.equal(200);
    clock += 1000;
    expectError(await call(clocked, 'GET', path, { token }), 401, /expired/i);

    clock = NOON - 4 * 60 * 1000;
    expect((await call(clocked, 'GET', path, { token })).status).to.equal(200);
    clock = NOON - 10 * 60 * 1000;
    expectError(await call(clocked, 'GET', path, { token }), 401);
  });

  it('accepts a ts sent as a string of digits, verified over the text as sent', async () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const asString = async (text: string) =>
      JSON.stringify({ ...JSON.parse(await tokenFor(ADA)), ts: text, sig: await signMessage(SANDBOX_MERCHANT.hashKey, `${ADA}|${text}`) });
    expect((await call(sandbox, 'GET', path, { token: await asString(ts) })).status).to.equal(200);
    expect((await call(sandbox, 'GET', path, { token: await asString(`0${ts}`) })).status, 'a leading zero, signed as such').to.equal(200);
    const signedWithoutTheZero = JSON.stringify({ ...JSON.parse(await asString(ts)), ts: `0${ts}` });
    expectError(await call(sandbox, 'GET', path, { token: signedWithoutTheZero }), 401, /sig is made over another text of ts/);
  });

  it('refuses a ts in milliseconds with a detail that says so, as a number or a string', async () => {
    const ms = Date.now();
    // Signed by hand: the signer itself refuses a ts in milliseconds.
    const asNumber = JSON.stringify({
      ...JSON.parse(await tokenFor(ADA)),
      ts: ms,
      sig: await signMessage(SANDBOX_MERCHANT.hashKey, `${ADA}|${ms}`),
    });
    const asString = JSON.stringify({ ...JSON.parse(asNumber), ts: String(ms) });
    for (const token of [asNumber, asString]) {
      expectError(await call(sandbox, 'GET', path, { token }), 401, /looks like milliseconds.*Unix seconds/);
    }
  });
});

describe('sandbox: both credentials on one request', () => {
  it('lets the x-api-key decide the scope, so a wrong key fails even beside a valid token', async () => {
    const sandbox = createSandbox();
    const token = await tokenFor(ADA);
    expectError(await call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, { token, apiKey: 'wrong' }), 401);
    const answer = await call(sandbox, 'GET', `/subscriptions/${eligibleEur.id}/`, { token, ...asServer });
    expect(answer.status).to.equal(200);
  });
});

describe('sandbox: cursor paging', () => {
  it('walks GET /customers page by page with no duplicates and no gaps', async () => {
    const sandbox = createSandbox();
    const everyone = (await call(sandbox, 'GET', '/customers?limit=100', asServer)).body;
    expect(everyone.paging.next).to.equal(null);
    const { results, pages } = await walk(sandbox, '/customers?limit=2', asServer);
    expect(pages).to.equal(Math.ceil(everyone.results.length / 2));
    expect(results).to.deep.equal(everyone.results);
  });

  it('walks a customer’s 25+ subscriptions with the default page size of 20, keeping the filter', async () => {
    const sandbox = createSandbox();
    const token = await tokenFor(SANDBOX_PAGING_CUSTOMER_ID);
    const first = await call(sandbox, 'GET', '/subscriptions/?live=true', { token });
    expect(first.body.results).to.have.length(20);
    const next = new URL(first.body.paging.next);
    expect(next.origin + next.pathname).to.equal(`${ORIGIN}/subscriptions/`);
    expect(next.searchParams.get('live')).to.equal('true');

    const { results, pages } = await walk(sandbox, '/subscriptions/?live=true', { token });
    const ids = results.map((s) => s.public_id);
    expect(pages).to.equal(2);
    expect(ids.length).to.be.at.least(25);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(results.every((s) => s.live === true && s.customer === SANDBOX_PAGING_CUSTOMER_ID)).to.equal(true);
    const byThree = await walk(sandbox, '/subscriptions/?live=true&limit=3', { token });
    expect(byThree.results.map((s) => s.public_id)).to.deep.equal(ids);
  });

  it('answers an empty list, still a success, when there is nothing to list', async () => {
    const answer = await call(createSandbox(), 'GET', '/subscriptions/', { token: await tokenFor('cus_katherine') });
    expect(answer.status).to.equal(200);
    expect(answer.body).to.deep.equal({ results: [], paging: { next: null } });
  });

  it('refuses a limit outside 1..100 and a cursor it did not issue with 400', async () => {
    const sandbox = createSandbox();
    for (const query of ['limit=0', 'limit=101', 'limit=ten', 'limit=-1', 'cursor=bogus', 'cursor=b2Zmc2V0Oi0x', 'cursor=']) {
      expectError(await call(sandbox, 'GET', `/customers?${query}`, asServer), 400);
    }
    expect((await call(sandbox, 'GET', '/customers?limit=1', asServer)).status).to.equal(200);
    expect((await call(sandbox, 'GET', '/customers?limit=100', asServer)).status).to.equal(200);
  });
});

describe('sandbox: upgrade to prepaid', () => {
  it('makes a pay-as-you-go subscription prepaid and answers the whole updated subscription', async () => {
    const sandbox = createSandbox({ now: () => NOON });
    const ada = { token: await tokenFor(ADA, { ts: NOON / 1000 }) };
    const before = (await call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, ada)).body;
    const answer = await upgrade(sandbox, eligible.id, { orders_per_billing: 6, renewal_behavior: 'downgrade' }, ada);
    expect(answer.status).to.equal(200);
    expect(answer.body).to.have.all.keys(SUBSCRIPTION_FIELDS);
    expect(answer.body.prepaid_subscription_context).to.deep.equal({
      prepaid_orders_remaining: 0,
      prepaid_orders_per_billing: 6,
      renewal_behavior: 'downgrade',
    });
    expect(answer.body.updated).to.equal('2026-11-22 12:00:00');
    expect({ ...answer.body, updated: before.updated, prepaid_subscription_context: null }).to.deep.equal(before);
    const after = await call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, ada);
    expect(after.body).to.deep.equal(answer.body);
  });

  it('defaults to autorenew and the live offer, and re-associates a named offer of the product', async () => {
    const sandbox = createSandbox();
    const grace = { token: await tokenFor(GRACE) };
    const before = (await call(sandbox, 'GET', `/subscriptions/${eligibleEur.id}/`, grace)).body;
    const live = await upgrade(sandbox, eligibleEur.id, { orders_per_billing: 3 }, grace);
    expect(live.status).to.equal(200);
    expect(live.body.prepaid_subscription_context.renewal_behavior).to.equal('autorenew');
    expect(live.body.offer).to.not.equal(before.offer);

    const named = await upgrade(sandbox, eligible.id, { orders_per_billing: 12, offer: 'off_morning_roast_2w' }, await asAda());
    expect(named.status).to.equal(200);
    expect(named.body.offer).to.equal('off_morning_roast_2w');
  });

  it('upgrades from the application scope too', async () => {
    const answer = await upgrade(createSandbox(), eligibleJpy.id, { orders_per_billing: 4, renewal_behavior: 'cancel' }, asServer);
    expect(answer.status).to.equal(200);
    expect(answer.body.prepaid_subscription_context.renewal_behavior).to.equal('cancel');
  });
});

describe('sandbox: upgrade refusals (400)', () => {
  let sandbox: Sandbox;
  beforeEach(() => {
    sandbox = createSandbox();
  });

  /** Sends the upgrade, expects a 400, and checks that the subscription did not change; returns the answer. */
  async function refused(id: string, body: CallOptions, auth: CallOptions): Promise<Answer> {
    const before = (await call(sandbox, 'GET', `/subscriptions/${id}/`, auth)).body;
    const answer = await call(sandbox, 'PATCH', `/subscriptions/${id}/upgrade_to_prepaid/`, { ...auth, ...body });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(400);
    expect(answer.headers.get('content-type')).to.equal('application/json');
    expect((await call(sandbox, 'GET', `/subscriptions/${id}/`, auth)).body).to.deep.equal(before);
    return answer;
  }

  /** A refusal with a `detail`, as the service sends for a request that is wrong as a whole. */
  async function expectRefused(id: string, body: CallOptions, auth: CallOptions, detail?: RegExp) {
    expectError(await refused(id, body, auth), 400, detail);
  }

  /** A refusal with field errors, `{"<field>": ["<message>"]}`, as the service's validation sends them. */
  async function expectFieldErrors(json: unknown, errors: Record<string, string[]>) {
    expect((await refused(eligible.id, { json }, await asAda())).body).to.deep.equal(errors);
  }

  it('refuses a body that is not JSON, or not a JSON object, with a detail', async () => {
    await expectRefused(eligible.id, { body: '{"orders_per_billing": 6' }, await asAda(), /JSON/);
    await expectRefused(eligible.id, { body: '' }, await asAda(), /JSON/);
    await expectRefused(eligible.id, { json: [6] }, await asAda(), /JSON object/);
    await expectRefused(eligible.id, { json: 6 }, await asAda(), /JSON object/);
  });

  it('refuses a missing orders_per_billing as a required field', async () => {
    await expectFieldErrors({}, { orders_per_billing: ['This field is required.'] });
    await expectFieldErrors({ renewal_behavior: 'cancel' }, { orders_per_billing: ['This field is required.'] });
  });

  it('refuses an orders_per_billing that is not an integer as a field error', async () => {
    for (const orders of ['6', 6.5, true, [6], { n: 6 }, 2 ** 53]) {
      await expectFieldErrors({ orders_per_billing: orders }, { orders_per_billing: ['A valid integer is required.'] });
    }
    await expectFieldErrors({ orders_per_billing: null }, { orders_per_billing: ['This field cannot be null.'] });
  });

  it('refuses an integer orders_per_billing under 3 with a detail', async () => {
    for (const orders of [2, 0, -3]) {
      await expectRefused(
        eligible.id,
        { json: { orders_per_billing: orders } },
        await asAda(),
        /^orders_per_billing must be an integer greater than 2\.$/,
      );
    }
  });

  it('refuses an unknown renewal_behavior as a field error naming the value', async () => {
    await expectFieldErrors(
      { orders_per_billing: 6, renewal_behavior: 'renew' },
      { renewal_behavior: ["Value 'renew' is not a valid choice."] },
    );
    await expectFieldErrors({ orders_per_billing: 6, renewal_behavior: '' }, { renewal_behavior: ["Value '' is not a valid choice."] });
    await expectFieldErrors({ orders_per_billing: 6, renewal_behavior: 3 }, { renewal_behavior: ["Value '3' is not a valid choice."] });
    await expectFieldErrors({ orders_per_billing: 6, renewal_behavior: null }, { renewal_behavior: ['This field cannot be null.'] });
  });

  it('names every field in error at once, before the rule on the number of orders', async () => {
    await expectFieldErrors(
      { renewal_behavior: 'x', offer: 7 },
      {
        orders_per_billing: ['This field is required.'],
        renewal_behavior: ["Value 'x' is not a valid choice."],
        offer: ['Not a valid string.'],
      },
    );
    await expectFieldErrors({ orders_per_billing: 2, renewal_behavior: 'x' }, { renewal_behavior: ["Value 'x' is not a valid choice."] });
  });

  it('refuses an offer that is not a non-empty string as a field error', async () => {
    await expectFieldErrors({ orders_per_billing: 6, offer: '' }, { offer: ['This field may not be blank.'] });
    await expectFieldErrors({ orders_per_billing: 6, offer: null }, { offer: ['This field cannot be null.'] });
  });

  it('refuses an offer that is not one of the product’s with a detail', async () => {
    await expectRefused(eligible.id, { json: { orders_per_billing: 6, offer: 'off_unknown' } }, await asAda(), /offer/);
    await expectRefused(eligible.id, { json: { orders_per_billing: 6, offer: 'off_earl_grey_4w' } }, await asAda(), /offer/);
  });

  it('refuses when the merchant has prepaid disabled', async () => {
    const token = await tokenFor(prepaidDisabled.customerId, { merchant: SANDBOX_MERCHANT_PREPAID_DISABLED });
    await expectRefused(prepaidDisabled.id, { json: { orders_per_billing: 6 } }, { token }, /not enabled/);
  });

  it('refuses a subscription that is already prepaid', async () => {
    await expectRefused(prepaid.id, { json: { orders_per_billing: 6 } }, await asAda(), /already prepaid/);
  });

  it('refuses a subscription that is not live', async () => {
    await expectRefused(cancelled.id, { json: { orders_per_billing: 6 } }, await asAda(), /not live/);
  });

  it('refuses a subscription whose product is not prepaid-eligible', async () => {
    await expectRefused(notEligible.id, { json: { orders_per_billing: 6 } }, await asAda(), /not eligible/);
  });
});

describe('sandbox: request size', () => {
  it('answers 413 to a body over 64 KiB, and accepts one just under', async () => {
    const sandbox = createSandbox();
    const padded = (size: number) => {
      const body = JSON.stringify({ orders_per_billing: 6, note: '' });
      return body.replace('""', `"${'x'.repeat(size - body.length)}"`);
    };
    expect(padded(64 * 1024)).to.have.length(64 * 1024);
    expectError(
      await call(sandbox, 'PATCH', `/subscriptions/${eligible.id}/upgrade_to_prepaid/`, {
        ...(await asAda()),
        body: padded(64 * 1024 + 1),
      }),
      413,
    );
    const fits = await call(sandbox, 'PATCH', `/subscriptions/${eligible.id}/upgrade_to_prepaid/`, {
      ...(await asAda()),
      body: padded(64 * 1024),
    });
    expect(fits.status).to.equal(200);
  });
});

describe('sandbox: concurrent upgrades (423)', () => {
  it('answers 423 to a second upgrade of the same subscription while the first is under way', async () => {
    const sandbox = createSandbox({ writeDurationMs: 200 });
    const auth = await asAda();
    const answers = await Promise.all([
      upgrade(sandbox, eligible.id, { orders_per_billing: 3 }, auth),
      upgrade(sandbox, eligible.id, { orders_per_billing: 6 }, auth),
    ]);
    // Which of the two takes the lock first is the engine's business (Firefox reads bodies whole, and the second
    // body may be read first); that one wins and the other is refused with 423.
    const [winner, loser] = answers[0]!.status === 200 ? answers : [answers[1]!, answers[0]!];
    expect(winner!.status).to.equal(200);
    expectError(loser!, 423);
    const other = await upgrade(sandbox, eligibleEur.id, { orders_per_billing: 3 }, asServer);
    expect(other.status, 'another subscription is not locked').to.equal(200);
  });

  it('lets exactly one of 50 concurrent upgrades succeed, and keeps the winner’s choice', async () => {
    const sandbox = createSandbox({ writeDurationMs: 100 });
    const auth = await asAda();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => upgrade(sandbox, eligible.id, { orders_per_billing: 3 + i }, auth)),
    );
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).to.have.length(1);
    for (const loser of answers.filter((a) => a.status !== 200)) expect([400, 423]).to.include(loser.status);
    const final = (await call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, auth)).body;
    expect(final).to.deep.equal(winners[0]!.body);
  });
});

describe('sandbox: rate limit (429)', () => {
  it('refuses a credential past its quota with Retry-After in whole seconds, until the window ends', async () => {
    let clock = NOON;
    const sandbox = createSandbox({ now: () => clock, rateLimit: { limit: 3, windowMs: 10_000 } });
    const ada = { token: await tokenFor(ADA, { ts: NOON / 1000 }) };
    for (let i = 0; i < 3; i++) expect((await call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, ada)).status).to.equal(200);
    clock += 2500;
    const refused = await call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, ada);
    expectError(refused, 429);
    expect(refused.headers.get('retry-after')).to.equal('8');

    expect((await call(sandbox, 'GET', '/customers', asServer)).status, 'another credential has its own quota').to.equal(200);
    clock += 7500;
    expect((await call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, ada)).status).to.equal(200);
  });
});

describe('sandbox: routes, methods and CORS', () => {
  it('answers an unknown route with a JSON 404, with a hint when only the trailing slash is missing', async () => {
    const sandbox = createSandbox();
    expectError(await call(sandbox, 'GET', '/invoices/', asServer), 404);
    expectError(await call(sandbox, 'GET', `/subscriptions/${eligible.id}`, asServer), 404, /end with a slash/);
  });

  it('answers a wrong method on a known route with a JSON 405 and Allow', async () => {
    const sandbox = createSandbox();
    const answer = await call(sandbox, 'POST', `/subscriptions/${eligible.id}/upgrade_to_prepaid/`, { ...asServer, json: {} });
    expectError(answer, 405);
    expect(answer.headers.get('allow')).to.equal('PATCH');
    expectError(await call(sandbox, 'DELETE', `/subscriptions/${eligible.id}/`, asServer), 405);
  });

  it('answers a preflight with 204 and lets any origin send the credential headers', async () => {
    const sandbox = createSandbox();
    const preflight = await call(sandbox, 'OPTIONS', `/subscriptions/${eligible.id}/upgrade_to_prepaid/`);
    expect(preflight.status).to.equal(204);
    for (const answer of [preflight, await call(sandbox, 'GET', '/customers'), await call(sandbox, 'GET', '/customers', asServer)]) {
      expect(answer.headers.get('access-control-allow-origin')).to.equal('*');
      expect(answer.headers.get('access-control-allow-headers'))
        .to.include('authorization')
        .and.include('x-api-key')
        .and.include('content-type');
      expect(answer.headers.get('access-control-allow-methods')).to.include('PATCH').and.include('GET');
    }
  });

  it('serves under its base path only', async () => {
    const sandbox = createSandbox({ basePath: '/sandbox' });
    expect((await call(sandbox, 'GET', `/sandbox/subscriptions/${eligible.id}/`, asServer)).status).to.equal(200);
    expectError(await call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, asServer), 404);
    expectError(await call(sandbox, 'GET', `/sandboxed/subscriptions/${eligible.id}/`, asServer), 404);
  });
});

describe('sandbox: injected faults', () => {
  let sandbox: Sandbox;
  beforeEach(() => {
    sandbox = createSandbox();
  });
  const addFault = (fault: Record<string, unknown>) => call(sandbox, 'POST', '/__sandbox/faults', { json: fault });
  const getEligible = async () => call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, await asAda());

  it('answers the next N matching requests with the status, then answers normally again', async () => {
    expect((await addFault({ status: 503, count: 2, detail: 'Down for maintenance.' })).status).to.equal(201);
    expectError(await getEligible(), 503, /maintenance/);
    expectError(await getEligible(), 503);
    expect((await getEligible()).status).to.equal(200);
  });

  it('applies only to requests that match its method and path', async () => {
    await addFault({ status: 500, method: 'patch', path: 'upgrade_to_prepaid' });
    expect((await getEligible()).status).to.equal(200);
    expect((await call(sandbox, 'GET', '/__sandbox/faults')).body).to.have.length(1);
    expectError(await upgrade(sandbox, eligible.id, { orders_per_billing: 3 }, await asAda()), 500);
    expect((await upgrade(sandbox, eligible.id, { orders_per_billing: 3 }, await asAda())).status).to.equal(200);
  });

  it('answers an injected 429 with Retry-After, 1 s unless told otherwise', async () => {
    await addFault({ status: 429 });
    await addFault({ status: 429, retryAfter: 5 });
    expect((await getEligible()).headers.get('retry-after')).to.equal('1');
    expect((await getEligible()).headers.get('retry-after')).to.equal('5');
  });

  it('answers a raw body instead, for malformed responses', async () => {
    await addFault({ status: 200, body: '{"public_id": ', contentType: 'application/json' });
    const response = await sandbox.handle(
      new Request(`${ORIGIN}/subscriptions/${eligible.id}/`, { headers: { authorization: await tokenFor(ADA) } }),
    );
    expect(response.status).to.equal(200);
    expect(await response.text()).to.equal('{"public_id": ');
  });

  it('answers status 0, a network failure, with a network error (what a service worker turns into a failed fetch)', async () => {
    await addFault({ status: 0 });
    const response = await sandbox.handle(
      new Request(`${ORIGIN}/subscriptions/${eligible.id}/`, { headers: { authorization: await tokenFor(ADA) } }),
    );
    expect(response.type).to.equal('error');
    expect(response.status).to.equal(0);
    const [logged] = (await call(sandbox, 'GET', '/__sandbox/requests')).body;
    expect(logged.status).to.equal(0);
  });

  it('delays the answer by its latency when it has no status', async () => {
    await addFault({ latencyMs: 150 });
    const started = performance.now();
    expect((await getEligible()).status).to.equal(200);
    expect(performance.now() - started).to.be.at.least(140);
  });

  it('lists queued faults, clears them, and refuses a fault it does not understand', async () => {
    await addFault({ status: 502, count: 3, path: 'products' });
    const [listed] = (await call(sandbox, 'GET', '/__sandbox/faults')).body;
    expect(listed).to.include({ status: 502, remaining: 3, path: 'products' });
    expect((await call(sandbox, 'DELETE', '/__sandbox/faults')).status).to.equal(204);
    expect((await call(sandbox, 'GET', '/__sandbox/faults')).body).to.deep.equal([]);
    for (const fault of [{ status: 99 }, { status: 503, count: 0 }, { latency: 100 }, {}, { status: '503' }]) {
      expectError(await addFault(fault), 400);
    }
  });
});

describe('sandbox: latency on every request', () => {
  it('adds the latency set through /__sandbox/latency until it is changed', async () => {
    const sandbox = createSandbox();
    expect((await call(sandbox, 'POST', '/__sandbox/latency', { json: { latencyMs: 120 } })).body).to.deep.equal({ latencyMs: 120 });
    const started = performance.now();
    await call(sandbox, 'GET', '/customers', asServer);
    await call(sandbox, 'GET', '/customers', asServer);
    expect(performance.now() - started).to.be.at.least(230);
    await call(sandbox, 'POST', '/__sandbox/latency', { json: { latencyMs: 0 } });
    expect((await call(sandbox, 'GET', '/__sandbox/latency')).body).to.deep.equal({ latencyMs: 0 });
    expectError(await call(sandbox, 'POST', '/__sandbox/latency', { json: { latencyMs: -1 } }), 400);
  });
});

describe('sandbox: request log', () => {
  it('records every API request with its headers, body and status, and can be cleared', async () => {
    const sandbox = createSandbox();
    const ada = await asAda();
    await call(sandbox, 'GET', '/subscriptions/?live=true&limit=5', ada);
    await upgrade(sandbox, eligible.id, { orders_per_billing: 6, renewal_behavior: 'cancel' }, ada);
    await call(sandbox, 'PATCH', `/subscriptions/${eligible.id}/upgrade_to_prepaid/`, { ...ada, body: 'six please' });
    await call(sandbox, 'GET', '/__sandbox/info');

    const log = (await call(sandbox, 'GET', '/__sandbox/requests')).body;
    expect(log.map((r: { method: string; path: string; status: number }) => [r.method, r.path, r.status])).to.deep.equal([
      ['GET', '/subscriptions/', 200],
      ['PATCH', `/subscriptions/${eligible.id}/upgrade_to_prepaid/`, 200],
      ['PATCH', `/subscriptions/${eligible.id}/upgrade_to_prepaid/`, 400],
    ]);
    expect(log[0]).to.include({ search: '?live=true&limit=5', body: null });
    expect(log[1].headers).to.include({ authorization: await redactCredential(ada.token!), 'content-type': 'application/json' });
    expect(log[1].body).to.deep.equal({ orders_per_billing: 6, renewal_behavior: 'cancel' });
    expect(log[2].body).to.equal('six please');

    expect((await call(sandbox, 'DELETE', '/__sandbox/requests')).status).to.equal(204);
    expect((await call(sandbox, 'GET', '/__sandbox/requests')).body).to.deep.equal([]);
  });

  // A page cannot send a Cookie header of its own: test/node/sandbox-control.test.ts and the example store's test send one.
  it('holds no credential: tokens and keys are fingerprints, in the headers, the query and the body', async () => {
    const sandbox = createSandbox();
    const token = await tokenFor(ADA);
    const headers = { authorization: token, 'x-auth-token': 'tok-123', 'content-type': 'application/json' };
    const sent = { orders_per_billing: 6, renewal_behavior: 'cancel', token: 'tok-in-body', nested: [{ api_key: 'key-in-body' }] };
    await sandbox.handle(
      new Request(`${ORIGIN}/subscriptions/${eligible.id}/upgrade_to_prepaid/?access_token=tok-in-query&page=2`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify(sent),
      }),
      LOOPBACK,
    );
    await call(sandbox, 'GET', '/customers', asServer);
    const log = (await call(sandbox, 'GET', '/__sandbox/requests')).body;
    const text = JSON.stringify(log);
    const { sig } = JSON.parse(token);
    for (const secret of [token, sig, 'tok-123', 'tok-in-query', 'tok-in-body', 'key-in-body', SANDBOX_MERCHANT.apiKeys.production])
      expect(text, secret).not.to.include(secret);
    expect(log[0].headers).to.include({ authorization: await redactCredential(token), 'x-auth-token': await redactCredential('tok-123') });
    expect(log[0].headers.authorization).to.match(/^\[redacted sha256:[0-9a-f]{16}\]$/);
    expect(new URLSearchParams(log[0].search).get('access_token')).to.equal(await redactCredential('tok-in-query'));
    expect(new URLSearchParams(log[0].search).get('page')).to.equal('2');
    expect(log[0].body).to.deep.equal({
      orders_per_billing: 6,
      renewal_behavior: 'cancel',
      token: await redactCredential('tok-in-body'),
      nested: [{ api_key: await redactCredential('key-in-body') }],
    });
    expect(log[1].headers['x-api-key']).to.equal(await redactCredential(SANDBOX_MERCHANT.apiKeys.production));
    expect(sandbox.instance().requests).to.deep.equal(log, 'the log read in code holds no more');
  });

  it('keeps 2 KiB of a body, and says it cut it', async () => {
    const sandbox = createSandbox();
    const long = JSON.stringify({ orders_per_billing: 6, note: 'x'.repeat(60 * 1024) });
    await call(sandbox, 'PATCH', `/subscriptions/${eligible.id}/upgrade_to_prepaid/`, { ...(await asAda()), body: long });
    const [logged] = (await call(sandbox, 'GET', '/__sandbox/requests')).body;
    expect(logged.body).to.equal(long.slice(0, 2048));
    expect(logged.bodyTruncated).to.equal(true);
  });

  it('keeps nothing of a request for no endpoint, for another method, or with a body too large to read', async () => {
    const sandbox = createSandbox();
    const ada = await asAda();
    expectError(await call(sandbox, 'GET', '/nowhere/', ada), 404);
    expectError(await call(sandbox, 'DELETE', `/subscriptions/${eligible.id}/`, ada), 405);
    const tooLarge = await call(sandbox, 'PATCH', `/subscriptions/${eligible.id}/upgrade_to_prepaid/`, {
      ...ada,
      body: 'x'.repeat(65 * 1024),
    });
    expectError(tooLarge, 413);
    expect((await call(sandbox, 'GET', '/__sandbox/requests')).body).to.deep.equal([]);
  });
});

describe('sandbox: reset', () => {
  it('reseeds the data and forgets faults, latency, the order listing’s shape, rate limits and the log', async () => {
    const sandbox = createSandbox({ rateLimit: { limit: 1, windowMs: 60_000 } });
    const ada = await asAda();
    await upgrade(sandbox, eligible.id, { orders_per_billing: 6 }, ada);
    await call(sandbox, 'POST', '/__sandbox/faults', { json: { status: 500, path: 'products' } });
    await call(sandbox, 'POST', '/__sandbox/latency', { json: { latencyMs: 50 } });
    await call(sandbox, 'POST', '/__sandbox/order-listing', { json: { shape: 'reference' } });
    expectError(await call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, ada), 429);

    expect((await call(sandbox, 'POST', '/__sandbox/reset')).status).to.equal(204);
    expect((await call(sandbox, 'GET', '/__sandbox/faults')).body).to.deep.equal([]);
    expect((await call(sandbox, 'GET', '/__sandbox/latency')).body).to.deep.equal({ latencyMs: 0 });
    expect((await call(sandbox, 'GET', '/__sandbox/order-listing')).body).to.deep.equal({ shape: 'complete' });
    expect((await call(sandbox, 'GET', '/__sandbox/requests')).body).to.deep.equal([]);
    const reseeded = await call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, ada);
    expect(reseeded.status).to.equal(200);
    expect(reseeded.body.prepaid_subscription_context).to.equal(null);
  });
});

describe('sandbox: isolated instances', () => {
  it('gives each /i/{id}/ its own freshly seeded state, apart from the default instance', async () => {
    const sandbox = createSandbox({ basePath: '/sandbox' });
    const ada = await asAda();
    const upgraded = await call(sandbox, 'PATCH', `/sandbox/i/test-a/subscriptions/${eligible.id}/upgrade_to_prepaid/`, {
      ...ada,
      json: { orders_per_billing: 6 },
    });
    expect(upgraded.status).to.equal(200);
    await call(sandbox, 'POST', '/sandbox/i/test-a/__sandbox/faults', { json: { status: 503 } });

    for (const base of ['/sandbox', '/sandbox/i/test_b']) {
      const answer = await call(sandbox, 'GET', `${base}/subscriptions/${eligible.id}/`, ada);
      expect(answer.status, base).to.equal(200);
      expect(answer.body.prepaid_subscription_context, base).to.equal(null);
      expect((await call(sandbox, 'GET', `${base}/__sandbox/requests`)).body, base).to.have.length(1);
    }
    expectError(await call(sandbox, 'GET', `/sandbox/i/test-a/subscriptions/${eligible.id}/`, ada), 503);
    const again = await call(sandbox, 'GET', `/sandbox/i/test-a/subscriptions/${eligible.id}/`, ada);
    expect(again.body.prepaid_subscription_context.prepaid_orders_per_billing).to.equal(6);
    expect(sandbox.instance('test-a').requests).to.have.length(3);
  });

  it('keeps the instance in the paging addresses it answers', async () => {
    const sandbox = createSandbox({ basePath: '/sandbox' });
    const first = await call(sandbox, 'GET', '/sandbox/i/paging/customers?limit=2', asServer);
    expect(new URL(first.body.paging.next).pathname).to.equal('/sandbox/i/paging/customers');
    const { results } = await walk(sandbox, '/sandbox/i/paging/customers?limit=2', asServer);
    expect(results).to.have.length(SANDBOX_CUSTOMERS.length);
  });

  it('takes only ids of 1 to 64 letters, digits, - and _', async () => {
    const sandbox = createSandbox();
    expect((await call(sandbox, 'GET', `/i/${'a'.repeat(64)}/customers`, asServer)).status).to.equal(200);
    expectError(await call(sandbox, 'GET', `/i/${'a'.repeat(65)}/customers`, asServer), 404);
    expectError(await call(sandbox, 'GET', '/i/a.b/customers', asServer), 404);
  });
});

describe('sandbox: info', () => {
  it('describes the merchant, customers and subscriptions without any key', async () => {
    const answer = await call(createSandbox({ environment: 'staging' }), 'GET', '/__sandbox/info');
    expect(answer.status).to.equal(200);
    expect(answer.body.environment).to.equal('staging');
    expect(answer.body.merchant.publicId).to.equal(SANDBOX_MERCHANT.publicId);
    expect(answer.body.customers.map((c: { customerId: string }) => c.customerId)).to.deep.equal(
      SANDBOX_CUSTOMERS.map((c) => c.customerId),
    );
    const adas = answer.body.customers[0].subscriptions.map((s: { id: string; kind: string }) => [s.id, s.kind]);
    expect(adas).to.deep.equal([
      [eligible.id, 'eligible'],
      [prepaid.id, 'prepaid'],
      [cancelled.id, 'not-live'],
      [notEligible.id, 'not-eligible'],
    ]);
    const text = JSON.stringify(answer.body);
    for (const secret of [SANDBOX_MERCHANT.hashKey, SANDBOX_MERCHANT.apiKeys.production, SANDBOX_MERCHANT.apiKeys.staging]) {
      expect(text).to.not.include(secret);
    }
  });

  it('answers unknown control routes with a JSON 404', async () => {
    expectError(await call(createSandbox(), 'GET', '/__sandbox/nothing'), 404);
  });
});
