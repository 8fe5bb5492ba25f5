/**
 * The sandbox's description of its own API. `GET /__sandbox/openapi.json` answers with an OpenAPI 3.1 document of the
 * service endpoints that the sandbox serves (docs/service.md#endpoints). It is for API explorers, client generators and
 * anyone reading along.
 *
 * Its request-body and response schemas are generated from the zod schemas in `schemas.ts`, as zod's JSON Schema
 * output: JSON Schema 2020-12, which OpenAPI 3.1 uses. These are the same schemas that type the sandbox's records and
 * check its input, so the document cannot drift from what the sandbox does. `openapi-components.ts` holds those named
 * schemas. This module describes the paths, their parameters and their answers.
 */
import { z } from 'zod';
import { answer, componentSchemas, ref, type ComponentName } from './openapi-components.js';
import { jsonContent, parameterSchema } from './openapi-schema.js';
import { API_VERSION_HEADER, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_NUMBER_API_VERSION } from './paging.js';
import { ORDER_STATUS } from './schemas.js';

/**
 * Who may call an endpoint: a storefront token, for the customer's own records, or the merchant's API key, for all of
 * them.
 */
const BOTH_SCOPES = [{ storefront: [] }, { application: [] }];

/** The error answers that every endpoint may give besides its own, each a `Problem`. */
const COMMON_PROBLEMS = {
  401: answer('No credential, or one that is wrong, expired or in milliseconds.', 'Problem'),
  403: answer('An API key of the other environment, or a storefront token where the application scope is needed.', 'Problem'),
  429: {
    ...answer('The rate limit: retry after `Retry-After` seconds.', 'Problem'),
    headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
  },
};

const pathId = (description: string) => ({ name: 'id', in: 'path', required: true, description, schema: { type: 'string' } });

/**
 * A read of one record by its id, in either scope. It answers with the record, or a 404. Each operation has an
 * `operationId`, which client generators name their methods after.
 */
const readOne = (operationId: string, summary: string, id: string, name: ComponentName, missing: string) => ({
  get: {
    operationId,
    summary,
    security: BOTH_SCOPES,
    parameters: [pathId(id)],
    responses: { 200: answer(`The ${name.toLowerCase()}.`, name), 404: answer(missing, 'Problem'), ...COMMON_PROBLEMS },
  },
});

/**
 * A change of one subscription (`PATCH`, in either scope). It describes the body, the changed subscription, a 400 in
 * the service's two shapes, and the answers that every change shares.
 */
const subscriptionChange = (operationId: string, summary: string, body: ComponentName, changed: string, refused: string) => ({
  patch: {
    operationId,
    summary,
    security: BOTH_SCOPES,
    parameters: [pathId('The subscription’s public id.')],
    requestBody: { required: true, ...jsonContent(ref(body)) },
    responses: {
      200: answer(changed, 'Subscription'),
      400: { description: refused, ...jsonContent({ oneOf: [ref('FieldErrors'), ref('Problem')] }) },
      404: answer('No such subscription, or another customer’s.', 'Problem'),
      413: answer('A body over 64 KiB.', 'Problem'),
      423: answer('Another request is changing this subscription: retry shortly.', 'Problem'),
      ...COMMON_PROBLEMS,
    },
  },
});

/** An optional query parameter, with its schema written from `schema`. */
const query = (name: string, description: string, schema: z.ZodType) => ({
  name,
  in: 'query',
  description,
  schema: parameterSchema(schema),
});

const PAGE_SIZE = z.int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);
const PRODUCTION_SHAPE = `With \`${API_VERSION_HEADER}: ${PAGE_NUMBER_API_VERSION}\``;

/** The listings' paging in both shapes (docs/service.md#listings). The header chooses which query parameters count. */
const PAGE_PARAMETERS = [
  {
    name: API_VERSION_HEADER,
    in: 'header',
    description:
      `\`${PAGE_NUMBER_API_VERSION}\` asks for production’s shape, \`{next, previous, results}\`, paged by \`page_size\` and ` +
      '`page`; without it (or with any other value) the default shape, `{results, paging: {next}}`, paged by `limit` and `cursor`.',
    schema: parameterSchema(z.literal(PAGE_NUMBER_API_VERSION)),
  },
  query('limit', 'Items per page, in the default shape.', PAGE_SIZE),
  query('cursor', 'From the previous page’s `paging.next`.', z.string()),
  query('page_size', `${PRODUCTION_SHAPE}: items per page.`, PAGE_SIZE),
  query('page', `${PRODUCTION_SHAPE}: the page number, as in the \`next\` and \`previous\` addresses.`, z.int().min(1).default(1)),
];

/**
 * A listing (`GET`) of `items`. It describes its own query `filters` and the paging, and one page in either shape:
 * `<listed>Page`, the default one, or `<listed>NumberedPage`, production's. It also describes a 400 for a query
 * parameter that is not valid (`refused`), and the 404 for a page that does not exist.
 */
const listing = (
  operationId: string,
  summary: string,
  security: object[],
  listed: 'Subscription' | 'Customer' | 'Order',
  { items, filters = [], refused }: { items: string; filters?: object[]; refused: string },
) => ({
  get: {
    operationId,
    summary,
    security,
    parameters: [...filters, ...PAGE_PARAMETERS],
    responses: {
      200: {
        description: `One page of ${items}: the default shape, or production’s when asked for.`,
        ...jsonContent({ oneOf: [ref(`${listed}Page`), ref(`${listed}NumberedPage`)] }),
      },
      400: answer(refused, 'Problem'),
      404: answer(`${PRODUCTION_SHAPE}, a \`page\` that is not one of the list’s pages: \`{"detail": "Invalid page."}\`.`, 'Problem'),
      ...COMMON_PROBLEMS,
    },
  },
});

function paths() {
  return {
    '/subscriptions/': listing(
      'listSubscriptions',
      'List subscriptions: a storefront caller’s own, or all of the merchant’s',
      BOTH_SCOPES,
      'Subscription',
      {
        items: 'subscriptions',
        filters: [query('live', 'Only live subscriptions, or only the others.', z.enum(['true', 'false']))],
        refused: 'A `live`, `limit`, `cursor` or `page_size` that is not valid.',
      },
    ),
    '/subscriptions/{id}/': readOne(
      'getSubscription',
      'Read a subscription',
      'The subscription’s public id.',
      'Subscription',
      'No such subscription, or another customer’s.',
    ),
    '/subscriptions/{id}/upgrade_to_prepaid/': subscriptionChange(
      'upgradeToPrepaid',
      'Make a pay-as-you-go subscription prepaid (nothing is charged now; the next order bills N orders)',
      'UpgradeRequest',
      'The upgraded subscription.',
      'Refused: field errors for a field that is missing or not valid; otherwise a `detail` (fewer than 3 orders, ' +
        'prepaid not enabled, already prepaid, not live, product not eligible, unknown offer, a body that is not a ' +
        'JSON object).',
    ),
    '/subscriptions/{id}/change_renewal_behavior/': subscriptionChange(
      'changeRenewalBehavior',
      'Change what happens when a prepaid subscription’s prepaid orders run out',
      'RenewalChangeRequest',
      'The subscription with its new renewal behaviour.',
      'Refused: a field error for a `renewal_behavior` that is missing, null or not one of the three; otherwise a ' +
        '`detail` (the subscription is not prepaid, a body that is not a JSON object).',
    ),
    '/products/{id}/': readOne('getProduct', 'Read a product', 'The product’s id.', 'Product', 'No such product for this merchant.'),
    '/orders/': listing('listOrders', 'List orders: a storefront caller’s own, or all of the merchant’s', BOTH_SCOPES, 'Order', {
      items: 'orders (on an instance set to the List reference’s shape, each without `sub_total` and with `total` "undefined")',
      filters: [
        query('subscription', 'Only the orders of this subscription (its public id).', z.string()),
        query(
          'status',
          `Only the orders in this status: \`${ORDER_STATUS.unsent}\` the next (unsent) one, \`${ORDER_STATUS.placed}\` placed ones.`,
          z.int().min(0),
        ),
      ],
      refused: 'A `status`, `limit`, `cursor` or `page_size` that is not valid.',
    }),
    '/orders/{id}/': readOne(
      'getOrder',
      'Read an order, complete (`sub_total` included) however the listing is set',
      'The order’s public id.',
      'Order',
      'No such order, or another customer’s.',
    ),
    '/customers': listing('listCustomers', 'List the merchant’s customers (application scope only)', [{ application: [] }], 'Customer', {
      items: 'customers',
      refused: 'A `limit`, `cursor` or `page_size` that is not valid.',
    }),
  };
}

function buildDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'prepaid-upgrade sandbox',
      version: '1',
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'The endpoints of the subscription service that the sandbox emulates (docs/service.md#endpoints), in memory, with seeded data. ' +
        'Its control routes under `/__sandbox/` (faults, latency, order-listing, request log, reset, info, this document) are not ' +
        'listed; `order-listing` (`{"shape": "complete" | "reference"}`) chooses how `GET /orders/` lists an order.',
    },
    // Relative to this document's address, `<base>/__sandbox/openapi.json`, this is the sandbox's base, with or without
    // `/i/{id}`.
    servers: [{ url: '..' }],
    paths: paths(),
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        storefront: {
          type: 'apiKey',
          in: 'header',
          name: 'authorization',
          description: 'A storefront token, the JSON text `{"public_id", "ts", "sig_field", "sig"}` (docs/service.md#storefront-token).',
        },
        application: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'The merchant’s API key for this environment.' },
      },
    },
  };
}

let document: ReturnType<typeof buildDocument> | undefined;

/** The OpenAPI document, built once. */
export const openApiDocument = () => (document ??= buildDocument());
