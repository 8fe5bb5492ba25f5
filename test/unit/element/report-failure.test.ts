/**
 * How a failure for good is told to the page's developer (`src/element/report-failure.ts`): a console line that names
 * the cause, and the error events.
 */
import { expect } from '@open-wc/testing';
import { ApiError } from '../../../src/api/errors.js';
import { ConsoleLines } from '../../../src/element/console-lines.js';
import { reportFailure } from '../../../src/element/report-failure.js';
import { PrepaidUpgradeErrorEvent, PrepaidUpgradeTokenExpiredEvent, type ErrorPhase } from '../../../src/events.js';
import { captureConsole } from '../../helpers/console-capture.js';

const http = (status: number, detail?: string) => new ApiError('http', `GET answered ${status}`, { status, detail });

describe('reportFailure', () => {
  const { errors, warnings } = captureConsole();

  /** Reports `error` in `phase` from an element of its own; answers the events it fired. */
  const report = (phase: ErrorPhase, error: unknown) => {
    const element = document.createElement('div');
    const events: Event[] = [];
    for (const type of ['prepaid-upgrade-error', 'prepaid-upgrade-token-expired'])
      element.addEventListener(type, (event) => events.push(event));
    reportFailure(element, new ConsoleLines(() => '<prepaid-upgrade subscription-id="sub_1">'), phase, error);
    return events;
  };

  it('says on the console which step failed and why, naming the element', () => {
    report('load', http(404));
    expect(errors).to.deep.equal([
      '<prepaid-upgrade subscription-id="sub_1">: load failed: GET answered 404 (the subscription does not exist, or the token is for another customer)',
    ]);
    expect(warnings).to.deep.equal([]);
  });

  it('fires prepaid-upgrade-error with the phase, status, message and whether trying again may help', () => {
    const [event, ...others] = report('load', http(503));
    expect(others).to.deep.equal([]);
    expect(event).to.be.instanceOf(PrepaidUpgradeErrorEvent);
    expect((event as PrepaidUpgradeErrorEvent).detail).to.deep.equal({
      phase: 'load',
      status: 503,
      message: 'GET answered 503',
      retryable: true,
    });
  });

  it('says of a failed read or set-up nothing of a change made', () => {
    for (const phase of ['load', 'config'] as const) {
      const [event] = report(phase, new ApiError('config', 'no credential'));
      expect((event as PrepaidUpgradeErrorEvent).detail).not.to.have.property('applied');
    }
  });

  it('says of a failed write whether the change was made: surely not, or not known', () => {
    for (const phase of ['upgrade', 'renewal'] as const) {
      const refused = report(phase, new ApiError('http', 'PATCH answered 400', { status: 400, applied: false }));
      expect((refused[0] as PrepaidUpgradeErrorEvent).detail).to.include({ phase, applied: false });
      const unknown = report(phase, new ApiError('unconfirmed', 'no read answered', { applied: null }));
      expect((unknown[0] as PrepaidUpgradeErrorEvent).detail).to.include({ phase, applied: null });
      const unsaid = report(phase, new ApiError('network', 'offline'));
      expect((unsaid[0] as PrepaidUpgradeErrorEvent).detail, 'not said: not known').to.include({ applied: null });
    }
  });

  it('fires prepaid-upgrade-token-expired after the error when the credential was refused, and only then', () => {
    const refused = report('load', http(401));
    expect(refused.map((event) => event.type)).to.deep.equal(['prepaid-upgrade-error', 'prepaid-upgrade-token-expired']);
    expect(refused[1]).to.be.instanceOf(PrepaidUpgradeTokenExpiredEvent);
    for (const error of [http(403), new ApiError('malformed', 'x', { status: 401 }), new ApiError('config', 'x')])
      expect(report('upgrade', error).map((event) => event.type)).to.deep.equal(['prepaid-upgrade-error']);
  });

  it('fires events that bubble and cross shadow roots', () => {
    const [event] = report('upgrade', http(500));
    expect(event).to.include({ bubbles: true, composed: true });
  });
});
