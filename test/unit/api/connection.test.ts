/**
 * The connection made from the element's attributes (`connect`): the subscription named, the base address and the
 * credential chosen, and each mistake in the attributes refused with a message that names it, before anything is sent.
 */
import { expect } from '@open-wc/testing';
import { NO_CREDENTIAL, connect, type ConnectionSettings } from '../../../src/api/connection.js';
import { DEFAULT_TIMEOUT_MS } from '../../../src/api/client.js';

const PAGE = 'https://shop.example/account';

/** Connects with `settings` from a store's page without cookies, answering what it warned too. */
function connectWith(settings: ConnectionSettings, cookies = '') {
  const warnings: string[] = [];
  const connection = connect(settings, { pageUrl: PAGE, readCookies: () => cookies, onWarning: (message) => warnings.push(message) });
  return { connection, warnings };
}

describe('connect', () => {
  it('connects to the subscription named, trimmed, through the service’s production address by default', () => {
    const { connection, warnings } = connectWith({ subscriptionId: ' sub_coffee_ada ', token: 'SIGNED' });
    if ('error' in connection) throw new Error(connection.error);
    expect(connection.subscriptionId).to.equal('sub_coffee_ada');
    expect(connection.client.baseAddress.protocol).to.equal('https:');
    expect(warnings).to.deep.equal([]);
  });

  it('finds the customer’s subscriptions itself when no id, or a blank one, is given', () => {
    for (const subscriptionId of [undefined, '', '   ']) {
      const { connection } = connectWith({ subscriptionId, token: 'SIGNED' });
      expect(connection, JSON.stringify(subscriptionId)).to.include({ subscriptionId: undefined });
    }
  });

  it('refuses an id that would step out of the subscription’s path', () => {
    for (const subscriptionId of ['..', '.', ' .. ']) {
      const { connection } = connectWith({ subscriptionId, token: 'SIGNED' });
      expect(connection, subscriptionId).to.have.property('error').that.includes('is not a subscription id');
    }
  });

  it('refuses a page without any credential, and a token no header can carry', () => {
    expect(connectWith({ subscriptionId: 'sub_1' }).connection).to.deep.equal({ error: NO_CREDENTIAL });
    const { connection } = connectWith({ subscriptionId: 'sub_1', token: 'line\nbreak' });
    expect(connection).to.have.property('error').that.is.a('string').and.not.include('line\nbreak');
  });

  it('refuses a plain http: service away from loopback, and keeps one on loopback', () => {
    expect(connectWith({ token: 'SIGNED', apiBase: 'http://api.example.com' }).connection).to.have.property('error');
    const { connection } = connectWith({ token: 'SIGNED', apiBase: 'http://127.0.0.1:8787/sandbox' });
    expect(connection).to.not.have.property('error');
  });

  it('warns of a timeout that is not a number of milliseconds, and uses the default', () => {
    for (const timeout of [Number.NaN, 0, -5, Number.POSITIVE_INFINITY]) {
      const { connection, warnings } = connectWith({ token: 'SIGNED', timeout });
      expect(connection, String(timeout)).to.not.have.property('error');
      expect(warnings, String(timeout)).to.deep.equal([
        `timeout: ${JSON.stringify(String(timeout))} is not a number of milliseconds, using ${DEFAULT_TIMEOUT_MS}`,
      ]);
    }
    expect(connectWith({ token: 'SIGNED', timeout: 2500 }).warnings).to.deep.equal([]);
  });
});
