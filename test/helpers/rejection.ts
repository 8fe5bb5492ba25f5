import { ApiError } from '../../src/api/errors.js';

/** The rejection of a promise; fails the test when it fulfils. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    return error;
  }
  // Thrown outside the try: caught there, it would be returned as if it were the rejection.
  throw new Error(`expected a rejection, got ${JSON.stringify(value)?.slice(0, 200)}`);
}

/** The `ApiError` a promise rejects with; fails the test when it fulfils or rejects with anything else. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejectionOf(promise);
  if (!(error instanceof ApiError)) throw error;
  return error;
}
