/** The one typed error of every failed request (`ApiError`), and how an abort is told apart from a failure. */
import { expect } from '@open-wc/testing';
import { ApiError, isAbortError } from '../../../src/api/errors.js';
import { prepaidSubscription } from '../../fixtures/subscriptions.js';

describe('ApiError', () => {
  it('keeps its kind, message, status and what the service said, and its cause as an Error does', () => {
    const cause = new TypeError('Failed to fetch');
    const current = prepaidSubscription();
    const error = new ApiError('http', 'PATCH answered 400', {
      status: 400,
      detail: 'Already prepaid.',
      field: 'renewal_behavior',
      applied: false,
      current,
      cause,
    });
    expect(error).to.be.instanceOf(Error);
    expect(error).to.include({ name: 'ApiError', kind: 'http', message: 'PATCH answered 400', status: 400, detail: 'Already prepaid.' });
    expect(error).to.include({ field: 'renewal_behavior', applied: false, current, cause });
  });

  it('has status 0 when no answer came, and no cause unless given one', () => {
    const error = new ApiError('network', 'GET failed');
    expect(error.status).to.equal(0);
    expect('cause' in error).to.equal(false);
    expect(error.applied).to.equal(undefined);
  });
});

describe('isAbortError', () => {
  it('knows an abort by its name, whatever threw it, and nothing else', () => {
    expect(isAbortError(new DOMException('stopped', 'AbortError'))).to.equal(true);
    expect(isAbortError(AbortSignal.abort().reason)).to.equal(true);
    for (const other of [new ApiError('timeout', 'too slow'), new DOMException('late', 'TimeoutError'), null, undefined, 'AbortError']) {
      expect(isAbortError(other), String(other)).to.equal(false);
    }
  });
});
