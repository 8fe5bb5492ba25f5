/**
 * Failures in the customer's and the developer's terms (`src/shared/failure.ts`): what each status of the service's
 * list and each kind of error means.
 */
import { expect } from '@open-wc/testing';
import { ApiError } from '../../../src/api/errors.js';
import { describeFailure } from '../../../src/shared/failure.js';
import { prepaidSubscription } from '../../fixtures/subscriptions.js';

const http = (status: number, detail?: string) => new ApiError('http', `GET answered ${status}`, { status, detail });
const summary = (error: unknown) => {
  const { kind, status, retryable, credentialRefused, field } = describeFailure(error);
  return { kind, status, retryable, credentialRefused, field };
};

describe('describeFailure', () => {
  // Every status of the service's list (docs/service.md#statuses), and one it does not name.
  const statuses: Array<[status: number, kind: string, retryable: boolean]> = [
    [400, 'badRequest', false],
    [401, 'unauthorized', false],
    [403, 'forbidden', false],
    [404, 'notFound', false],
    [409, 'badRequest', false],
    [423, 'locked', true],
    [429, 'rateLimited', true],
    [500, 'server', true],
    [502, 'server', true],
    [503, 'server', true],
    [504, 'server', true],
  ];
  for (const [status, kind, retryable] of statuses) {
    it(`takes ${status} for ${kind}, ${retryable ? 'worth' : 'not worth'} trying again${status === 401 ? ', the credential refused' : ''}`, () => {
      expect(summary(http(status))).to.deep.equal({ kind, status, retryable, credentialRefused: status === 401, field: undefined });
    });
  }

  const kinds: Array<[kind: 'network' | 'timeout' | 'malformed' | 'config' | 'unconfirmed', retryable: boolean]> = [
    ['network', true],
    ['timeout', true],
    ['malformed', true],
    ['config', false],
    ['unconfirmed', true],
  ];
  for (const [kind, retryable] of kinds) {
    it(`keeps the kind ${kind}, ${retryable ? 'worth' : 'not worth'} trying again, with no status of its own`, () => {
      expect(describeFailure(new ApiError(kind, 'what happened'))).to.deep.equal({
        kind,
        status: 0,
        retryable,
        message: 'what happened',
        credentialRefused: false,
      });
    });
  }

  it('reads no status into an error that is not an HTTP one: a 401 it could not read is no refused credential', () => {
    expect(summary(new ApiError('malformed', 'x', { status: 401 }))).to.deep.equal({
      kind: 'malformed',
      status: 401,
      retryable: true,
      credentialRefused: false,
      field: undefined,
    });
  });

  it('takes a refusal of a subscription prepaid meanwhile for alreadyPrepaid, whatever the status, and says so', () => {
    const current = prepaidSubscription();
    for (const error of [
      new ApiError('http', 'PATCH answered 400', { status: 400, current, applied: false }),
      new ApiError('unconfirmed', 'no read answered', { current }),
    ]) {
      expect(describeFailure(error)).to.deep.equal({
        kind: 'alreadyPrepaid',
        status: error.status,
        retryable: false,
        message: `${error.message} (the subscription was already prepaid)`,
        credentialRefused: false,
      });
    }
  });

  it('takes anything else thrown for an answer it could not read, named by its message', () => {
    expect(describeFailure(new TypeError('boom'))).to.deep.equal({
      kind: 'malformed',
      status: 0,
      retryable: true,
      message: 'unexpected error: TypeError: boom',
      credentialRefused: false,
    });
  });

  it("keeps the service's explanation for the developer: in the message, never as a text of its own", () => {
    const failure = describeFailure(http(400, 'No prepaid here.'));
    expect(failure).not.to.have.property('detail');
    expect(failure.message).to.equal('GET answered 400');
  });

  it('carries the field a refusal is about, for a refused request only, with or without a message', () => {
    const fieldError = (status: number, detail?: string) =>
      new ApiError('http', `PATCH answered ${status}`, { status, detail, field: 'renewal_behavior' });
    expect(describeFailure(fieldError(400, 'No.'))).to.include({ field: 'renewal_behavior' });
    expect(describeFailure(fieldError(400, ''))).to.include({ field: 'renewal_behavior' });
    expect(describeFailure(fieldError(503, 'No.'))).not.to.have.any.keys('detail', 'field');
  });

  it('names the likely cause of 401, 403 and 404 for the developer, and none of the others', () => {
    expect(describeFailure(http(401)).message).to.match(/^GET answered 401 \(.*expired.*hash key\)$/);
    expect(describeFailure(http(403)).message).to.match(
      /^GET answered 403 \(the service does not allow this request: check the environment \/ api-base/,
    );
    expect(describeFailure(http(404)).message).to.match(/^GET answered 404 \(.*does not exist.*another customer/);
    for (const status of [400, 423, 429, 500, 502, 503, 504])
      expect(describeFailure(http(status)).message).to.equal(`GET answered ${status}`);
  });
});
