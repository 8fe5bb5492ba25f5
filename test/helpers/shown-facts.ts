/** What the widget knows, as `deriveShown` takes it, for the tests that derive what is shown from plain facts. */
import type { Facts, WriteFacts } from '../../src/element/shown-state.js';

/** A write not sent. */
const NO_WRITE: WriteFacts = { outcome: { status: 'idle' }, about: undefined };

/**
 * The facts of a widget that read its subscription and made no write: ready, nothing shown unless `overrides` says,
 * management on, offering 3, 6 and 12 orders.
 */
export const factsOf = (overrides: Partial<Facts> = {}): Facts => ({
  setupError: undefined,
  read: 'ready',
  readError: undefined,
  loaded: undefined,
  upgrade: NO_WRITE,
  renewal: NO_WRITE,
  changeConfirmed: false,
  manages: true,
  readAsked: false,
  finding: false,
  ordersOptions: [3, 6, 12],
  ...overrides,
});
