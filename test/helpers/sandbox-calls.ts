/**
 * Calls to the sandbox's handler in the page, exactly as a dev server or the test runner's mount calls it, for the
 * sandbox's own tests.
 */
import { expect } from '@open-wc/testing';
import { SANDBOX_MERCHANT, type Sandbox } from '../../src/sandbox/index.js';
import { signStorefrontToken } from '../../src/server/index.js';

export const ORIGIN = 'https://sandbox.test';
/** What the test runner's mount says of a request from this machine. */
export const LOOPBACK = { remoteAddress: '127.0.0.1' };

export interface CallOptions {
  token?: string;
  apiKey?: string;
  json?: unknown;
  body?: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

export async function call(sandbox: Sandbox, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers = new Headers();
  if (options.token !== undefined) headers.set('authorization', options.token);
  if (options.apiKey !== undefined) headers.set('x-api-key', options.apiKey);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('content-type', 'application/json');
  }
  const response = await sandbox.handle(new Request(new URL(path, ORIGIN), { method, headers, body }), LOOPBACK);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** A storefront token of the sandbox's merchant (or another) for `customerId`. */
export function tokenFor(
  customerId: string,
  options: { merchant?: { publicId: string; hashKey: string }; ts?: number } = {},
): Promise<string> {
  const merchant = options.merchant ?? SANDBOX_MERCHANT;
  return signStorefrontToken({ merchantPublicId: merchant.publicId, customerId, hashKey: merchant.hashKey, ts: options.ts });
}

/** The merchant's own server, with its API key of the default environment. */
export const asServer: CallOptions = { apiKey: SANDBOX_MERCHANT.apiKeys.production };

/** An error answer: the status, a JSON content type and a `detail` text. */
export function expectError(answer: Answer, status: number, detailPattern?: RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
  expect(answer.headers.get('content-type')).to.equal('application/json');
  expect(answer.body.detail).to.be.a('string').and.not.be.empty;
  if (detailPattern) expect(answer.body.detail).to.match(detailPattern);
}
