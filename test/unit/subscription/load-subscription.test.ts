/**
 * What the form shows, read on its own (`loadSubscription`) against the real sandbox: the subscription, then its
 * product beside its next order, whether it can be prepaid, a product that cannot be read shown without, a refused
 * credential never passed over, and the next order waited for only a moment.
 */
import { expect } from '@open-wc/testing';
import type { ApiClient } from '../../../src/api/client.js';
import { ApiError } from '../../../src/api/errors.js';
import { NEXT_ORDER_WAIT_MS, loadSubscription } from '../../../src/subscription/load-subscription.js';
import { withClock } from '../../helpers/controlled-clock.js';
import { deferred } from '../../helpers/controller-host.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, sessionClient, type SandboxSession } from '../../helpers/sandbox-session.js';

const ELIGIBLE = SANDBOX_SUBSCRIPTIONS.eligible.id;
const PRODUCT = 'prod_morning_roast';

async function open(): Promise<SandboxSession & { client: ApiClient }> {
  const session = await sandboxSession();
  const client = sessionClient(session, { maxAttempts: 1 });
  return { ...session, client };
}

/** Loads `id`, with a next order that is in at once unless `order` says when; answers what was warned too. */
async function load(s: { client: ApiClient }, id = ELIGIBLE, order: Promise<void> = Promise.resolve()) {
  const warnings: string[] = [];
  let orderAsked = 0;
  const loaded = await loadSubscription(
    s.client,
    id,
    new AbortController().signal,
    (message) => warnings.push(message),
    () => {
      orderAsked++;
      return order;
    },
  );
  return { loaded, warnings, orderAsked };
}

describe('loadSubscription', () => {
  it('reads the subscription, then its product beside its next order, and says whether it can be prepaid', async () => {
    const s = await open();
    const { loaded, warnings, orderAsked } = await load(s);
    expect(loaded.subscription.public_id).to.equal(ELIGIBLE);
    expect(loaded.product).to.include({ name: 'Morning Roast Coffee, 12 oz', prepaid_eligible: true });
    expect(loaded.eligibility).to.deep.equal({ eligible: true });
    expect(orderAsked).to.equal(1);
    expect(warnings).to.deep.equal([]);
    const reads = (await s.requests()).map((request) => request.path);
    expect(reads[0]).to.equal(`/subscriptions/${ELIGIBLE}/`);
    expect(reads.slice(1)).to.include(`/products/${PRODUCT}/`);
  });

  it('shows the subscription without a product that cannot be read, and tells the developer why', async () => {
    const s = await open();
    await s.fault({ method: 'GET', path: `/products/${PRODUCT}/`, status: 500 });
    const { loaded, warnings } = await load(s);
    expect(loaded.product).to.equal(undefined);
    expect(loaded.eligibility, 'the service judges eligibility again on upgrade').to.deep.equal({ eligible: true });
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.match(new RegExp(`^product ${PRODUCT} could not be read, shown without it: .*500`));
  });

  it('passes over no refused credential: a 401 on the product fails the read', async () => {
    const s = await open();
    await s.fault({ method: 'GET', path: `/products/${PRODUCT}/`, status: 401 });
    const error = await load(s).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).status).to.equal(401);
  });

  it('waits for a next order that is not in yet for a moment only, and sets no timer for one that came first', async () => {
    const s = await open();
    // The waits loadSubscription itself asks for, on a clock that moves on to each at once.
    const ownWaits = (asked: ReadonlyArray<{ ms: number; stack: string }>) =>
      asked.filter(({ stack }) => stack.includes('load-subscription')).map(({ ms }) => ms);
    const order = deferred<void>();
    const late = await withClock({ auto: true }, async (clock) => ({
      ...(await load(s, ELIGIBLE, order.promise)),
      waits: ownWaits(clock.asked),
    }));
    expect(late.loaded.subscription.public_id, 'shown without its next order').to.equal(ELIGIBLE);
    expect(late.waits).to.deep.equal([NEXT_ORDER_WAIT_MS]);
    order.resolve();
    const first = await withClock({ auto: true }, async (clock) => ({ ...(await load(s)), waits: ownWaits(clock.asked) }));
    expect(first.waits).to.deep.equal([]);
  });
});
