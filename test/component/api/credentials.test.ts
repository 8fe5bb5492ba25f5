/**
 * Credentials as merchants really give them, and their mistakes named for what they are: a JSON token printed over
 * several lines (as the vendor's own integration prints it), a token no header can carry, and a signature the service
 * refuses even for a token just renewed, which no signing in again can fix.
 */
import { expect } from '@open-wc/testing';
import { en } from '../../../src/i18n/en.js';
import { captureConsole } from '../../helpers/console-capture.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS, sandboxSession } from '../../helpers/sandbox-session.js';

const eligible = SANDBOX_SUBSCRIPTIONS.eligible.id;
const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
/** The error message the customer reads. */
const errorText = (m: Mounted) => text(m.$('[part~=error]'));

describe('<prepaid-upgrade> credentials as merchants give them', () => {
  const { warnings, errors } = captureConsole();

  it('sends a JSON token given pretty-printed, through the attribute or a tokenProvider, as compact JSON', async () => {
    const session = await sandboxSession();
    const pretty = JSON.stringify(JSON.parse(session.token), null, 5);
    expect(pretty).to.contain('\n');
    for (const [attributes, properties] of [
      [{ token: pretty }, {}],
      [{}, { tokenProvider: async () => pretty }],
    ] as const) {
      const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, ...attributes }, properties);
      await m.waitForEvent('prepaid-upgrade-ready');
      expect(m.el.state).to.equal('ready');
    }
    const sent = (await session.requests()).map((request) => request.headers.authorization);
    expect(sent).to.have.length.greaterThan(0);
    expect(new Set(sent)).to.deep.equal(new Set([session.token]));
    expect([...warnings, ...errors]).to.deep.equal([]);
  });

  it('names a token attribute no header can carry as a configuration error, sends nothing, and never prints it', async () => {
    const session = await sandboxSession();
    const token = session.token.replace('"sig":"', '"sig":"€');
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token });
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.deep.equal({ phase: 'config', status: 0, retryable: false, message: error.detail.message });
    expect(error.detail.message).to.equal('the token from token cannot be sent as a header: it holds U+20AC, which is not Latin-1');
    expect(await session.requests()).to.deep.equal([]);
    expect(errorText(m)).to.contain(en.failure('config', 'config'));
    const { sig } = JSON.parse(session.token) as { sig: string };
    for (const line of [...warnings, ...errors]) expect(line).not.to.contain(sig);
  });

  it("names a tokenProvider's token no header can carry as the set-up it is, not as a store out of reach", async () => {
    const session = await sandboxSession();
    const m = await mount(
      { 'subscription-id': eligible, 'api-base': session.apiBase },
      { tokenProvider: async () => 'line one\nline two' },
    );
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.include({ phase: 'load', status: 0, retryable: false });
    expect(error.detail.message).to.equal('the token from tokenProvider cannot be sent as a header: it holds a line break');
    expect(errorText(m)).to.contain(en.failure('config', 'load')).and.not.contain(en.failure('network', 'load'));
    expect(await session.requests()).to.deep.equal([]);
  });

  it('reports a 401 for a token just renewed as the store’s set-up: no token-expired, the signature named', async () => {
    // Another hash key than the sandbox's: every token the store's server signs is refused, however new.
    const session = await sandboxSession({ merchant: { ...SANDBOX_MERCHANT, hashKey: 'not-the-stores-hash-key' } });
    let asked = 0;
    const m = await mount(
      { 'subscription-id': eligible, 'api-base': session.apiBase },
      { tokenProvider: async () => (asked++, session.token) },
    );
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.include({ phase: 'load', status: 401, retryable: false });
    expect(error.detail.message).to.match(
      /answered 401: .*, though its token was just renewed: the signature is refused \(check the hash key/,
    );
    expect(asked, 'asked once, and once more after the 401').to.equal(2);
    expect(m.eventsOf('prepaid-upgrade-token-expired')).to.deep.equal([]);
    expect(errorText(m)).to.contain(en.failure('config', 'load')).and.not.contain(en.failure('unauthorized', 'load'));
    expect(errors.join('\n')).to.match(/load failed: .*the signature is refused/);
    expect((await session.requests()).map((request) => request.status)).to.deep.equal([401]);
  });
});
