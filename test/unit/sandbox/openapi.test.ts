import { expect } from '@open-wc/testing';
import type { z } from 'zod';
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS, createSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import {
  CustomerSchema,
  FieldErrorsSchema,
  ListedOrderSchema,
  OrderSchema,
  ProblemSchema,
  ProductSchema,
  SubscriptionSchema,
  numberedPageOf,
  pageOf,
} from '../../../src/sandbox/schemas.js';

// The sandbox's description of its own API, fetched from the sandbox as any API explorer would, and held against
// what the sandbox answers.
const ORIGIN = 'https://sandbox.test';
const API_KEY = { 'x-api-key': SANDBOX_MERCHANT.apiKeys.production };
const { eligible, taxed } = SANDBOX_SUBSCRIPTIONS;

type Schema = Record<string, any>;

async function fetchDocument(sandbox: Sandbox, path = '/__sandbox/openapi.json') {
  // As an API explorer on the developer's machine asks for it.
  const response = await sandbox.handle(new Request(new URL(path, ORIGIN)), { remoteAddress: '127.0.0.1' });
  expect(response.status).to.equal(200);
  expect(response.headers.get('content-type')).to.equal('application/json');
  return (await response.json()) as Schema;
}

/** Follows a `$ref` into the document's components; any other schema is returned as it is. */
function resolve(document: Schema, schema: Schema): Schema {
  const name = /^#\/components\/schemas\/(\w+)$/.exec(schema.$ref ?? '')?.[1];
  if (!name) return schema;
  expect(document.components.schemas, schema.$ref).to.have.property(name);
  return resolve(document, document.components.schemas[name]);
}

describe('sandbox: its OpenAPI document', () => {
  let document: Schema;
  before(async () => {
    document = await fetchDocument(createSandbox());
  });

  it('is an OpenAPI 3.1 document of the service endpoints the sandbox serves', () => {
    expect(document.openapi).to.match(/^3\.1\./);
    expect(document.info.title).to.be.a('string').and.not.be.empty;
    expect(document.paths).to.have.all.keys(
      '/subscriptions/',
      '/subscriptions/{id}/',
      '/subscriptions/{id}/upgrade_to_prepaid/',
      '/subscriptions/{id}/change_renewal_behavior/',
      '/products/{id}/',
      '/customers',
      '/orders/',
      '/orders/{id}/',
    );
    expect(Object.keys(document.paths['/subscriptions/{id}/upgrade_to_prepaid/'])).to.deep.equal(['patch']);
    expect(Object.keys(document.paths['/subscriptions/{id}/change_renewal_behavior/'])).to.deep.equal(['patch']);
    expect(Object.keys(document.paths['/customers'])).to.deep.equal(['get']);
    for (const path of ['/orders/', '/orders/{id}/']) {
      expect(Object.keys(document.paths[path]), path).to.deep.equal(['get']);
      expect(document.paths[path].get.security, path).to.deep.equal([{ storefront: [] }, { application: [] }]);
    }
    expect(document.components.securitySchemes.storefront).to.include({ type: 'apiKey', in: 'header', name: 'authorization' });
    expect(document.components.securitySchemes.application).to.include({ type: 'apiKey', in: 'header', name: 'x-api-key' });
  });

  it('describes the upgrade body: orders_per_billing an integer of at least 3, renewal_behavior one of three', () => {
    const operation = document.paths['/subscriptions/{id}/upgrade_to_prepaid/'].patch;
    expect(operation.requestBody.required).to.equal(true);
    const body = resolve(document, operation.requestBody.content['application/json'].schema);
    expect(body.type).to.equal('object');
    expect(body.required).to.deep.equal(['orders_per_billing']);
    expect(body.properties.orders_per_billing).to.include({ type: 'integer', minimum: 3 });
    const renewal = resolve(document, body.properties.renewal_behavior);
    expect(renewal.type).to.equal('string');
    expect(renewal.enum).to.deep.equal(['autorenew', 'cancel', 'downgrade']);
    expect(body.properties.renewal_behavior.default).to.equal('autorenew');
    expect(body.properties.offer).to.include({ type: 'string', minLength: 1, default: 'live' });
  });

  it('describes the renewal change’s body: renewal_behavior required, one of three, no default', () => {
    const operation = document.paths['/subscriptions/{id}/change_renewal_behavior/'].patch;
    expect(operation.requestBody.required).to.equal(true);
    const body = resolve(document, operation.requestBody.content['application/json'].schema);
    expect(body.type).to.equal('object');
    expect(body.required).to.deep.equal(['renewal_behavior']);
    expect(resolve(document, body.properties.renewal_behavior).enum).to.deep.equal(['autorenew', 'cancel', 'downgrade']);
    expect(body.properties.renewal_behavior.default).to.equal(undefined);
    expect(Object.keys(operation.responses)).to.include.members(['200', '400', '404', '423']);
  });

  it('describes the 400 of both changes in both of the service’s shapes: field errors, or a detail', () => {
    for (const path of ['/subscriptions/{id}/upgrade_to_prepaid/', '/subscriptions/{id}/change_renewal_behavior/']) {
      const refused = document.paths[path].patch.responses['400'];
      const shapes = refused.content['application/json'].schema.oneOf.map((schema: Schema) => resolve(document, schema));
      expect(shapes, path).to.deep.include.members([
        resolve(document, { $ref: '#/components/schemas/Problem' }),
        resolve(document, { $ref: '#/components/schemas/FieldErrors' }),
      ]);
    }
    const problem = resolve(document, { $ref: '#/components/schemas/Problem' });
    expect(problem.required).to.deep.equal(['detail']);
    const fieldErrors = resolve(document, { $ref: '#/components/schemas/FieldErrors' });
    expect(fieldErrors.additionalProperties).to.deep.equal({ type: 'array', items: { type: 'string' } });
  });

  it('describes the list’s query: live, limit from 1 to 100, cursor, and page_size and page under X-OG-API-VERSION', () => {
    const parameters = document.paths['/subscriptions/'].get.parameters as Schema[];
    const byName = Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter]));
    expect(Object.keys(byName)).to.have.members(['live', 'limit', 'cursor', 'page_size', 'page', 'X-OG-API-VERSION']);
    for (const parameter of parameters) expect(parameter.in).to.equal(parameter.name === 'X-OG-API-VERSION' ? 'header' : 'query');
    expect(byName.live.schema.enum).to.deep.equal(['true', 'false']);
    expect(byName.limit.schema).to.include({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(byName.page_size.schema).to.include({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(byName.page.schema).to.include({ type: 'integer', minimum: 1, default: 1 });
    expect(byName['X-OG-API-VERSION'].schema).to.include({ type: 'string', const: '2' });
    expect(byName['X-OG-API-VERSION'].required).to.not.equal(true);
  });

  it('describes the order list’s query: subscription, status a whole number, and the same paging', () => {
    const operation = document.paths['/orders/'].get;
    const byName = Object.fromEntries((operation.parameters as Schema[]).map((parameter) => [parameter.name, parameter]));
    expect(Object.keys(byName)).to.have.members(['subscription', 'status', 'limit', 'cursor', 'page_size', 'page', 'X-OG-API-VERSION']);
    expect(byName.subscription).to.include({ in: 'query' });
    expect(byName.subscription.schema).to.include({ type: 'string' });
    expect(byName.status).to.include({ in: 'query' });
    expect(byName.status.schema).to.include({ type: 'integer', minimum: 0 });
    expect(byName.status.description).to.match(/`1`.*`5`/);
    expect(byName.limit.schema).to.deep.equal(
      (document.paths['/subscriptions/'].get.parameters as Schema[]).find((parameter) => parameter.name === 'limit')!.schema,
    );
    for (const path of ['/orders/', '/orders/{id}/']) {
      expect(Object.keys(document.paths[path].get.responses), path).to.include.members(['200', '401', '403', '404', '429']);
    }
    expect(Object.keys(operation.responses)).to.include('400');
  });

  it('describes an order: its place a calendar date, its money as strings, its status a number', () => {
    const order = resolve(document, document.paths['/orders/{id}/'].get.responses['200'].content['application/json'].schema);
    expect(order.required).to.include.members(['public_id', 'subscription', 'place', 'status', 'currency_code', 'sub_total', 'total']);
    expect(order.properties.place.type).to.equal('string');
    expect('2026-12-04 00:00:00').to.match(new RegExp(order.properties.place.pattern));
    expect('2026-12-04').to.match(new RegExp(order.properties.place.pattern));
    expect(order.properties.status.type).to.equal('integer');
    for (const money of ['sub_total', 'total']) expect(order.properties[money].type, money).to.equal('string');
    expect(order.description).to.be.a('string').and.not.be.empty;
  });

  it('describes an order’s money: sub_total before tax and shipping, and total their sum', () => {
    const order = resolve(document, document.paths['/orders/{id}/'].get.responses['200'].content['application/json'].schema);
    expect(order.required).to.include.members(['sub_total', 'tax_total', 'shipping_total', 'total']);
    for (const money of ['sub_total', 'tax_total', 'shipping_total', 'total']) {
      expect(order.properties[money]).to.include({ type: 'string' });
      expect(order.properties[money].description, money).to.be.a('string').and.not.be.empty;
    }
    expect(order.properties.sub_total.description).to.match(/after discounts, before tax and shipping/);
    expect(order.properties.tax_total.description).to.match(/tax on `sub_total`/);
    expect(order.properties.shipping_total.description).to.match(/once per order/);
    expect(order.properties.total.description).to.contain('`sub_total` + `tax_total` + `shipping_total`');
    expect(document.paths['/orders/{id}/'].get.summary).to.match(/complete \(`sub_total` included\)/);
  });

  it('describes the listed order: sub_total absent and total "undefined" in the List reference’s shape', () => {
    const page = resolve(document, document.paths['/orders/'].get.responses['200'].content['application/json'].schema.oneOf[0]);
    const listed = resolve(document, page.properties.results.items);
    expect(listed).to.deep.equal(document.components.schemas.ListedOrder);
    expect(listed.required).to.not.include('sub_total');
    expect(listed.required).to.include.members(['public_id', 'place', 'status', 'currency_code', 'tax_total', 'shipping_total', 'total']);
    expect(listed.properties.sub_total.description).to.match(/Absent .* List reference/);
    expect(listed.properties.total.anyOf).to.deep.include({ type: 'string', const: 'undefined' });
    expect(listed.properties.total.description).to.match(/"undefined"/);
    expect(document.paths['/orders/'].get.responses['200'].description).to.match(/without `sub_total` and with `total` "undefined"/);
    expect(document.info.description).to.match(/`order-listing` \(`\{"shape": "complete" \| "reference"\}`\)/);
  });

  it('describes both listing shapes, the default and production’s, and the 404 of a page that is not one', () => {
    for (const [path, item] of [
      ['/subscriptions/', 'Subscription'],
      ['/customers', 'Customer'],
      ['/orders/', 'ListedOrder'],
    ]) {
      const { responses } = document.paths[path!].get;
      const shapes = responses['200'].content['application/json'].schema.oneOf.map((schema: Schema) => resolve(document, schema));
      const [spec, production] = shapes;
      expect(spec.required, path).to.have.members(['results', 'paging']);
      expect(spec.properties.paging.properties.next.anyOf).to.deep.include({ type: 'string', format: 'uri' });
      expect(production.required, path).to.have.members(['next', 'previous', 'results']);
      for (const link of ['next', 'previous']) {
        expect(production.properties[link].anyOf, link).to.deep.include.members([{ type: 'string', format: 'uri' }, { type: 'null' }]);
      }
      expect(resolve(document, production.properties.results.items), path).to.deep.equal(document.components.schemas[item!]);
      expect(resolve(document, responses['404'].content['application/json'].schema)).to.deep.equal(
        resolve(document, { $ref: '#/components/schemas/Problem' }),
      );
    }
  });

  it('has every reference resolve, and no schema of its own dialect or id', () => {
    const text = JSON.stringify(document);
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)) {
      expect(document.components.schemas, name).to.have.property(name!);
    }
    expect(text).to.not.match(/"\$(schema|id|defs)"/);
  });

  it('is served by every instance, and its server address leads back to that instance', async () => {
    const sandbox = createSandbox({ basePath: '/sandbox' });
    const path = '/sandbox/i/openapi/__sandbox/openapi.json';
    const isolated = await fetchDocument(sandbox, path);
    expect(isolated).to.deep.equal(document);
    const base = new URL(isolated.servers[0].url, new URL(path, ORIGIN));
    const answer = await sandbox.handle(new Request(new URL('subscriptions/', base), { headers: API_KEY }));
    expect(answer.status).to.equal(200);
    expect(base.href).to.equal(`${ORIGIN}/sandbox/i/openapi/`);
  });
});

describe('sandbox: its answers are what its document says', () => {
  const sandbox = createSandbox();
  /** Calls the sandbox with the merchant's API key and `more` headers, expects `status`, and checks the body against `schema`. */
  async function expectAnswer(method: string, path: string, status: number, schema: z.ZodType, json?: unknown, more = {}) {
    const headers = { ...API_KEY, ...more, ...(json === undefined ? {} : { 'content-type': 'application/json' }) };
    const response = await sandbox.handle(new Request(new URL(path, ORIGIN), { method, headers, body: JSON.stringify(json) }));
    const body: unknown = await response.json();
    expect(response.status, JSON.stringify(body)).to.equal(status);
    const checked = schema.safeParse(body);
    expect(checked.success, checked.error?.message).to.equal(true);
    return body as Schema;
  }
  // Strict: the document names every field the sandbox sends.
  const strictPage = (item: z.ZodObject) => pageOf(item.strict()).strict();
  const strictNumberedPage = (item: z.ZodObject) => numberedPageOf(item.strict()).strict();

  it('lists subscriptions and customers in pages, and reads subscriptions and products', async () => {
    await expectAnswer('GET', '/subscriptions/?live=true&limit=5', 200, strictPage(SubscriptionSchema));
    await expectAnswer('GET', '/customers?limit=3', 200, strictPage(CustomerSchema));
    const production = { 'X-OG-API-VERSION': '2' };
    await expectAnswer(
      'GET',
      '/subscriptions/?live=true&page_size=5&page=2',
      200,
      strictNumberedPage(SubscriptionSchema),
      undefined,
      production,
    );
    await expectAnswer('GET', '/customers?page_size=3', 200, strictNumberedPage(CustomerSchema), undefined, production);
    await expectAnswer('GET', '/customers?page=99', 404, ProblemSchema.strict(), undefined, production);
    const subscription = await expectAnswer('GET', `/subscriptions/${eligible.id}/`, 200, SubscriptionSchema.strict());
    await expectAnswer('GET', `/products/${subscription.product}/`, 200, ProductSchema.strict());
    await expectAnswer('GET', '/products/nothing/', 404, ProblemSchema.strict());
  });

  it('lists and reads orders, and refuses a bad status, in the shapes the document gives', async () => {
    await expectAnswer('GET', '/orders/?status=1&limit=5', 200, strictPage(OrderSchema));
    const production = { 'X-OG-API-VERSION': '2' };
    await expectAnswer('GET', '/orders/?status=5&page_size=5&page=2', 200, strictNumberedPage(OrderSchema), undefined, production);
    const [order] = (await expectAnswer('GET', `/orders/?subscription=${eligible.id}&status=1`, 200, strictPage(OrderSchema))).results;
    await expectAnswer('GET', `/orders/${order.public_id}/`, 200, OrderSchema.strict());
    await expectAnswer('GET', '/orders/nothing/', 404, ProblemSchema.strict());
    await expectAnswer('GET', '/orders/?status=x', 400, ProblemSchema.strict());
  });

  it('lists orders as the List reference documents them, and reads them whole, in the shapes the document gives', async () => {
    const referenceSandbox = createSandbox();
    referenceSandbox.instance().orderListing = 'reference';
    const listed = async (path: string, headers = {}) => {
      const response = await referenceSandbox.handle(new Request(new URL(path, ORIGIN), { headers: { ...API_KEY, ...headers } }));
      return (await response.json()) as Schema;
    };
    const page = await listed(`/orders/?subscription=${taxed.id}`);
    const checked = strictPage(ListedOrderSchema).safeParse(page);
    expect(checked.success, checked.error?.message).to.equal(true);
    expect(strictPage(OrderSchema).safeParse(page).success, 'not a complete order').to.equal(false);
    const production = strictNumberedPage(ListedOrderSchema).safeParse(await listed('/orders/?page_size=5', { 'X-OG-API-VERSION': '2' }));
    expect(production.success, production.error?.message).to.equal(true);
    const order = await (
      await referenceSandbox.handle(new Request(new URL(`/orders/${page.results[0].public_id}/`, ORIGIN), { headers: API_KEY }))
    ).json();
    const whole = OrderSchema.strict().safeParse(order);
    expect(whole.success, whole.error?.message).to.equal(true);
  });

  it('upgrades, and refuses in the shapes the document gives', async () => {
    const path = `/subscriptions/${eligible.id}/upgrade_to_prepaid/`;
    const refused = await expectAnswer('PATCH', path, 400, FieldErrorsSchema, { renewal_behavior: 'x' });
    expect(refused).to.have.all.keys('orders_per_billing', 'renewal_behavior');
    await expectAnswer('PATCH', path, 400, ProblemSchema.strict(), { orders_per_billing: 2 });
    await expectAnswer('PATCH', path, 200, SubscriptionSchema.strict(), { orders_per_billing: 6 });
  });
});
