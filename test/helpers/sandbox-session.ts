/**
 * A fresh, isolated instance of the sandbox mounted by the test runner at /sandbox, with a storefront token signed
 * the way a merchant's server signs one, and the sandbox's control routes (faults, request log) at hand.
 */
import { resolveBaseAddress } from '../../src/api/base-address.js';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../src/api/client.js';
import { signStorefrontToken } from '../../src/server/index.js';
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import type { Fault, RecordedRequest } from '../../src/sandbox/index.js';

export { redactCredential, SANDBOX_MERCHANT, SANDBOX_MERCHANT_PREPAID_DISABLED, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';

export interface SandboxSession {
  /** The `api-base` of this session's instance, relative to the test page. */
  apiBase: string;
  /** A valid storefront token for `customerId`. */
  token: string;
  customerId: string;
  /** Queues a fault on this instance (the next matching requests get it). */
  fault(fault: Partial<Fault>): Promise<void>;
  /** Queues faults in their order, in one request. */
  faults(faults: Partial<Fault>[]): Promise<void>;
  /** Every API request this instance has seen, oldest first. */
  requests(): Promise<RecordedRequest[]>;
  control(path: string, init?: RequestInit): Promise<Response>;
}

export interface SessionOptions {
  customerId?: string;
  merchant?: { publicId: string; hashKey: string };
  ts?: number;
}

export async function sandboxSession(options: SessionOptions = {}): Promise<SandboxSession> {
  const customerId = options.customerId ?? SANDBOX_SUBSCRIPTIONS.eligible.customerId;
  const merchant = options.merchant ?? SANDBOX_MERCHANT;
  const apiBase = `/sandbox/i/t${crypto.randomUUID().replaceAll('-', '')}`;
  const token = await signStorefrontToken({
    merchantPublicId: merchant.publicId,
    customerId,
    hashKey: merchant.hashKey,
    ...(options.ts === undefined ? {} : { ts: options.ts }),
  });
  const control = (path: string, init?: RequestInit) => fetch(`${apiBase}/__sandbox${path}`, init);
  const queue = async (faults: Partial<Fault> | Partial<Fault>[]) => {
    const response = await control('/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(faults),
    });
    if (response.status !== 201) throw new Error(`the sandbox refused the fault: ${await response.text()}`);
  };
  return {
    apiBase,
    token,
    customerId,
    control,
    fault: queue,
    faults: queue,
    async requests() {
      return (await control('/requests')).json();
    },
  };
}

/**
 * The widget's own client for `session`'s instance, sending its token, as an element on this page would make it.
 * `options` sets the time limit and the number of tries.
 */
export function sessionClient(session: SandboxSession, options: Pick<ApiClientOptions, 'timeoutMs' | 'maxAttempts'> = {}): ApiClient {
  return createApiClient({
    baseAddress: resolveBaseAddress({ apiBase: session.apiBase, pageUrl: location.href }),
    credentials: { authorization: async () => session.token },
    ...options,
  });
}
