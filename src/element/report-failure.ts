/** How a final failure is told to the page's developer: a console line and the error events. */
import type { ApiError } from '../api/errors.js';
import { PrepaidUpgradeErrorEvent, PrepaidUpgradeTokenExpiredEvent, type ErrorPhase } from '../events.js';
import { describeFailure } from '../shared/failure.js';
import type { ConsoleLines } from './console-lines.js';

/**
 * Tells the page's developer about a failure that is final. It writes a console line that names the cause, and
 * dispatches `prepaid-upgrade-error`, and also `prepaid-upgrade-token-expired` when the credential was refused. A
 * write's failure says whether the change was made: surely not (`applied: false`), or not known (`null`).
 */
export function reportFailure(element: HTMLElement, lines: ConsoleLines, phase: ErrorPhase, error: unknown): void {
  const { status, message, retryable, credentialRefused } = describeFailure(error);
  lines.error(`${phase} failed: ${message}`);
  const write = phase === 'upgrade' || phase === 'renewal';
  const applied = write ? ((error as ApiError).applied ?? null) : undefined;
  element.dispatchEvent(new PrepaidUpgradeErrorEvent({ phase, status, message, retryable, ...(write && { applied }) }));
  if (credentialRefused) element.dispatchEvent(new PrepaidUpgradeTokenExpiredEvent());
}
