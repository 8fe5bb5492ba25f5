/**
 * How the element gets the discovery chunk (`discovery/loader.ts`) and what it gives, against the real sandbox: the
 * chunk is loaded through the entry point's loader only when discovery runs, and `discover` sorts the customer's
 * subscriptions into what the picker offers, which keeps the subscription chosen before a reload.
 */
import { expect } from '@open-wc/testing';
import { html, nothing } from 'lit';
import { discoverSubscriptions, useDiscoveryLoader, type PickerHost } from '../../../src/discovery/loader.js';
import { formatMoney } from '../../../src/i18n/money.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, sessionClient } from '../../helpers/sandbox-session.js';

const host: PickerHost = {
  lit: { html, nothing },
  formatMoney,
  root: () => document.createElement('div').attachShadow({ mode: 'open' }),
  requestUpdate: () => {},
  chose: () => {},
  wentBack: () => {},
};

describe('discoverSubscriptions', () => {
  it('loads the chunk when discovery runs, and offers what the customer can prepay', async () => {
    let loads = 0;
    useDiscoveryLoader(() => (loads++, import('../../../src/discovery/index.js')));
    expect(loads, 'nothing is loaded before discovery runs').to.equal(0);
    const session = await sandboxSession();
    const picker = await discoverSubscriptions(sessionClient(session), { signal: new AbortController().signal }, host, undefined);
    expect(loads).to.equal(1);
    const { eligible, prepaid, cancelled } = SANDBOX_SUBSCRIPTIONS;
    const offered = picker.candidates.map(({ public_id }) => public_id);
    expect(offered).to.include(eligible.id);
    expect(offered, 'prepaid and cancelled ones are not upgradeable').to.not.include.members([prepaid.id, cancelled.id]);
  });

  it('shows again the subscription chosen before a reload', async () => {
    useDiscoveryLoader(() => import('../../../src/discovery/index.js'));
    const session = await sandboxSession();
    const { eligible } = SANDBOX_SUBSCRIPTIONS;
    const picker = await discoverSubscriptions(sessionClient(session), { signal: new AbortController().signal }, host, eligible.id);
    expect(picker.chosenId).to.equal(eligible.id);
    expect(picker.shown(true)?.subscription.public_id).to.equal(eligible.id);
  });

  it('fails as the chunk’s load does, so that the read shows the failure', async () => {
    useDiscoveryLoader(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const session = await sandboxSession();
    let failure: unknown;
    await discoverSubscriptions(sessionClient(session), { signal: new AbortController().signal }, host, undefined).catch(
      (error) => (failure = error),
    );
    expect(failure).to.be.instanceOf(TypeError);
  });
});
