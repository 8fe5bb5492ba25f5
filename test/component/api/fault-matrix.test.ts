/**
 * The fault matrix: every way the service can fail (each error status of docs/service.md#statuses, a network failure,
 * a timeout, answers that cannot be read), in each phase (loading the subscription, upgrading it, changing what
 * happens when a prepaid subscription's orders run out), against the real sandbox.
 * One row of the table below is one test. Each says what the customer sees (state, message, retry button), which
 * events the page gets, and which requests the sandbox saw: retried or not, and how often. The widget waits between
 * tries on a controlled clock (test/helpers/controlled-clock.ts) that moves on to each wait at once and records it,
 * so that a row states exactly which waits the widget chose (the backoff's bounds, `Retry-After`, no wait past the
 * budget) without waiting them out or timing them. The "Fault matrix" of docs/troubleshooting.md is this table in
 * words.
 */
import { expect } from '@open-wc/testing';
import { en } from '../../../src/i18n/en.js';
import type { FailureKind } from '../../../src/api/errors.js';
import { CONFIRM_WAITS_MS } from '../../../src/api/writes.js';
import { redactCredential, type Fault, type RecordedRequest } from '../../../src/sandbox/index.js';
import { signStorefrontToken } from '../../../src/server/index.js';
import { payAsYouGoSubscription, prepaidSubscription } from '../../fixtures/subscriptions.js';
import { installClock, until, type ControlledClock } from '../../helpers/controlled-clock.js';
import { answerInstead, htmlPage } from '../../helpers/foreign-answers.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../../helpers/sandbox-session.js';

const SUBSCRIPTION = SANDBOX_SUBSCRIPTIONS.eligible.id;
const PRODUCT = 'prod_morning_roast';
/** What the customer picks before confirming; a reconciliation only counts these as "done". */
const CHOSEN = { orders: 6, renewal: 'cancel' } as const;
/** The renewal changes are made on a prepaid subscription (it renews automatically), to what this says. */
const PREPAID = SANDBOX_SUBSCRIPTIONS.prepaid.id;
const CHANGED_TO = 'cancel';

// Where a fault applies: the subscription read (the load, and the read that confirms an upgrade), or the upgrade.
const read = (fault: Partial<Fault>): Partial<Fault> => ({ method: 'GET', path: `/subscriptions/${SUBSCRIPTION}/`, ...fault });
const upgrade = (fault: Partial<Fault>): Partial<Fault> => ({ method: 'PATCH', path: '/upgrade_to_prepaid/', ...fault });
// For a renewal change: the read of the prepaid subscription, and the change.
const readPrepaid = (fault: Partial<Fault>): Partial<Fault> => ({ method: 'GET', path: `/subscriptions/${PREPAID}/`, ...fault });
const change = (fault: Partial<Fault>): Partial<Fault> => ({ method: 'PATCH', path: '/change_renewal_behavior/', ...fault });

/**
 * The time limit of the rows whose answer comes late (after 1 s): well under that second, and well over what a read
 * takes on a machine busy with other tests, where a read over the limit would be tried again and seen twice.
 */
const TIME_LIMIT = 500;

// Answers the service might send with a 2xx that the widget must not trust.
const json = (value: unknown) => JSON.stringify(value);
const subscriptionBody = (overrides: Record<string, unknown> = {}) =>
  json(payAsYouGoSubscription({ public_id: SUBSCRIPTION, product: PRODUCT, ...overrides }));
const { public_id: _dropped, ...withoutPublicId } = payAsYouGoSubscription({ product: PRODUCT });
const MALFORMED = {
  notJson: { status: 200, body: '{"public_id": "sub_coffee_ada", ' },
  empty: { status: 200, body: '' },
  stringForInteger: { status: 200, body: subscriptionBody({ quantity: '2' }) },
  noPublicId: { status: 200, body: json(withoutPublicId) },
  otherSubscription: { status: 200, body: subscriptionBody({ public_id: 'sub_someone_else' }) },
  noContent: { status: 204 },
  // Over the 1 MB the widget reads at most: refused unread, however valid it would be.
  huge: { status: 200, body: subscriptionBody({ extra_data: { padding: 'x'.repeat(1_100_000) } }) },
} satisfies Record<string, Partial<Fault>>;

interface Outcome {
  /**
   * The state the customer sees: the form (`ready`), the success message, a prepaid subscription with its change
   * confirmed (`prepaid`), or an error.
   */
  state: 'ready' | 'success' | 'prepaid' | 'error';
  /**
   * For `error`: the message shown, `en.failure(kind, phase)` (a renewal change's `unconfirmed`: `en.changeUnconfirmed`;
   * a refused choice: see `choice`).
   */
  kind?: FailureKind;
  /** The service's own reason: in the event's `message` and the console, never in the customer's view. */
  detail?: RegExp;
  /**
   * The heading of the form whose choice the service refused, when it named one: the message is then
   * `en.refusedChoice(choice)`.
   */
  choice?: string;
  /** What the `prepaid-upgrade-error` event's `message` must say too, besides being there. */
  message?: RegExp;
  /**
   * For `error`: the one button under the message (`[part~=retry]`), where it can help: a new read after a failed
   * load, a reload of the page for a session that expired; none otherwise (a failed write's retry is its form's own).
   */
  button?: 'Try again' | 'Reload the page' | 'Check again';
  /**
   * The `prepaid-upgrade-error` event (its `message` is for developers and only checked to be there); none without. A
   * write's says whether the change was made: `applied` is `false` unless told `null` (not known).
   */
  error?: { status: number; retryable: boolean; applied?: false | null };
  /**
   * For an upgrade in `prepaid`: it was refused as the subscription was prepaid already (elsewhere), which is shown as
   * it is, under the notice that says so.
   */
  alreadyPrepaid?: boolean;
  /** Whether `prepaid-upgrade-token-expired` was fired too. */
  tokenExpired?: boolean;
  /**
   * Every request the sandbox saw for the subscription, oldest first (product reads left out): `METHOD status`, with
   * `applied` when a fault carried the request out before replacing its answer. Status 0 is a network failure.
   */
  seen: string[];
  /**
   * The waits the widget chose before each retry, in order, on the controlled clock: an exact number of ms, or the
   * backoff's [min, max] (half of it left to chance). Not checked when left out.
   */
  waits?: Array<number | [number, number]>;
  /** A console.error line the developer gets. */
  console?: RegExp;
}

interface Row {
  phase: 'load' | 'upgrade' | 'renewal';
  name: string;
  /** Queued before the phase starts: before mounting for `load`, once the form is shown for `upgrade` and `renewal`. */
  faults: Array<Partial<Fault>>;
  /** The `timeout` attribute, in ms. */
  timeout?: number;
  /**
   * A tokenProvider instead of a `token` attribute: asked again after a 401, it hands out a different valid token
   * (`new-token`) or the same one (`same-token`).
   */
  provider?: 'new-token' | 'same-token';
  /**
   * The phase runs in real time rather than on the controlled clock: the service makes a change a while after it was
   * sent, and the reads that confirm it must come after that.
   */
  realTime?: boolean;
  /** Something else that happens before the phase starts (for `upgrade` and `renewal`: once the form is shown). */
  meanwhile?: (session: SandboxSession) => Promise<void>;
  /**
   * A page that a proxy in front of the service answers in its place, for requests whose path ends so: the sandbox,
   * which serves JSON only, never sends one. The sandbox does not see those requests.
   */
  proxy?: { path: string; answer: () => Response };
  expect: Outcome;
  /**
   * Then the trouble is over (faults still queued are dropped) and the customer presses the retry button (for an
   * upgrade or a renewal change: twice, then the form's button: still one PATCH; after one whose outcome is not known,
   * "Check again", which sends nothing).
   */
  thenRetry?: Outcome;
}

/** The reads that confirm a write whose answer got lost and that was not made: at once, then after each wait. */
const CONFIRM_READS = Array<string>(CONFIRM_WAITS_MS.length + 1).fill('GET 200');
const CONFIRM_WAITS = [...CONFIRM_WAITS_MS];

// The backoff before the first, second and third retry; docs/troubleshooting.md: "Fault matrix".
const BACKOFF_1: [number, number] = [125, 250];
const BACKOFF_2: [number, number] = [250, 500];
const BACKOFF_3: [number, number] = [500, 1000];

const LOAD_ROWS: Row[] = [
  {
    phase: 'load',
    name: '400',
    faults: [read({ status: 400, detail: 'The subscription id is not valid.' })],
    expect: {
      state: 'error',
      kind: 'badRequest',
      detail: /^The subscription id is not valid\.$/,
      error: { status: 400, retryable: false },
      seen: ['GET 400'],
    },
  },
  {
    phase: 'load',
    name: '400 with field errors about no field in particular',
    faults: [read({ status: 400, body: json({ non_field_errors: ['The subscription id is not valid.'] }) })],
    expect: {
      state: 'error',
      kind: 'badRequest',
      detail: /^The subscription id is not valid\.$/,
      error: { status: 400, retryable: false },
      message: /answered 400: non_field_errors: The subscription id is not valid\./,
      seen: ['GET 400'],
    },
  },
  {
    phase: 'load',
    name: '401, token attribute',
    faults: [read({ status: 401 })],
    expect: {
      state: 'error',
      kind: 'unauthorized',
      button: 'Reload the page',
      error: { status: 401, retryable: false },
      tokenExpired: true,
      seen: ['GET 401'],
    },
  },
  {
    phase: 'load',
    name: '401, tokenProvider with a new token',
    faults: [read({ status: 401 })],
    provider: 'new-token',
    expect: { state: 'ready', seen: ['GET 401', 'GET 200'] },
  },
  {
    phase: 'load',
    // A token just issued and refused: the store's set-up (its signature), which signing in again cannot fix.
    name: '401, tokenProvider with the same token again',
    faults: [read({ status: 401 })],
    provider: 'same-token',
    expect: {
      state: 'error',
      kind: 'config',
      error: { status: 401, retryable: false },
      tokenExpired: false,
      seen: ['GET 401'],
    },
  },
  {
    phase: 'load',
    name: '401, and the new token is refused too',
    faults: [read({ status: 401, count: 2 })],
    provider: 'new-token',
    expect: {
      state: 'error',
      kind: 'config',
      error: { status: 401, retryable: false },
      tokenExpired: false,
      seen: ['GET 401', 'GET 401'],
    },
  },
  {
    phase: 'load',
    name: '403',
    faults: [read({ status: 403 })],
    expect: {
      state: 'error',
      kind: 'forbidden',
      error: { status: 403, retryable: false },
      seen: ['GET 403'],
      console: /does not allow this request: check the environment/,
    },
  },
  {
    phase: 'load',
    name: '404',
    faults: [read({ status: 404 })],
    expect: { state: 'error', kind: 'notFound', error: { status: 404, retryable: false }, seen: ['GET 404'] },
  },
  {
    phase: 'load',
    name: '423 once',
    faults: [read({ status: 423 })],
    expect: { state: 'ready', seen: ['GET 423', 'GET 200'], waits: [BACKOFF_1] },
  },
  {
    phase: 'load',
    name: '423 every time',
    faults: [read({ status: 423, count: 10 })],
    expect: {
      state: 'error',
      kind: 'locked',
      button: 'Try again',
      error: { status: 423, retryable: true },
      seen: ['GET 423', 'GET 423', 'GET 423', 'GET 423'],
      waits: [BACKOFF_1, BACKOFF_2, BACKOFF_3],
    },
  },
  {
    phase: 'load',
    name: '429 once, Retry-After: 1',
    faults: [read({ status: 429, retryAfter: 1 })],
    expect: { state: 'ready', seen: ['GET 429', 'GET 200'], waits: [1000] },
  },
  {
    phase: 'load',
    name: '429 every time, Retry-After: 0',
    faults: [read({ status: 429, retryAfter: 0, count: 10 })],
    expect: {
      state: 'error',
      kind: 'rateLimited',
      button: 'Try again',
      error: { status: 429, retryable: true },
      seen: ['GET 429', 'GET 429', 'GET 429', 'GET 429'],
      waits: [0, 0, 0],
    },
  },
  {
    phase: 'load',
    name: '429 every time, Retry-After: 2 (a fourth try would start past the 5 s budget)',
    faults: [read({ status: 429, retryAfter: 2, count: 10 })],
    expect: {
      state: 'error',
      kind: 'rateLimited',
      button: 'Try again',
      error: { status: 429, retryable: true },
      seen: ['GET 429', 'GET 429', 'GET 429'],
      waits: [2000, 2000],
    },
  },
  {
    phase: 'load',
    name: '429 once, Retry-After as an HTTP date 2 s ahead',
    faults: [],
    // Queued when the test runs, on the controlled clock, which stands at a whole second: HTTP dates count whole
    // seconds, and the clock does not move before the widget reads the date.
    meanwhile: async (session) => session.fault(read({ status: 429, retryAfter: new Date(Date.now() + 2000).toUTCString() })),
    expect: { state: 'ready', seen: ['GET 429', 'GET 200'], waits: [2000] },
  },
  {
    phase: 'load',
    name: '429 once, no Retry-After',
    faults: [read({ status: 429, retryAfter: null })],
    expect: { state: 'ready', seen: ['GET 429', 'GET 200'], waits: [BACKOFF_1] },
  },
  {
    phase: 'load',
    name: '429, Retry-After: 10 (past the 5 s budget)',
    faults: [read({ status: 429, retryAfter: 10 })],
    expect: {
      state: 'error',
      kind: 'rateLimited',
      button: 'Try again',
      error: { status: 429, retryable: true },
      seen: ['GET 429'],
      waits: [],
    },
  },
  {
    phase: 'load',
    name: '500',
    faults: [read({ status: 500 })],
    expect: { state: 'error', kind: 'server', button: 'Try again', error: { status: 500, retryable: true }, seen: ['GET 500'] },
    thenRetry: { state: 'ready', seen: ['GET 500', 'GET 200'] },
  },
  ...[502, 503, 504].flatMap((status): Row[] => [
    {
      phase: 'load',
      name: `${status} once`,
      faults: [read({ status })],
      expect: { state: 'ready', seen: [`GET ${status}`, 'GET 200'], waits: [BACKOFF_1] },
    },
    {
      phase: 'load',
      name: `${status} every time`,
      faults: [read({ status, count: 10 })],
      expect: {
        state: 'error',
        kind: 'server',
        button: 'Try again',
        error: { status, retryable: true },
        seen: Array(4).fill(`GET ${status}`),
        waits: [BACKOFF_1, BACKOFF_2, BACKOFF_3],
      },
    },
  ]),
  {
    phase: 'load',
    name: 'network failure once',
    faults: [read({ status: 0 })],
    expect: { state: 'ready', seen: ['GET 0', 'GET 200'], waits: [BACKOFF_1] },
  },
  {
    phase: 'load',
    name: 'network failure every time',
    faults: [read({ status: 0, count: 10 })],
    expect: {
      state: 'error',
      kind: 'network',
      button: 'Try again',
      error: { status: 0, retryable: true },
      seen: ['GET 0', 'GET 0', 'GET 0', 'GET 0'],
      waits: [BACKOFF_1, BACKOFF_2, BACKOFF_3],
    },
  },
  {
    phase: 'load',
    name: 'malformed: a proxy’s HTML page in place of the service',
    faults: [],
    proxy: { path: `/subscriptions/${SUBSCRIPTION}/`, answer: () => htmlPage(200) },
    expect: { state: 'error', kind: 'malformed', button: 'Try again', error: { status: 200, retryable: true }, seen: [] },
  },
  {
    phase: 'load',
    name: 'timeout (answer after 1 s, limit 500 ms)',
    faults: [read({ latencyMs: 1000 })],
    timeout: TIME_LIMIT,
    expect: { state: 'error', kind: 'timeout', button: 'Try again', error: { status: 0, retryable: true }, seen: ['GET 200'] },
    thenRetry: { state: 'ready', seen: ['GET 200', 'GET 200'] },
  },
  ...(
    [
      ['malformed: not JSON', MALFORMED.notJson, 200],
      ['malformed: empty body', MALFORMED.empty, 200],
      ['malformed: a string where an integer is due', MALFORMED.stringForInteger, 200],
      ['malformed: no public_id', MALFORMED.noPublicId, 200],
      ['malformed: another subscription', MALFORMED.otherSubscription, 200],
      ['malformed: over 1 MB', MALFORMED.huge, 200],
      ['204, no body', MALFORMED.noContent, 204],
    ] as const
  ).map(([name, fault, status]): Row => ({
    phase: 'load',
    name,
    faults: [read(fault)],
    expect: { state: 'error', kind: 'malformed', button: 'Try again', error: { status, retryable: true }, seen: [`GET ${status}`] },
  })),
  {
    phase: 'load',
    name: '201 with the subscription',
    faults: [read({ status: 201, body: subscriptionBody() })],
    expect: { state: 'ready', seen: ['GET 201'] },
  },
];

/** Not applied: the fault answers in place of the service. Applied: the upgrade is made, its answer is lost. */
const AMBIGUOUS: Array<[name: string, fault: Partial<Fault>, kind: FailureKind, status: number, timeout?: number]> = [
  ['500', { status: 500 }, 'server', 500],
  ['502', { status: 502 }, 'server', 502],
  ['503', { status: 503 }, 'server', 503],
  ['504', { status: 504 }, 'server', 504],
  ['network failure', { status: 0 }, 'network', 0],
  ['timeout', { status: 504, latencyMs: 1000 }, 'timeout', 0, TIME_LIMIT],
  ['malformed: not JSON', MALFORMED.notJson, 'malformed', 200],
];

/**
 * The rows both writes share, the upgrade and the renewal change: each is sent the same way, so each rides out these
 * failures the same way. `write` aims a fault at the write; `done` is the state its success shows.
 */
function writeRows(phase: 'upgrade' | 'renewal', write: (fault: Partial<Fault>) => Partial<Fault>, done: 'success' | 'prepaid'): Row[] {
  return [
    {
      phase,
      name: '401, token attribute',
      faults: [write({ status: 401 })],
      expect: {
        state: 'error',
        kind: 'unauthorized',
        button: 'Reload the page',
        error: { status: 401, retryable: false },
        tokenExpired: true,
        seen: ['GET 200', 'PATCH 401'],
      },
    },
    {
      phase,
      name: '401, tokenProvider with a new token',
      faults: [write({ status: 401 })],
      provider: 'new-token',
      expect: { state: done, seen: ['GET 200', 'PATCH 401', 'PATCH 200'] },
    },
    {
      phase,
      name: '403',
      faults: [write({ status: 403 })],
      expect: {
        state: 'error',
        kind: 'forbidden',
        error: { status: 403, retryable: false },
        seen: ['GET 200', 'PATCH 403'],
        console: /does not allow this request: check the environment/,
      },
    },
    {
      phase,
      name: '404',
      faults: [write({ status: 404 })],
      expect: {
        state: 'error',
        kind: 'notFound',
        error: { status: 404, retryable: false },
        seen: ['GET 200', 'PATCH 404'],
      },
    },
    {
      phase,
      name: '423 once',
      faults: [write({ status: 423 })],
      expect: { state: done, seen: ['GET 200', 'PATCH 423', 'PATCH 200'], waits: [BACKOFF_1] },
    },
    {
      phase,
      name: '423 every time',
      faults: [write({ status: 423, count: 10 })],
      expect: {
        state: 'error',
        kind: 'locked',
        error: { status: 423, retryable: true },
        seen: ['GET 200', 'PATCH 423', 'PATCH 423', 'PATCH 423', 'PATCH 423'],
        waits: [BACKOFF_1, BACKOFF_2, BACKOFF_3],
      },
      thenRetry: { state: done, seen: ['GET 200', 'PATCH 423', 'PATCH 423', 'PATCH 423', 'PATCH 423', 'PATCH 200'] },
    },
    {
      phase,
      name: '429 once, Retry-After: 1',
      faults: [write({ status: 429, retryAfter: 1 })],
      expect: { state: done, seen: ['GET 200', 'PATCH 429', 'PATCH 200'], waits: [1000] },
    },
    {
      phase,
      name: '429 every time, Retry-After: 0',
      faults: [write({ status: 429, retryAfter: 0, count: 10 })],
      expect: {
        state: 'error',
        kind: 'rateLimited',
        error: { status: 429, retryable: true },
        seen: ['GET 200', 'PATCH 429', 'PATCH 429', 'PATCH 429', 'PATCH 429'],
        waits: [0, 0, 0],
      },
    },
    ...AMBIGUOUS.flatMap(([name, fault, kind, status, timeout]): Row[] => {
      const answered = fault.status ?? 200;
      return [
        {
          phase,
          name: `${name}, not applied`,
          faults: [write(fault)],
          ...(timeout ? { timeout } : {}),
          // Nothing is concluded from one read: the reads go on for about half a minute, and all show it not made.
          expect: {
            state: 'error',
            kind,
            error: { status, retryable: true },
            seen: ['GET 200', `PATCH ${answered}`, ...CONFIRM_READS],
            waits: CONFIRM_WAITS,
          },
          thenRetry: { state: done, seen: ['GET 200', `PATCH ${answered}`, ...CONFIRM_READS, 'PATCH 200'] },
        },
        {
          phase,
          name: `${name}, applied but the answer lost`,
          faults: [write({ ...fault, apply: true })],
          ...(timeout ? { timeout } : {}),
          expect: { state: done, seen: ['GET 200', `PATCH ${answered} applied`, 'GET 200'] },
        },
      ];
    }),
    {
      phase,
      name: 'timeout, applied at once, answer after 1 s',
      faults: [write({ latencyMs: 1000, apply: true })],
      timeout: TIME_LIMIT,
      expect: { state: done, seen: ['GET 200', 'PATCH 200 applied', 'GET 200'] },
    },
  ];
}

const UPGRADE_ROWS: Row[] = [
  {
    phase: 'upgrade',
    name: '400, not applied',
    faults: [upgrade({ status: 400, detail: 'Prepaid billing is paused for this store.' })],
    expect: {
      state: 'error',
      kind: 'badRequest',
      detail: /^Prepaid billing is paused for this store\.$/,
      error: { status: 400, retryable: false },
      seen: ['GET 200', 'PATCH 400', 'GET 200'],
    },
  },
  {
    phase: 'upgrade',
    name: '400 with a field error about the renewal choice',
    faults: [upgrade({ status: 400, body: json({ renewal_behavior: ["Value 'x' is not a valid choice."] }) })],
    expect: {
      state: 'error',
      kind: 'badRequest',
      detail: /^Value 'x' is not a valid choice\.$/,
      choice: en.renewalLegend,
      error: { status: 400, retryable: false },
      message: /answered 400: renewal_behavior: Value 'x' is not a valid choice\./,
      seen: ['GET 200', 'PATCH 400', 'GET 200'],
    },
  },
  {
    phase: 'upgrade',
    name: '400 with a field error about the number of orders, as a bare string',
    faults: [upgrade({ status: 400, body: json({ orders_per_billing: 'This field is required.' }) })],
    expect: {
      state: 'error',
      kind: 'badRequest',
      detail: /^This field is required\.$/,
      choice: en.ordersLegend,
      error: { status: 400, retryable: false },
      message: /answered 400: orders_per_billing: This field is required\./,
      seen: ['GET 200', 'PATCH 400', 'GET 200'],
    },
  },
  {
    // A 400 is followed by one read: a prepaid subscription is shown as it is, and this widget claims no success.
    phase: 'upgrade',
    name: '400, and the subscription is prepaid already',
    faults: [upgrade({ status: 400, detail: 'The subscription is already prepaid.', apply: true })],
    expect: {
      state: 'prepaid',
      alreadyPrepaid: true,
      error: { status: 400, retryable: false },
      message: /already prepaid/,
      seen: ['GET 200', 'PATCH 400 applied', 'GET 200'],
    },
  },
  ...writeRows('upgrade', upgrade, 'success'),
  {
    // The service makes the upgrade 1 s after it arrived, long after the widget gave up on its answer: the first read
    // finds it not made yet, a read a second later finds it made.
    phase: 'upgrade',
    name: 'timeout, the upgrade carried out 1 s after it arrived',
    faults: [upgrade({ carriedOutAfterMs: 1000 })],
    timeout: TIME_LIMIT,
    realTime: true,
    expect: { state: 'success', seen: ['GET 200', 'PATCH 200 applied', 'GET 200', 'GET 200'] },
  },
  {
    phase: 'upgrade',
    name: '204, applied',
    faults: [upgrade({ ...MALFORMED.noContent, apply: true })],
    expect: { state: 'success', seen: ['GET 200', 'PATCH 204 applied', 'GET 200'] },
  },
  {
    phase: 'upgrade',
    name: '200 with a string where an integer is due, applied',
    faults: [upgrade({ ...MALFORMED.stringForInteger, apply: true })],
    expect: { state: 'success', seen: ['GET 200', 'PATCH 200 applied', 'GET 200'] },
  },
  {
    phase: 'upgrade',
    name: '201 with the upgraded subscription',
    faults: [
      upgrade({
        status: 201,
        body: json(
          prepaidSubscription({
            public_id: SUBSCRIPTION,
            product: PRODUCT,
            prepaid_subscription_context: {
              prepaid_orders_remaining: 0,
              prepaid_orders_per_billing: CHOSEN.orders,
              renewal_behavior: CHOSEN.renewal,
            },
          }),
        ),
      }),
    ],
    expect: { state: 'success', seen: ['GET 200', 'PATCH 201'] },
  },
  {
    // No read answers: the outcome is not known, and "Check again" reads, never sends.
    phase: 'upgrade',
    name: '503, not applied, and every confirming read fails (500)',
    faults: [upgrade({ status: 503 }), read({ status: 500, count: CONFIRM_READS.length })],
    expect: {
      state: 'error',
      kind: 'unconfirmed',
      button: 'Check again',
      error: { status: 503, retryable: true, applied: null },
      seen: ['GET 200', 'PATCH 503', ...CONFIRM_READS.map(() => 'GET 500')],
    },
    // The one read finds it not made: the form's button sends it again.
    thenRetry: {
      state: 'error',
      kind: 'server',
      error: { status: 503, retryable: true },
      seen: ['GET 200', 'PATCH 503', ...CONFIRM_READS.map(() => 'GET 500'), 'GET 200'],
    },
  },
  {
    phase: 'upgrade',
    name: '503, not applied; the first confirming read gets a 503 once, retried',
    faults: [upgrade({ status: 503 }), read({ status: 503 })],
    expect: {
      state: 'error',
      kind: 'server',
      error: { status: 503, retryable: true },
      seen: ['GET 200', 'PATCH 503', 'GET 503', ...CONFIRM_READS],
    },
  },
  {
    phase: 'upgrade',
    name: '400, and the confirming read fails (500): the refusal is shown',
    faults: [upgrade({ status: 400, detail: 'Prepaid billing is paused for this store.' }), read({ status: 500 })],
    expect: {
      state: 'error',
      kind: 'badRequest',
      detail: /^Prepaid billing is paused for this store\.$/,
      error: { status: 400, retryable: false },
      seen: ['GET 200', 'PATCH 400', 'GET 500'],
    },
  },
  {
    phase: 'upgrade',
    name: '503, applied, and every confirming read fails (500)',
    faults: [upgrade({ status: 503, apply: true }), read({ status: 500, count: CONFIRM_READS.length })],
    expect: {
      state: 'error',
      kind: 'unconfirmed',
      button: 'Check again',
      error: { status: 503, retryable: true, applied: null },
      seen: ['GET 200', 'PATCH 503 applied', ...CONFIRM_READS.map(() => 'GET 500')],
    },
    // "Check again" reads, and finds it done: the success it was, and nothing sent twice.
    thenRetry: { state: 'success', seen: ['GET 200', 'PATCH 503 applied', ...CONFIRM_READS.map(() => 'GET 500'), 'GET 200'] },
  },
  {
    phase: 'upgrade',
    name: '500, meanwhile prepaid elsewhere with other choices',
    faults: [upgrade({ status: 500 })],
    meanwhile: async (session) => {
      const answer = await fetch(`${session.apiBase}/subscriptions/${SUBSCRIPTION}/upgrade_to_prepaid/`, {
        method: 'PATCH',
        headers: { authorization: session.token, 'content-type': 'application/json' },
        body: json({ orders_per_billing: 12, renewal_behavior: 'autorenew' }),
      });
      expect(answer.status).to.equal(200);
    },
    // The read finds it prepaid with other terms: shown as it is, and nothing more is tried.
    expect: {
      state: 'prepaid',
      alreadyPrepaid: true,
      error: { status: 500, retryable: false },
      message: /already prepaid/,
      seen: ['GET 200', 'PATCH 200', 'PATCH 500', 'GET 200'],
    },
  },
];

/**
 * The renewal change: the same write as the upgrade, so the same rows, with the service's own refusals of it
 * (docs/service.md#renewal-behaviours).
 */
const RENEWAL_ROWS: Row[] = [
  {
    phase: 'renewal',
    name: '400, not prepaid',
    faults: [change({ status: 400, detail: 'This subscription is not prepaid' })],
    expect: {
      state: 'error',
      kind: 'badRequest',
      detail: /^This subscription is not prepaid$/,
      error: { status: 400, retryable: false },
      seen: ['GET 200', 'PATCH 400', 'GET 200'],
    },
  },
  {
    phase: 'renewal',
    name: '400 with a field error',
    faults: [change({ status: 400, body: json({ renewal_behavior: ["Value 'x' is not a valid choice."] }) })],
    expect: {
      state: 'error',
      kind: 'badRequest',
      detail: /^Value 'x' is not a valid choice\.$/,
      choice: en.manageLegend,
      error: { status: 400, retryable: false },
      message: /answered 400: renewal_behavior: Value 'x' is not a valid choice\./,
      seen: ['GET 200', 'PATCH 400', 'GET 200'],
    },
  },
  {
    phase: 'renewal',
    name: '400 with a null field error',
    faults: [change({ status: 400, body: json({ renewal_behavior: ['This field cannot be null.'] }) })],
    expect: {
      state: 'error',
      kind: 'badRequest',
      detail: /^This field cannot be null\.$/,
      choice: en.manageLegend,
      error: { status: 400, retryable: false },
      seen: ['GET 200', 'PATCH 400', 'GET 200'],
    },
  },
  {
    phase: 'renewal',
    name: '400, but an earlier lost try applied it',
    faults: [change({ status: 400, detail: 'This subscription is not prepaid', apply: true })],
    expect: { state: 'prepaid', seen: ['GET 200', 'PATCH 400 applied', 'GET 200'] },
  },
  ...writeRows('renewal', change, 'prepaid'),
  {
    // The change lands a second after the widget gave up: a read a second later finds it made.
    phase: 'renewal',
    name: 'timeout, the change carried out 1 s after it arrived',
    faults: [change({ carriedOutAfterMs: 1000 })],
    timeout: TIME_LIMIT,
    realTime: true,
    expect: { state: 'prepaid', seen: ['GET 200', 'PATCH 200 applied', 'GET 200', 'GET 200'] },
  },
  {
    phase: 'renewal',
    name: '503, applied, and every confirming read fails (500)',
    faults: [change({ status: 503, apply: true }), readPrepaid({ status: 500, count: CONFIRM_READS.length })],
    expect: {
      state: 'error',
      kind: 'unconfirmed',
      button: 'Check again',
      error: { status: 503, retryable: true, applied: null },
      seen: ['GET 200', 'PATCH 503 applied', ...CONFIRM_READS.map(() => 'GET 500')],
    },
    thenRetry: { state: 'prepaid', seen: ['GET 200', 'PATCH 503 applied', ...CONFIRM_READS.map(() => 'GET 500'), 'GET 200'] },
  },
  {
    phase: 'renewal',
    name: '500, meanwhile changed elsewhere to something else',
    faults: [change({ status: 500 })],
    meanwhile: async (session) => {
      const answer = await fetch(`${session.apiBase}/subscriptions/${PREPAID}/change_renewal_behavior/`, {
        method: 'PATCH',
        headers: { authorization: session.token, 'content-type': 'application/json' },
        body: json({ renewal_behavior: 'downgrade' }),
      });
      expect(answer.status).to.equal(200);
    },
    // The reads show another choice than the customer's: not done. Trying again makes the customer's.
    expect: {
      state: 'error',
      kind: 'server',
      error: { status: 500, retryable: true },
      seen: ['GET 200', 'PATCH 200', 'PATCH 500', ...CONFIRM_READS],
    },
    thenRetry: { state: 'prepaid', seen: ['GET 200', 'PATCH 200', 'PATCH 500', ...CONFIRM_READS, 'PATCH 200'] },
  },
];

const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

function seen(log: RecordedRequest[]): string[] {
  return log
    .filter((r) => r.path.startsWith('/subscriptions/'))
    .map((r) => `${r.method} ${r.status}${typeof r.appliedStatus === 'number' ? ' applied' : ''}`);
}

/** Waits until the sandbox has answered everything it received, so that the log holds final statuses. */
async function settledLog(session: SandboxSession): Promise<RecordedRequest[]> {
  let log: RecordedRequest[] = [];
  await until(async () => (log = await session.requests()).every((r) => r.status !== null), 'the sandbox still holds a request', 3000);
  return log;
}

/** A signed token that differs from the session's (an older `ts`), as a renewed one would. */
const otherToken = (session: SandboxSession) =>
  signStorefrontToken({
    merchantPublicId: SANDBOX_MERCHANT.publicId,
    customerId: session.customerId,
    hashKey: SANDBOX_MERCHANT.hashKey,
    ts: Math.floor(Date.now() / 1000) - 60,
  });

describe('<prepaid-upgrade> fault matrix', () => {
  let consoleErrors: string[];
  const originalError = console.error;
  const originalWarn = console.warn;
  beforeEach(() => {
    consoleErrors = [];
    console.error = (...args: unknown[]) => consoleErrors.push(args.map(String).join(' '));
    console.warn = () => undefined;
  });
  afterEach(() => {
    console.error = originalError;
    console.warn = originalWarn;
  });

  /**
   * Waits for the outcome of what started at event index `from` (and at the clock's wait `waitsFrom`), then checks it
   * against `outcome`.
   */
  async function check(
    row: Row,
    m: Mounted,
    session: SandboxSession,
    [from, waitsFrom]: [number, number],
    clock: ControlledClock,
    outcome: Outcome,
    tokens: string[],
  ): Promise<void> {
    const finals = [
      { load: 'prepaid-upgrade-ready', upgrade: 'prepaid-upgrade-success', renewal: 'prepaid-upgrade-renewal-change' }[row.phase],
      'prepaid-upgrade-error',
    ];
    const since = () => m.events.slice(from);
    await until(() => since().some((e) => finals.includes(e.type)), `no outcome (state ${m.el.state})`, 8000);
    await m.el.updateComplete;
    const log = await settledLog(session);

    // What the customer sees.
    expect(m.el.state, 'state').to.equal(outcome.state);
    const errorPart = m.$('[part~=error]');
    if (outcome.state === 'error') {
      expect(errorPart !== null, 'an error part is shown').to.be.true;
      // Focus: a failure of something the customer asked for (a write, a retry) takes it, and focus reads it out; a page
      // that just loaded keeps its own, and an alert reads it out instead. Either way it is heard once.
      const asked = row.phase !== 'load' || from > 0;
      expect(errorPart!.getAttribute('role'), 'an alert only where focus does not read it').to.equal(asked ? null : 'alert');
      if (asked) await until(() => m.shadow.activeElement === errorPart, 'the error message did not take focus', 2000);
      else expect(m.shadow.activeElement, 'focus taken on load').to.equal(null);
      const message = outcome.choice
        ? en.refusedChoice(outcome.choice)
        : row.phase === 'renewal' && outcome.kind === 'unconfirmed'
          ? en.changeUnconfirmed
          : en.failure(outcome.kind!, row.phase);
      expect(text(errorPart), 'message').to.equal(`${message}${outcome.button ? ` ${outcome.button}` : ''}`);
      if (outcome.detail) {
        const words = new RegExp(outcome.detail.source.replace(/^\^/, '').replace(/\$$/, ''));
        expect(text(m.el.shadowRoot!.firstElementChild), 'the service’s own words are not shown').not.to.match(words);
      }
      expect(m.el.shadowRoot!.querySelectorAll('[part~=retry]').length, 'buttons').to.equal(outcome.button ? 1 : 0);
      expect(text(m.$('[part~=retry]')), 'retry button').to.equal(outcome.button ?? '');
    } else {
      expect(text(errorPart), 'no error part').to.equal('');
    }
    if (outcome.state === 'ready') expect(m.$('[part~=form]') !== null, 'the form is shown').to.be.true;
    if (outcome.state === 'success') {
      expect(text(m.$('[part~=success]'))).to.contain(en.successHeading);
      expect(m.el.subscription?.prepaid_subscription_context).to.deep.include({
        prepaid_orders_per_billing: CHOSEN.orders,
        renewal_behavior: CHOSEN.renewal,
      });
    }
    if (outcome.alreadyPrepaid) {
      // Shown as it is: the service's terms, under why nothing was changed; no upgrade form, no claim of success.
      expect(text(m.$('[part~=notice]'))).to.equal(en.failure('alreadyPrepaid', 'upgrade'));
      expect(m.shadow.activeElement, 'the notice takes focus').to.equal(m.$('[part~=notice]'));
      expect(m.el.subscription?.prepaid_subscription_context?.prepaid_orders_per_billing).to.be.above(0);
      expect(m.$('[part~=form]'), 'no upgrade form').to.equal(null);
    } else if (outcome.state === 'prepaid') {
      // The change is confirmed where the customer made it, and the status says what now happens.
      expect(text(m.$('[part~=manage] [part~=confirmation]'))).to.equal(en.renewalChanged(CHANGED_TO));
      expect(m.el.subscription?.prepaid_subscription_context?.renewal_behavior).to.equal(CHANGED_TO);
      expect(m.$<HTMLInputElement>(`input[name=manage][value="${CHANGED_TO}"]`)?.checked, 'the new choice is the current one').to.be.true;
      expect(m.$<HTMLButtonElement>('[part~=manage-submit]')?.disabled, 'nothing left to save').to.be.true;
    }
    if (row.phase === 'upgrade' && outcome.state === 'error') {
      // The form stays, with the customer's choices.
      expect(m.$<HTMLInputElement>(`input[name=orders][value="${CHOSEN.orders}"]`)?.checked, 'orders choice kept').to.be.true;
      expect(m.$<HTMLInputElement>(`input[name=renewal][value="${CHOSEN.renewal}"]`)?.checked, 'renewal choice kept').to.be.true;
    }
    if (row.phase === 'renewal' && outcome.state === 'error') {
      // The management form stays, with the customer's choice, ready to be sent again; locked while it is not known
      // whether the change was made.
      expect(m.$<HTMLInputElement>(`input[name=manage][value="${CHANGED_TO}"]`)?.checked, 'choice kept').to.be.true;
      expect(m.$<HTMLButtonElement>('[part~=manage-submit]')?.disabled, 'the button is there').to.be.false;
      expect(m.$('[part~=manage-submit]')?.getAttribute('aria-disabled') === 'true', 'locked').to.equal(outcome.kind === 'unconfirmed');
    }
    if (row.phase === 'upgrade' && outcome.state === 'error') {
      expect(m.$('[part~=submit]')?.getAttribute('aria-disabled') === 'true', 'locked').to.equal(outcome.kind === 'unconfirmed');
    }

    // What the page gets.
    const ofType = (type: string) => since().filter((e) => e.type === type) as Array<Event & { detail: any }>;
    const errors = ofType('prepaid-upgrade-error');
    if (outcome.error) {
      expect(errors.length, 'error events').to.equal(1);
      const { message, ...rest } = errors[0]!.detail;
      const applied = row.phase === 'load' ? {} : { applied: false };
      expect(rest).to.deep.equal({ phase: row.phase, ...applied, ...outcome.error });
      expect(message).to.be.a('string').and.not.be.empty;
      if (outcome.message) expect(message).to.match(outcome.message);
      if (outcome.detail) {
        // In the developer's line, the service's words come after what was asked and answered.
        const words = new RegExp(outcome.detail.source.replace(/^\^/, '').replace(/\$$/, ''));
        expect(message, 'the service’s own words reach the developer').to.match(words);
      }
      for (const token of tokens) expect(message).not.to.contain(JSON.parse(token).sig);
    } else {
      expect(
        errors.map((e) => e.detail),
        'no error event',
      ).to.deep.equal([]);
    }
    // Counts, not the events: an assertion message that serialized an event would serialize the page with it.
    expect(ofType('prepaid-upgrade-token-expired').length, 'token-expired events').to.equal(outcome.tokenExpired ? 1 : 0);
    expect(ofType('prepaid-upgrade-success').length, 'success events').to.equal(outcome.state === 'success' ? 1 : 0);
    expect(ofType('prepaid-upgrade-renewal-change').length, 'renewal-change events').to.equal(
      outcome.state === 'prepaid' && !outcome.alreadyPrepaid ? 1 : 0,
    );
    if (outcome.state === 'prepaid' && !outcome.alreadyPrepaid) {
      expect(ofType('prepaid-upgrade-renewal-change')[0]!.detail.subscription.prepaid_subscription_context).to.deep.include({
        renewal_behavior: CHANGED_TO,
      });
    }
    if (outcome.state === 'success') {
      expect(ofType('prepaid-upgrade-success')[0]!.detail.subscription.prepaid_subscription_context).to.deep.include({
        prepaid_orders_per_billing: CHOSEN.orders,
        renewal_behavior: CHOSEN.renewal,
      });
    }
    if (row.phase === 'load') expect(ofType('prepaid-upgrade-ready').length, 'ready events').to.equal(outcome.state === 'ready' ? 1 : 0);
    if (outcome.console) expect(consoleErrors.join('\n')).to.match(outcome.console);

    // What the sandbox saw.
    expect(seen(log), 'requests').to.deep.equal(outcome.seen);
    if (!row.meanwhile) {
      const asked =
        row.phase === 'renewal'
          ? { renewal_behavior: CHANGED_TO }
          : { orders_per_billing: CHOSEN.orders, renewal_behavior: CHOSEN.renewal, offer: 'live' };
      for (const patch of log.filter((r) => r.method === 'PATCH')) expect(patch.body, 'every try asks for the same').to.deep.equal(asked);
    }
    // How long the widget waited before each retry: the waits the client's retries and a write's confirming reads
    // asked for. The page's other timers (the form's wait for the next order, the second that a widget in view counts)
    // are told apart by the module that set them, not by how long they last.
    if (outcome.waits) {
      const retries = clock.asked.slice(waitsFrom).filter(({ stack }) => /\/src\/api\/(client|writes)\.ts/.test(stack));
      const waits = retries.map(({ ms }) => ms);
      expect(waits, `number of waits (all: ${clock.waits.slice(waitsFrom).join(', ')} ms)`).to.have.length(outcome.waits.length);
      outcome.waits.forEach((expected, i) => {
        const [min, max] = typeof expected === 'number' ? [expected, expected] : expected;
        expect(waits[i], `wait ${i + 1} (retries: ${waits.join(', ')} ms)`).to.be.within(min!, max!);
      });
    }
  }

  for (const row of [...LOAD_ROWS, ...UPGRADE_ROWS, ...RENEWAL_ROWS]) {
    const summary = (o: Outcome) => (o.state === 'error' ? `error "${o.kind}"` : o.state);
    const title = `${row.phase} · ${row.name} → ${summary(row.expect)}${row.thenRetry ? `; retry → ${summary(row.thenRetry)}` : ''}`;
    it(title, async () => {
      const session = await sandboxSession();
      const tokens = [session.token];
      const subscriptionId = row.phase === 'renewal' ? PREPAID : SUBSCRIPTION;
      const attributes: Record<string, string> = { 'subscription-id': subscriptionId, 'api-base': session.apiBase };
      if (row.timeout) attributes.timeout = String(row.timeout);
      const properties: { tokenProvider?: () => Promise<string> } = {};
      let asked = 0;
      if (row.provider) {
        const renewed = row.provider === 'new-token' ? await otherToken(session) : session.token;
        if (renewed !== session.token) tokens.push(renewed);
        properties.tokenProvider = async () => (asked++ === 0 ? session.token : renewed);
      } else {
        attributes.token = session.token;
      }

      let m: Mounted | undefined;
      // The phase runs on the controlled clock; for an upgrade, once the form is shown.
      if (row.phase === 'upgrade') {
        m = await mount(attributes, properties);
        await m.waitForEvent('prepaid-upgrade-ready');
        m.$<HTMLInputElement>(`input[name=orders][value="${CHOSEN.orders}"]`)!.click();
        m.$<HTMLInputElement>(`input[name=renewal][value="${CHOSEN.renewal}"]`)!.click();
        await m.el.updateComplete;
      }
      if (row.phase === 'renewal') {
        m = await mount(attributes, properties);
        await m.waitForEvent('prepaid-upgrade-ready');
        expect(m.el.state).to.equal('prepaid');
        m.$<HTMLInputElement>(`input[name=manage][value="${CHANGED_TO}"]`)!.click();
        await m.el.updateComplete;
      }
      /** The button that sends the phase's write. */
      const send = row.phase === 'renewal' ? '[part~=manage-submit]' : '[part~=submit]';
      // A row in real time still gets a clock, one that never moves and that nothing asks (its waits stay empty).
      const clock = row.realTime ? ({ waits: [], uninstall: () => undefined } as unknown as ControlledClock) : installClock({ auto: true });
      let proxy: ReturnType<typeof answerInstead> | undefined;
      try {
        await row.meanwhile?.(session);
        for (const fault of row.faults) await session.fault(fault);
        proxy = row.proxy && answerInstead((url) => url.pathname.endsWith(row.proxy!.path), row.proxy.answer);
        let from = 0;
        if (!m) {
          m = await mount(attributes, properties);
        } else {
          from = m.events.length;
          m.$(send)!.click();
          expect(m.el.state).to.equal('submitting');
          // Asked again while it is under way: still one write (the requests below show no extra PATCH).
          m.$(send)!.click();
          void m.el.upgrade();
        }
        await check(row, m, session, [from, 0], clock, row.expect, tokens);
        if (row.provider) {
          expect(asked, 'tokenProvider asked again once').to.equal(2);
          const log = await session.requests();
          const refused = log.findIndex((r) => r.status === 401);
          expect(log[refused]!.headers.authorization).to.equal(await redactCredential(session.token));
          // The retry is the next request to the same address: the next order is read beside the subscription.
          const retry = log.slice(refused + 1).find((r) => r.method === log[refused]!.method && r.path === log[refused]!.path);
          if (row.provider === 'new-token')
            expect(retry!.headers.authorization, 'the retry carries the new token').to.equal(await redactCredential(tokens[1]!));
        }

        if (row.thenRetry) {
          // The trouble is over (faults not used up yet are dropped); the customer tries again.
          await session.control('/faults', { method: 'DELETE' });
          proxy?.restore();
          const retryFrom: [number, number] = [m.events.length, clock.waits.length];
          if (row.phase === 'load') m.$<HTMLButtonElement>('[part~=retry]')!.click();
          else if (row.expect.kind === 'unconfirmed') {
            // "Check again" reads whether it was made; pressed twice, still one read.
            m.$<HTMLButtonElement>('[part~=retry]')!.click();
            expect(m.el.state).to.equal('submitting');
            m.$<HTMLButtonElement>('[part~=retry]')?.click();
          } else {
            // A failed write is tried again with its form's own button; pressed again before the page re-rendered,
            // and upgrade() too: still one PATCH.
            m.$<HTMLButtonElement>(send)!.click();
            expect(m.el.state).to.equal('submitting');
            m.$<HTMLButtonElement>(send)?.click();
            void m.el.upgrade();
          }
          await check(row, m, session, retryFrom, clock, row.thenRetry, tokens);
          if (row.phase !== 'load') {
            const submits = m.events.slice(retryFrom[0]).filter((e) => e.type === 'prepaid-upgrade-submit') as Array<
              Event & { detail: any }
            >;
            expect(
              submits.map((e) => e.detail.action),
              'one submit per retry, none to check again',
            ).to.deep.equal(row.expect.kind === 'unconfirmed' ? [] : [row.phase === 'renewal' ? 'change-renewal' : 'upgrade']);
          }
        }
      } finally {
        proxy?.restore();
        clock.uninstall();
      }
    });
  }
});
