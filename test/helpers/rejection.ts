import { ApiError } from '../../src/api/errors.js';

/** The rejection of a promise; fails the test when it fulfils. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    const value = await promise;
    throw new Error(`expected a rejection, got ${JSON.stringify(value)?.slice(0, 200)}`);
  } catch (error) {
    return error;
  }
}

/** The `ApiError` a promise rejects with; fails the test when it fulfils or rejects with anything else. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejectionOf(promise);
  if (!(error instanceof ApiError)) throw error;
  return error;
}
