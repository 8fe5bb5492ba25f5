/**
 * A write of the element (`Write`) on its own, with a host that counts its updates: one in flight at a time, its
 * outcome, a cancelled one, "check again", and the submit event that announces it (`announceWrite`).
 */
import { expect } from '@open-wc/testing';
import type { ApiClient } from '../../../src/api/client.js';
import { ApiError } from '../../../src/api/errors.js';
import type { Subscription } from '../../../src/api/schemas.js';
import type { SubscriptionWrite } from '../../../src/api/writes.js';
import { IDLE, Write, announceWrite, type Send } from '../../../src/changes/write.js';
import { PrepaidUpgradeSubmitEvent, type SubmitDetail } from '../../../src/events.js';
import { ControllerHost, deferred } from '../../helpers/controller-host.js';

/** A send that answers when the test says, recording how it was called. */
function heldSend<T>() {
  const answer = deferred<T>();
  const calls: Array<{ checking: () => void; unknown: ApiError | undefined }> = [];
  const send: Send<T> = (checking, unknown) => {
    calls.push({ checking, unknown });
    return answer.promise;
  };
  return { send, calls, answer };
}

describe('Write', () => {
  it('is idle, about nothing, until it runs', () => {
    const write = new Write<string>(new ControllerHost());
    expect(write.outcome).to.equal(IDLE);
    expect(write.about).to.equal(undefined);
    expect(write.busy).to.equal(false);
  });

  it('is submitting while the write is sent, then holds its value, each change rendered', async () => {
    const host = new ControllerHost();
    const write = new Write<string>(host);
    const { send, answer } = heldSend<string>();
    const outcome = write.run('sub_1', () => send);
    expect(write.outcome).to.deep.equal({ status: 'submitting' });
    expect(write.about).to.equal('sub_1');
    expect(write.busy).to.equal(true);
    expect(host.updates).to.equal(1);
    answer.resolve('done');
    expect(await outcome).to.deep.equal({ status: 'success', value: 'done' });
    expect(write.outcome).to.deep.equal({ status: 'success', value: 'done' });
    expect(write.busy).to.equal(false);
    expect(host.updates).to.equal(2);
  });

  it('holds the error of a write that failed', async () => {
    const write = new Write<string>(new ControllerHost());
    const { send, answer } = heldSend<string>();
    const outcome = write.run('sub_1', () => send);
    const failure = new ApiError('network', 'offline');
    answer.reject(failure);
    expect(await outcome).to.deep.equal({ status: 'error', error: failure });
    expect(write.outcome).to.deep.equal({ status: 'error', error: failure });
  });

  it('says it is checking when the answer got lost and reads confirm it', async () => {
    const host = new ControllerHost();
    const write = new Write<string>(host);
    const { send, calls, answer } = heldSend<string>();
    const outcome = write.run('sub_1', () => send);
    calls[0]!.checking();
    expect(write.outcome).to.deep.equal({ status: 'submitting', checking: true });
    expect(host.updates).to.equal(2);
    answer.resolve('made');
    await outcome;
  });

  it('shares the write in flight: a second run prepares and sends nothing, and hears the same outcome', async () => {
    const write = new Write<string>(new ControllerHost());
    const { send, calls, answer } = heldSend<string>();
    let prepared = 0;
    const first = write.run('sub_1', () => (prepared++, send));
    const second = write.run('sub_2', () => (prepared++, send));
    expect(second).to.equal(first);
    expect(write.about, 'the first write’s subscription').to.equal('sub_1');
    answer.resolve('once');
    await first;
    expect(prepared).to.equal(1);
    expect(calls).to.have.length(1);
  });

  it('counts a run from inside prepare (a submit listener calling again) as the same write', async () => {
    const write = new Write<string>(new ControllerHost());
    const { send, calls, answer } = heldSend<string>();
    let inner: Promise<unknown> | undefined;
    const outer = write.run('sub_1', () => {
      inner = write.run('sub_1', () => send);
      return send;
    });
    expect(inner).to.equal(outer);
    answer.resolve('once');
    await outer;
    expect(calls).to.have.length(1);
  });

  it('sends nothing, changes nothing and frees the slot when prepare cancels', async () => {
    const host = new ControllerHost();
    const write = new Write<string>(host);
    expect(await write.run('sub_1', () => undefined)).to.equal(IDLE);
    expect(write.outcome).to.equal(IDLE);
    expect(write.about).to.equal(undefined);
    expect(write.busy).to.equal(false);
    expect(host.updates).to.equal(0);
  });

  it('answers once the outcome is rendered, with the slot already free for a new write', async () => {
    const host = new ControllerHost();
    const rendered = deferred<boolean>();
    host.updateComplete = rendered.promise;
    const write = new Write<string>(host);
    const { send, answer } = heldSend<string>();
    let heard = false;
    const outcome = write.run('sub_1', () => send).then(() => (heard = true));
    answer.resolve('done');
    await new Promise((resolve) => setTimeout(resolve));
    expect(write.outcome.status).to.equal('success');
    expect(write.busy, 'free before the caller hears').to.equal(false);
    expect(heard, 'not before the update is complete').to.equal(false);
    rendered.resolve(true);
    await outcome;
    expect(heard).to.equal(true);
  });

  it('checks again with the send of the last write and what is not known of it, about the same subscription', async () => {
    const write = new Write<string>(new ControllerHost());
    const { send, calls, answer } = heldSend<string>();
    const unknown = new ApiError('unconfirmed', 'no read answered', { applied: null });
    answer.reject(unknown);
    await write.run('sub_1', () => send);
    calls.length = 0;
    const checked = write.checkAgain(unknown);
    expect(calls.map((call) => call.unknown)).to.deep.equal([unknown]);
    expect(write.about).to.equal('sub_1');
    expect(write.outcome).to.deep.equal({ status: 'submitting' });
    expect((await checked).status).to.equal('error');
  });

  it('checks nothing again when no write was sent', async () => {
    const write = new Write<string>(new ControllerHost());
    expect(await write.checkAgain(new ApiError('unconfirmed', 'x'))).to.equal(IDLE);
    expect(write.busy).to.equal(false);
  });

  it('forgets its outcome on reset, but never a write in flight', async () => {
    const host = new ControllerHost();
    const write = new Write<string>(host);
    const { send, answer } = heldSend<string>();
    const outcome = write.run('sub_1', () => send);
    write.reset();
    expect(write.outcome).to.deep.equal({ status: 'submitting' });
    answer.resolve('done');
    await outcome;
    write.reset();
    expect(write.outcome).to.equal(IDLE);
  });
});

describe('announceWrite', () => {
  const detail: SubmitDetail = {
    action: 'upgrade',
    subscriptionId: 'sub_1',
    request: { orders_per_billing: 6, renewal_behavior: 'cancel', offer: 'live' },
  };
  const client = {} as ApiClient;
  const answer = { public_id: 'sub_1' } as Subscription;
  /** A write that records where it was sent. */
  const recording = () => {
    const sent: Array<[ApiClient, string]> = [];
    const write: SubscriptionWrite = {
      name: 'a test write',
      send: async (to, subscriptionId) => (sent.push([to, subscriptionId]), answer),
      isApplied: () => true,
    };
    return { sent, write };
  };

  it('tells the page, in a cancelable submit event, what is about to be sent, and answers how to send it', async () => {
    const target = new EventTarget();
    const heard: PrepaidUpgradeSubmitEvent[] = [];
    target.addEventListener('prepaid-upgrade-submit', (event) => heard.push(event as PrepaidUpgradeSubmitEvent));
    const { sent, write } = recording();
    const send = announceWrite(target, client, detail, write);
    expect(heard).to.have.length(1);
    expect(heard[0]).to.be.instanceOf(PrepaidUpgradeSubmitEvent);
    expect(heard[0]!.detail).to.equal(detail);
    expect(heard[0]!.cancelable).to.equal(true);
    expect(sent, 'nothing sent before it is asked').to.deep.equal([]);
    expect(await send!(() => {})).to.equal(answer);
    expect(sent).to.deep.equal([[client, 'sub_1']]);
  });

  it('answers nothing when the page cancels the write', () => {
    const target = new EventTarget();
    target.addEventListener('prepaid-upgrade-submit', (event) => event.preventDefault());
    const { sent, write } = recording();
    expect(announceWrite(target, client, detail, write)).to.equal(undefined);
    expect(sent).to.deep.equal([]);
  });
});
