/**
 * The connection made from the element's attributes (`AttributeConnection`), with a host that holds the attributes:
 * made once, made again only when a setting it is made of changes, and no credential missing before the page has loaded.
 */
import { expect } from '@open-wc/testing';
import { DEFAULT_TIMEOUT_MS } from '../../../src/api/client.js';
import { NO_CREDENTIAL, type ConnectionSettings } from '../../../src/api/connection.js';
import { AttributeConnection } from '../../../src/element/attribute-connection.js';
import { ControllerHost } from '../../helpers/controller-host.js';

class SettingsHost extends ControllerHost implements ConnectionSettings {
  subscriptionId: string | undefined = 'sub_1';
  apiBase: string | undefined = 'https://api.example.com/';
  token: string | undefined = 'opaque-token';
  tokenProvider: (() => Promise<string>) | undefined;
  timeout: number | undefined;
}

function controllerOf(host = new SettingsHost()) {
  const warnings: string[] = [];
  return { host, warnings, link: new AttributeConnection(host, (warning) => warnings.push(warning)) };
}

describe('AttributeConnection', () => {
  it('makes a connection from the attributes at the first update', () => {
    const { link } = controllerOf();
    expect(link.read()).to.equal(true);
    expect(link.error).to.equal(undefined);
    expect(link.connected!.subscriptionId).to.equal('sub_1');
    expect(link.connected!.client.baseAddress.href).to.equal('https://api.example.com/');
  });

  it('keeps the connection while no setting it is made of changed: the one made as the element connects serves its first update', () => {
    const { host, link } = controllerOf();
    link.read();
    const connection = link.connected;
    expect(link.read()).to.equal(false);
    host.subscriptionId = 'sub_1';
    expect(link.read(), 'the same value set again').to.equal(false);
    expect(link.connected).to.equal(connection);
  });

  it('shares one client, and so one token and their reads, among the widgets that connect together with one credential', () => {
    const [one, two, other] = [controllerOf(), controllerOf(), controllerOf()];
    other.host.token = 'another-token';
    for (const { link } of [one, two, other]) link.read();
    expect(two.link.connected!.client).to.equal(one.link.connected!.client);
    expect(two.link.connected!.credentials).to.equal(one.link.connected!.credentials);
    expect(other.link.connected!.client).not.to.equal(one.link.connected!.client);
  });

  it('makes it again when one does', () => {
    const { host, link } = controllerOf();
    link.read();
    const connection = link.connected;
    host.apiBase = 'https://other.example.com/';
    expect(link.read()).to.equal(true);
    expect(link.connected).not.to.equal(connection);
    expect(link.connected!.client.baseAddress.href).to.equal('https://other.example.com/');
  });

  it('takes a new tokenProvider function in place of another for no change, but one given or taken away for one', () => {
    const { host, link } = controllerOf();
    host.tokenProvider = async () => 'first';
    link.read();
    const connection = link.connected;
    host.tokenProvider = async () => 'second';
    expect(link.read()).to.equal(false);
    expect(link.connected).to.equal(connection);
    host.tokenProvider = undefined;
    expect(link.read()).to.equal(true);
    expect(link.connected).not.to.equal(connection);
  });

  it('holds what is wrong with the attributes, and no connection', () => {
    const { host, link } = controllerOf();
    host.subscriptionId = '..';
    expect(link.read()).to.equal(true);
    expect(link.connected).to.equal(undefined);
    expect(link.error).to.equal('subscription-id ".." is not a subscription id');
    expect(link.read(), 'no change, no new try').to.equal(false);
  });

  it('passes what is likely wrong on to its warnings', () => {
    const { host, link, warnings } = controllerOf();
    host.timeout = -1;
    link.read();
    expect(warnings).to.deep.equal([`timeout: "-1" is not a number of milliseconds, using ${DEFAULT_TIMEOUT_MS}`]);
  });

  it('says no credential is missing once the page has loaded', () => {
    const { host, link } = controllerOf();
    host.token = undefined;
    expect(document.readyState).to.equal('complete');
    expect(link.read()).to.equal(true);
    expect(link.error).to.equal(NO_CREDENTIAL);
  });

  describe('before the page has loaded', () => {
    beforeEach(() => Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' }));
    afterEach(() => delete (document as { readyState?: unknown }).readyState);

    it('waits without a credential: no error, no connection, and one update once the page has loaded', () => {
      const { host, link } = controllerOf();
      host.token = undefined;
      expect(link.read()).to.equal(false);
      expect(link.read()).to.equal(false);
      expect(link.error).to.equal(undefined);
      expect(link.connected).to.equal(undefined);
      expect(host.updates).to.equal(0);
      window.dispatchEvent(new Event('load'));
      window.dispatchEvent(new Event('load'));
      expect(host.updates, 'one listener, heard once').to.equal(1);
    });

    it('connects with a credential set meanwhile', () => {
      const { host, link } = controllerOf();
      host.token = undefined;
      link.read();
      host.token = 'opaque-token';
      expect(link.read()).to.equal(true);
      expect(link.connected).not.to.equal(undefined);
    });
  });
});
