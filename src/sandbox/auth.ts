/**
 * The two authentication scopes of the service (docs/service.md#scopes and #storefront-token). An `x-api-key` is for
 * server-to-server calls, in the application scope. A signed storefront token in `authorization` is for one customer,
 * in the storefront scope.
 */
import { diagnoseStorefrontToken, verifyStorefrontToken, type VerifyFailure, type VerifyRefusal } from '../server/index.js';
import type { Environment, Merchant, SandboxData } from './model.js';

export type Principal =
  | { scope: 'application'; merchant: Merchant; rateKey: string }
  | { scope: 'storefront'; merchant: Merchant; customerId: string; rateKey: string };

export type AuthResult = { ok: true; principal: Principal } | { ok: false; status: 401 | 403; detail: string };

/** The 401 `detail` of each refusal. Each one names the token field it is about. */
const STOREFRONT_FAILURES: Record<VerifyFailure, string> = {
  malformed: 'The authorization header is not a valid storefront token',
  'other-merchant': 'The storefront token public_id names another merchant.',
  'unknown-merchant': 'The storefront token public_id names an unknown merchant.',
  'bad-signature': 'The storefront token signature (sig) is invalid.',
  'ts-in-milliseconds': 'The storefront token ts looks like milliseconds (13 digits): it must be Unix seconds.',
  expired: 'The storefront token has expired (ts): signatures are valid for 2 hours.',
  'not-yet-valid': 'The storefront token is dated in the future (ts).',
};

/**
 * The 401 `detail` for a refused token. For a malformed token, it adds which field is wrong and how, but never the
 * field's value.
 */
export const storefrontFailureDetail = ({ reason, message }: VerifyRefusal): string =>
  reason === 'malformed' ? `${STOREFRONT_FAILURES.malformed}: ${message}.` : STOREFRONT_FAILURES[reason];

/**
 * The 401 `detail` for a refused token. It is the token doctor's first finding with its fix, found with the hash keys
 * that the sandbox knows, so that the widget's console line names the merchant's mistake. The verifier's own reason
 * stands when the doctor names none. Neither ever holds a key or the signature.
 */
async function refusedTokenDetail(headerValue: string, refusal: VerifyRefusal, data: SandboxData, now: number): Promise<string> {
  const knownMerchants = [...data.merchants.values()].map(({ publicId, name, hashKey }) => ({ publicId, label: name, hashKey }));
  const { findings } = await diagnoseStorefrontToken(headerValue, { knownMerchants, knownMerchantsOnly: true, now });
  const [first] = findings;
  return first ? `${first.message} ${first.fix}` : storefrontFailureDetail(refusal);
}

const otherEnvironment = (environment: Environment): Environment => (environment === 'production' ? 'staging' : 'production');

function authenticateApiKey(apiKey: string, data: SandboxData, environment: Environment): AuthResult {
  for (const merchant of data.merchants.values()) {
    if (merchant.apiKeys[environment] === apiKey) {
      return { ok: true, principal: { scope: 'application', merchant, rateKey: `key:${apiKey}` } };
    }
    // Keys are per environment (docs/service.md#scopes). The other environment's key is known, but not allowed here.
    if (merchant.apiKeys[otherEnvironment(environment)] === apiKey) {
      return {
        ok: false,
        status: 403,
        detail: `This API key belongs to the ${otherEnvironment(environment)} environment, not ${environment}.`,
      };
    }
  }
  return { ok: false, status: 401, detail: 'Invalid API key.' };
}

/**
 * The 401 `detail` of a genuine token for a customer the merchant does not have. The signature is right, so the
 * mistake is nearly always which id was signed: a framework's user key, a login or an email, rather than the id the
 * service knows. The sandbox's own customers are public demo data, and named.
 */
function unknownCustomerDetail(merchant: Merchant, data: SandboxData): string {
  const ids = data.customers.filter((customer) => customer.merchant === merchant.publicId).map((customer) => customer.customer_id);
  const listed = ids.length > 8 ? `${ids.slice(0, 8).join(', ')}, …` : ids.join(', ');
  return (
    `The storefront token's sig_field names no customer of ${merchant.publicId}. Sign the id the service knows the customer by, ` +
    "the one the store's integration created the customer under (GET /customers lists it as customer_id), not a framework's " +
    `user key, a login or an email. This sandbox's customers of ${merchant.publicId}: ${listed}.`
  );
}

async function authenticateStorefront(headerValue: string, data: SandboxData, nowMs: number, diagnose: () => boolean): Promise<AuthResult> {
  const now = Math.floor(nowMs / 1000);
  const result = await verifyStorefrontToken(headerValue, { hashKey: (publicId) => data.merchants.get(publicId)?.hashKey, now });
  if (!result.valid) {
    // The diagnosis tries dozens of ways the signature could have been made, so it is kept for those who need it and
    // can be given it: the verifier's own reason, which names the field, costs no more than the check.
    const detail = diagnose() ? await refusedTokenDetail(headerValue, result, data, now) : storefrontFailureDetail(result);
    return { ok: false, status: 401, detail };
  }
  const merchant = data.merchants.get(result.merchantPublicId)!;
  const known = data.customers.some((c) => c.customer_id === result.customerId && c.merchant === merchant.publicId);
  // A genuine signature for a customer the merchant does not have is still not a credential for anyone.
  if (!known) return { ok: false, status: 401, detail: unknownCustomerDetail(merchant, data) };
  return {
    ok: true,
    principal: {
      scope: 'storefront',
      merchant,
      customerId: result.customerId,
      rateKey: `customer:${merchant.publicId}:${result.customerId}`,
    },
  };
}

/**
 * A request's scope is the one whose credential it sends (docs/service.md#scopes). When a request sends both, the
 * `x-api-key` decides. Only a server can hold that key, because it never reaches a browser, so the caller is a server.
 * The key must then be right on its own. A valid storefront token beside a wrong key never lets the request through.
 *
 * `diagnose` says whether a refused storefront token may be diagnosed by the token doctor; it is asked only then.
 */
export async function authenticate(
  request: Request,
  data: SandboxData,
  environment: Environment,
  nowMs: number,
  diagnose: () => boolean,
): Promise<AuthResult> {
  const apiKey = request.headers.get('x-api-key');
  if (apiKey !== null) return authenticateApiKey(apiKey, data, environment);
  const authorization = request.headers.get('authorization');
  if (authorization !== null) return authenticateStorefront(authorization, data, nowMs, diagnose);
  return { ok: false, status: 401, detail: 'Authentication credentials were not provided.' };
}
