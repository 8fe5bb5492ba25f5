import { expect } from '@open-wc/testing';
import { resolveBaseAddress } from '../../../src/api/base-address.js';
import { createApiClient, type TokenSource } from '../../../src/api/client.js';
import {
  RENEWAL_MARGIN_SECONDS,
  StorefrontCredentials,
  headerValue,
  chooseCredentialSource,
  isTokenStale,
  tokenFromCookie,
  type CredentialSource,
} from '../../../src/api/credentials.js';
import { ApiError } from '../../../src/api/errors.js';
import { TOKEN_LIFETIME_SECONDS, serializeStorefrontToken, type StorefrontToken } from '../../../src/token.js';
import { deferred } from '../../helpers/controller-host.js';
import { apiErrorOf, rejectionOf } from '../../helpers/rejection.js';
import { redactCredential, SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../../helpers/sandbox-session.js';

const MERCHANT_ID = '0e5de2bedc5e11e3a2e4bc764e106cf4';
const SIG = 'q7Jb0Jk9YQm2l1c3Zk3o0Y8m3S9uKZbqv0n8jHq1x2E=';
const TS = 1_726_000_000;

const tokenText = (overrides: Partial<StorefrontToken> = {}) =>
  serializeStorefrontToken({ public_id: MERCHANT_ID, ts: TS, sig_field: 'cust-48213', sig: SIG, ...overrides });
/** The header an og_auth cookie stands for: its ts is the text of the cookie, a string. */
const cookieToken = (overrides: Partial<StorefrontToken> = {}) => tokenText({ ts: String(TS), ...overrides });

const noCookies = () => '';

describe('chooseCredentialSource precedence', () => {
  const provider = async () => tokenText();
  const all = {
    tokenProvider: provider,
    token: tokenText(),
    authUrl: '/account/storefront-token',
    merchantId: MERCHANT_ID,
    readCookies: noCookies,
  };

  it('prefers a tokenProvider over every other source', () => {
    expect(chooseCredentialSource(all)).to.deep.equal({ kind: 'tokenProvider', provider });
  });

  it('uses the token attribute when there is no provider', () => {
    expect(chooseCredentialSource({ ...all, tokenProvider: null })).to.deep.equal({ kind: 'token', token: tokenText() });
  });

  it('uses auth-url when there is neither provider nor token, trimmed', () => {
    expect(
      chooseCredentialSource({ ...all, tokenProvider: undefined, token: null, authUrl: '  /account/storefront-token ' }),
    ).to.deep.equal({
      kind: 'auth-url',
      url: '/account/storefront-token',
    });
  });

  it('falls back to the og_auth cookie with merchant-id', () => {
    const source = chooseCredentialSource({ readCookies: noCookies, merchantId: ` ${MERCHANT_ID} `, authUrl: null });
    expect(source).to.deep.equal({ kind: 'og_auth cookie', merchantId: MERCHANT_ID, readCookies: noCookies });
  });

  it('ignores blank values as if they were absent', () => {
    expect(chooseCredentialSource({ token: '  ', authUrl: '', merchantId: MERCHANT_ID, readCookies: noCookies })?.kind).to.equal(
      'og_auth cookie',
    );
    expect(chooseCredentialSource({ token: '', authUrl: ' \t', merchantId: '  ', readCookies: noCookies })).to.equal(undefined);
  });

  it('answers undefined when no source is configured', () => {
    expect(chooseCredentialSource({ readCookies: noCookies })).to.equal(undefined);
  });
});

describe('tokenFromCookie reads the legacy og_auth cookie', () => {
  it('turns <customer>|<ts>|<sig> into the header value, with the merchant id and the ts as the text it is', () => {
    expect(tokenFromCookie(`og_auth=cust-48213|${TS}|${SIG}`, MERCHANT_ID)).to.equal(cookieToken());
  });

  it('turns <customer>|<trust level>|<ts>|<sig> into a header value with trust_level', () => {
    expect(tokenFromCookie(`og_auth=cust-48213|verified|${TS}|${SIG}`, MERCHANT_ID)).to.equal(cookieToken({ trust_level: 'verified' }));
  });

  it('finds it among other cookies', () => {
    const cookies = `_ga=GA1.2.3.4; cart=abc%3D1; og_auth=cust-48213|${TS}|${SIG}; theme=dark`;
    expect(tokenFromCookie(cookies, MERCHANT_ID)).to.equal(cookieToken());
  });

  it('keeps the base64 padding of the signature', () => {
    expect(JSON.parse(tokenFromCookie(`og_auth=cust-48213|${TS}|${SIG}`, MERCHANT_ID)!).sig).to.equal(SIG);
  });

  it('decodes a URL-encoded value', () => {
    const encoded = encodeURIComponent(`cust-48213|${TS}|${SIG}`);
    expect(encoded).to.contain('%7C');
    expect(tokenFromCookie(`og_auth=${encoded}`, MERCHANT_ID)).to.equal(cookieToken());
  });

  it('removes quotes around the value', () => {
    expect(tokenFromCookie(`og_auth="cust-48213|${TS}|${SIG}"`, MERCHANT_ID)).to.equal(cookieToken());
  });

  it('keeps a ts with a leading zero as the digits that were signed, not as another number', () => {
    expect(tokenFromCookie(`og_auth=cust-48213|0${TS}|${SIG}`, MERCHANT_ID)).to.equal(cookieToken({ ts: `0${TS}` }));
  });

  const garbage: Array<[string, string]> = [
    ['no og_auth cookie', `session=abc; og_auth_other=cust|${TS}|${SIG}`],
    ['an empty cookie string', ''],
    ['an og_auth without separators', 'og_auth=deleted'],
    ['two parts only', `og_auth=cust-48213|${TS}`],
    ['five parts', `og_auth=a|b|c|${TS}|${SIG}`],
    ['a ts that is not a number', `og_auth=cust-48213|yesterday|${SIG}`],
    ['an empty ts', `og_auth=cust-48213||${SIG}`],
    ['a ts in exponent notation', `og_auth=cust-48213|1.726e9|${SIG}`],
    ['a ts in hexadecimal', `og_auth=cust-48213|0x66e0a180|${SIG}`],
    ['a ts padded with spaces', `og_auth=cust-48213| ${TS} |${SIG}`],
    ['a negative ts', `og_auth=cust-48213|-${TS}|${SIG}`],
    ['an empty customer id', `og_auth=|${TS}|${SIG}`],
    ['an empty signature', `og_auth=cust-48213|${TS}|`],
    ['broken URL encoding', 'og_auth=cust%E0%A4%A|1|x'],
    ['a URL-encoded line break in the customer id', `og_auth=cust%0A48213|${TS}|${SIG}`],
    ['a control character in the trust level', `og_auth=cust-48213|gold%7F|${TS}|${SIG}`],
  ];
  for (const [what, cookies] of garbage) {
    it(`answers undefined for ${what}`, () => {
      expect(tokenFromCookie(cookies, MERCHANT_ID)).to.equal(undefined);
    });
  }
});

describe('isTokenStale', () => {
  const limit = TOKEN_LIFETIME_SECONDS - RENEWAL_MARGIN_SECONDS;

  it('counts a token as fresh until the renewal margin before its window ends', () => {
    expect(isTokenStale(tokenText(), TS + limit)).to.equal(false);
    expect(isTokenStale(tokenText(), TS + limit + 1)).to.equal(true);
  });

  it('judges a token whose ts is a string of digits the same way', () => {
    expect(isTokenStale(tokenText({ ts: String(TS) }), TS + limit)).to.equal(false);
    expect(isTokenStale(tokenText({ ts: String(TS) }), TS + limit + 1)).to.equal(true);
    expect(isTokenStale(tokenText({ ts: `00${TS}` }), TS + limit + 1)).to.equal(true);
  });

  it('leaves a token it cannot read to the server', () => {
    expect(isTokenStale('opaque-token', TS + 10 * TOKEN_LIFETIME_SECONDS)).to.equal(false);
  });
});

describe('StorefrontCredentials with a token attribute', () => {
  it('sends the token verbatim, only trimmed', async () => {
    const credentials = new StorefrontCredentials({ kind: 'token', token: `  ${tokenText()}\n` });
    expect(await credentials.authorization()).to.equal(tokenText());
  });

  it('sends an opaque token it cannot parse unchanged', async () => {
    expect(await new StorefrontCredentials({ kind: 'token', token: 'opaque-token' }).authorization()).to.equal('opaque-token');
  });

  it('is not renewable, and keeps sending an old token rather than failing', async () => {
    const credentials = new StorefrontCredentials({ kind: 'token', token: tokenText() }, () => (TS + 3 * TOKEN_LIFETIME_SECONDS) * 1000);
    expect(credentials.renewable).to.equal(false);
    expect(await credentials.authorization()).to.equal(tokenText());
    expect(await credentials.authorization()).to.equal(tokenText());
  });
});

describe('a token given as text is sent as a header value', () => {
  // As the vendor's own integration prints it: JSON.stringify(token, null, 5).
  const pretty = JSON.stringify({ public_id: MERCHANT_ID, ts: String(TS), sig_field: 'cust-48213', sig: SIG }, null, 5);

  it('sends a pretty-printed JSON token as compact JSON, fields and their order kept', async () => {
    const compact = JSON.stringify(JSON.parse(pretty));
    expect(headerValue(pretty, 'token')).to.equal(compact);
    expect(await new StorefrontCredentials({ kind: 'token', token: pretty }).authorization()).to.equal(compact);
    const provider = new StorefrontCredentials({ kind: 'tokenProvider', provider: async () => pretty });
    expect(await provider.authorization()).to.equal(compact);
  });

  it('refuses, as a configuration error naming the problem, what no header can carry; never repeats the token', async () => {
    const cases: Array<[string, RegExp]> = [
      ['opaque\ntoken', /the token from token cannot be sent as a header: it holds a line break$/],
      ['opaque\u0000token', /it holds a control character \(U\+0000\)$/],
      ['s€cret', /it holds U\+20AC, which is not Latin-1$/],
      ['s😀cret', /it holds U\+1F600, which is not Latin-1$/],
    ];
    for (const [token, problem] of cases) {
      const error = await new StorefrontCredentials({ kind: 'token', token }).authorization().catch((e: unknown) => e);
      expect(error, JSON.stringify(token)).to.be.instanceOf(ApiError).and.include({ kind: 'config' });
      expect((error as ApiError).message)
        .to.match(problem)
        .and.not.contain('cret');
    }
    const fromProvider = new StorefrontCredentials({ kind: 'tokenProvider', provider: async () => 'x\ry' });
    expect(((await fromProvider.authorization().catch((e: unknown) => e)) as ApiError).message).to.equal(
      'the token from tokenProvider cannot be sent as a header: it holds a line break',
    );
  });

  it('keeps Latin-1 and a tab, which a header can carry', () => {
    expect(headerValue('caf\u00e9\tau lait', 'token')).to.equal('caf\u00e9\tau lait');
  });
});

describe('StorefrontCredentials with a tokenProvider', () => {
  const providerSource = (provider: () => Promise<unknown>): CredentialSource => ({
    kind: 'tokenProvider',
    provider: provider as () => Promise<string>,
  });

  it('asks the provider once and reuses its answer', async () => {
    let calls = 0;
    const credentials = new StorefrontCredentials(
      providerSource(async () => (calls++, tokenText())),
      () => TS * 1000,
    );
    expect(await credentials.authorization()).to.equal(tokenText());
    expect(await credentials.authorization()).to.equal(tokenText());
    expect(calls).to.equal(1);
  });

  it('shares one pending request among concurrent callers', async () => {
    const answer = deferred<string>();
    let calls = 0;
    const credentials = new StorefrontCredentials(
      providerSource(() => (calls++, answer.promise)),
      () => TS * 1000,
    );
    const callers = [credentials.authorization(), credentials.authorization(), credentials.authorization()];
    answer.resolve(tokenText());
    expect(await Promise.all(callers)).to.deep.equal([tokenText(), tokenText(), tokenText()]);
    expect(calls).to.equal(1);
  });

  it('trims the provided token', async () => {
    const credentials = new StorefrontCredentials(
      providerSource(async () => ` ${tokenText()} `),
      () => TS * 1000,
    );
    expect(await credentials.authorization()).to.equal(tokenText());
  });

  it('reports a rejecting provider as a config error keeping the cause, and asks again next time', async () => {
    const failure = new Error('session expired');
    let calls = 0;
    const credentials = new StorefrontCredentials(
      providerSource(async () => {
        calls++;
        if (calls === 1) throw failure;
        return tokenText();
      }),
      () => TS * 1000,
    );
    const error = await apiErrorOf(credentials.authorization());
    expect(error.kind).to.equal('config');
    expect(error.cause).to.equal(failure);
    expect(await credentials.authorization()).to.equal(tokenText());
    expect(calls).to.equal(2);
  });

  for (const [what, value] of [
    ['a number', 42],
    ['undefined', undefined],
    ['an object', { public_id: MERCHANT_ID }],
    ['a blank string', '   '],
  ] as const) {
    it(`reports a provider resolving to ${what} as a config error`, async () => {
      const credentials = new StorefrontCredentials(providerSource(async () => value));
      const error = await apiErrorOf(credentials.authorization());
      expect(error.kind).to.equal('config');
      expect(error.message).to.contain('non-empty string');
    });
  }

  it('asks the provider again after renew()', async () => {
    const answers = [tokenText({ sig: 'first=' }), tokenText({ sig: 'second=' })];
    const credentials = new StorefrontCredentials(
      providerSource(async () => answers.shift()),
      () => TS * 1000,
    );
    expect(credentials.renewable).to.equal(true);
    expect(JSON.parse(await credentials.authorization()).sig).to.equal('first=');
    credentials.renew();
    expect(JSON.parse(await credentials.authorization()).sig).to.equal('second=');
    expect(answers).to.deep.equal([]);
  });

  it('obtains a new token when the one at hand is about to leave its 2-hour window', async () => {
    let nowSeconds = TS;
    const answers = [tokenText({ ts: TS }), tokenText({ ts: TS + 7000 })];
    const credentials = new StorefrontCredentials(
      providerSource(async () => answers.shift()),
      () => nowSeconds * 1000,
    );
    expect(JSON.parse(await credentials.authorization()).ts).to.equal(TS);

    nowSeconds = TS + TOKEN_LIFETIME_SECONDS - RENEWAL_MARGIN_SECONDS;
    expect(JSON.parse(await credentials.authorization()).ts, 'still inside the margin').to.equal(TS);

    nowSeconds += 1;
    expect(JSON.parse(await credentials.authorization()).ts, 'past the margin').to.equal(TS + 7000);
    expect(answers).to.deep.equal([]);
  });
});

describe('StorefrontCredentials shared by concurrent callers', () => {
  const counting = (nowSeconds: () => number) => {
    const counter = { calls: 0 };
    const credentials = new StorefrontCredentials(
      { kind: 'tokenProvider', provider: async () => (counter.calls++, tokenText({ ts: nowSeconds(), sig: `sig${counter.calls}=` })) },
      () => nowSeconds() * 1000,
    );
    return { counter, credentials };
  };

  it('obtains one new token when several callers find the one at hand stale', async () => {
    let now = TS;
    const { counter, credentials } = counting(() => now);
    await credentials.authorization();
    now += TOKEN_LIFETIME_SECONDS;
    const [first, second] = await Promise.all([credentials.authorization(), credentials.authorization()]);
    expect(first).to.equal(second);
    expect(counter.calls).to.equal(2);
  });

  it('renews once when several requests are refused the same token at once', async () => {
    const { counter, credentials } = counting(() => TS);
    const refused = await credentials.authorization();
    const [first, second] = await Promise.all([credentials.renewAfterRefusal(refused), credentials.renewAfterRefusal(refused)]);
    expect(first).to.be.a('string').and.not.equal(refused);
    expect(second).to.equal(first);
    expect(counter.calls).to.equal(2);
  });
});

describe('StorefrontCredentials with the og_auth cookie', () => {
  it('reads the cookie when a token is first needed, not when it is set up', async () => {
    let cookies = '';
    const credentials = new StorefrontCredentials(
      { kind: 'og_auth cookie', merchantId: MERCHANT_ID, readCookies: () => cookies },
      () => TS * 1000,
    );
    cookies = `og_auth=cust-48213|${TS}|${SIG}`;
    expect(await credentials.authorization()).to.equal(cookieToken());
    expect(credentials.renewable).to.equal(true);
  });

  it('reports a missing or unreadable cookie as a config error', async () => {
    const credentials = new StorefrontCredentials({ kind: 'og_auth cookie', merchantId: MERCHANT_ID, readCookies: () => 'session=abc' });
    const error = await apiErrorOf(credentials.authorization());
    expect(error.kind).to.equal('config');
    expect(error.message).to.contain('og_auth');
  });

  it('reads the cookie again after renew(), picking up a refreshed one', async () => {
    let cookies = `og_auth=cust-48213|${TS}|${SIG}`;
    const credentials = new StorefrontCredentials(
      { kind: 'og_auth cookie', merchantId: MERCHANT_ID, readCookies: () => cookies },
      () => TS * 1000,
    );
    expect(JSON.parse(await credentials.authorization()).ts).to.equal(String(TS));
    cookies = `og_auth=cust-48213|${TS + 600}|${SIG}`;
    expect(JSON.parse(await credentials.authorization()).ts, 'before renew').to.equal(String(TS));
    credentials.renew();
    expect(JSON.parse(await credentials.authorization()).ts, 'after renew').to.equal(String(TS + 600));
  });
});

describe('StorefrontCredentials with auth-url', () => {
  interface Call {
    url: string;
    init: RequestInit | undefined;
  }

  /** A stand-in for the merchant's endpoint: records each call and answers with the next of `answers`. */
  function merchantEndpoint(...answers: Array<() => Response | Promise<Response>>) {
    const calls: Call[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), init });
      const answer = answers.shift();
      if (!answer) throw new Error('unexpected extra request to auth-url');
      return answer();
    };
    return { calls, fetch: fetchImpl };
  }

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  // The endpoint stands in for the page's `fetch` until the test ends.
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const credentialsFor = (endpoint: { fetch: typeof fetch }, now: () => number = () => TS * 1000) => {
    globalThis.fetch = endpoint.fetch;
    return new StorefrontCredentials({ kind: 'auth-url', url: '/account/storefront-token' }, now);
  };

  it('fetches the token with the page cookies, uncached, asking for JSON', async () => {
    const endpoint = merchantEndpoint(() => json({ public_id: MERCHANT_ID, ts: TS, sig_field: 'cust-48213', sig: SIG }));
    await credentialsFor(endpoint).authorization();
    expect(endpoint.calls).to.have.length(1);
    expect(endpoint.calls[0]!.url).to.equal('/account/storefront-token');
    expect(endpoint.calls[0]!.init).to.include({ credentials: 'include', cache: 'no-store' });
    expect(endpoint.calls[0]!.init?.headers).to.deep.equal({ accept: 'application/json' });
  });

  it('turns a JSON token into the header value, fields in order, extra fields dropped', async () => {
    const endpoint = merchantEndpoint(() => json({ sig: SIG, sig_field: 'cust-48213', ts: TS, public_id: MERCHANT_ID, expires_in: 7200 }));
    expect(await credentialsFor(endpoint).authorization()).to.equal(tokenText());
  });

  it('accepts ts as a string of digits, and sends it on as that string', async () => {
    for (const ts of [String(TS), `0${TS}`]) {
      const endpoint = merchantEndpoint(() => json({ public_id: MERCHANT_ID, ts, sig_field: 'cust-48213', sig: SIG }));
      const header = await credentialsFor(endpoint).authorization();
      expect(header).to.equal(tokenText({ ts }));
      expect(JSON.parse(header).ts).to.equal(ts);
    }
  });

  it('keeps a trust level the endpoint signed', async () => {
    const endpoint = merchantEndpoint(() =>
      json({ public_id: MERCHANT_ID, ts: TS, sig_field: 'cust-48213', sig: SIG, trust_level: 'guest' }),
    );
    expect(await credentialsFor(endpoint).authorization()).to.equal(tokenText({ trust_level: 'guest' }));
  });

  it('passes the caller signal on to the request', async () => {
    const endpoint = merchantEndpoint(() => json({ public_id: MERCHANT_ID, ts: TS, sig_field: 'cust-48213', sig: SIG }));
    const controller = new AbortController();
    await credentialsFor(endpoint).authorization(controller.signal);
    expect(endpoint.calls[0]!.init?.signal).to.equal(controller.signal);
  });

  it('reports 401 from the endpoint as an http 401 error', async () => {
    const error = await apiErrorOf(credentialsFor(merchantEndpoint(() => json({ detail: 'not signed in' }, 401))).authorization());
    expect(error).to.include({ kind: 'http', status: 401 });
  });

  it('reports 403 from the endpoint as 401 too: the customer is not signed in there', async () => {
    const error = await apiErrorOf(credentialsFor(merchantEndpoint(() => new Response('Forbidden', { status: 403 }))).authorization());
    expect(error).to.include({ kind: 'http', status: 401 });
  });

  it('reports a server error from the endpoint with its status', async () => {
    const error = await apiErrorOf(credentialsFor(merchantEndpoint(() => new Response('oops', { status: 500 }))).authorization());
    expect(error).to.include({ kind: 'http', status: 500 });
  });

  it('reports an answer that is not JSON as malformed', async () => {
    const endpoint = merchantEndpoint(() => new Response('token: none', { headers: { 'content-type': 'text/plain' } }));
    const error = await apiErrorOf(credentialsFor(endpoint).authorization());
    expect(error.kind).to.equal('malformed');
  });

  it('takes a page for the answer to a visitor who is not signed in: 401', async () => {
    const endpoint = merchantEndpoint(
      () => new Response('<html><body>Sign in</body></html>', { headers: { 'content-type': 'text/html' } }),
    );
    const error = await apiErrorOf(credentialsFor(endpoint).authorization());
    expect(error).to.include({ kind: 'http', status: 401 });
    expect(error.message).to.contain('the customer is signed out');
  });

  for (const [what, body] of [
    ['a bare string', tokenText()],
    ['a token without sig', { public_id: MERCHANT_ID, ts: TS, sig_field: 'cust-48213' }],
    ['ts as a string that is not digits', { public_id: MERCHANT_ID, ts: `${TS}s`, sig_field: 'cust-48213', sig: SIG }],
    ['an envelope around the token', { token: { public_id: MERCHANT_ID, ts: TS, sig_field: 'cust-48213', sig: SIG } }],
    ['a "|" in the customer id', { public_id: MERCHANT_ID, ts: TS, sig_field: 'victim|gold', sig: SIG }],
    ['a line break in the trust level', { public_id: MERCHANT_ID, ts: TS, sig_field: 'cust-48213', sig: SIG, trust_level: 'gold\n' }],
    ['a control character in public_id', { public_id: `${MERCHANT_ID}\u0000`, ts: TS, sig_field: 'cust-48213', sig: SIG }],
  ] as const) {
    it(`reports ${what} as malformed`, async () => {
      const error = await apiErrorOf(credentialsFor(merchantEndpoint(() => json(body))).authorization());
      expect(error.kind).to.equal('malformed');
      expect(error.message).to.contain('{public_id, ts, sig_field, sig}');
    });
  }

  it('reports a request that never got an answer as a network error keeping the cause', async () => {
    const failure = new TypeError('Failed to fetch');
    const error = await apiErrorOf(credentialsFor(merchantEndpoint(() => Promise.reject(failure))).authorization());
    expect(error.kind).to.equal('network');
    expect(error.cause).to.equal(failure);
  });

  it('asks once more without following redirects, and takes its answer', async () => {
    const endpoint = merchantEndpoint(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json({ public_id: MERCHANT_ID, ts: TS, sig_field: 'cust-48213', sig: SIG }),
    );
    expect(await credentialsFor(endpoint).authorization()).to.equal(tokenText());
    expect(endpoint.calls.map(({ init }) => init?.redirect)).to.deep.equal(['follow', 'manual']);
  });

  it('takes a redirect to another origin, which fails as the network would, for a visitor signed out', async () => {
    // What `fetch` answers a request that does not follow redirects and met one: it cannot be made with `new Response`.
    const opaqueRedirect = { type: 'opaqueredirect', ok: false, status: 0 } as Response;
    const endpoint = merchantEndpoint(
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => opaqueRedirect,
    );
    const error = await apiErrorOf(credentialsFor(endpoint).authorization());
    expect(error).to.include({ kind: 'http', status: 401 });
    expect(error.message).to.contain('auth-url redirected to another origin: the customer is signed out');
  });

  it('lets an abort through as it is, not as an ApiError', async () => {
    const abort = new DOMException('The user aborted a request.', 'AbortError');
    const error = await rejectionOf(credentialsFor(merchantEndpoint(() => Promise.reject(abort))).authorization());
    expect(error).to.equal(abort);
  });

  it('does not keep a failed attempt: the next call asks again', async () => {
    // The first call fails twice: its request, and the one that asks again without following a redirect.
    const endpoint = merchantEndpoint(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json({ public_id: MERCHANT_ID, ts: TS, sig_field: 'cust-48213', sig: SIG }),
    );
    const credentials = credentialsFor(endpoint);
    expect((await apiErrorOf(credentials.authorization())).kind).to.equal('network');
    expect(await credentials.authorization()).to.equal(tokenText());
    expect(endpoint.calls).to.have.length(3);
  });

  it('fetches again when the token at hand is stale', async () => {
    let nowSeconds = TS;
    const endpoint = merchantEndpoint(
      () => json({ public_id: MERCHANT_ID, ts: TS, sig_field: 'cust-48213', sig: SIG }),
      () => json({ public_id: MERCHANT_ID, ts: TS + 7200, sig_field: 'cust-48213', sig: SIG }),
    );
    const credentials = credentialsFor(endpoint, () => nowSeconds * 1000);
    expect(JSON.parse(await credentials.authorization()).ts).to.equal(TS);
    nowSeconds = TS + TOKEN_LIFETIME_SECONDS;
    expect(JSON.parse(await credentials.authorization()).ts).to.equal(TS + 7200);
    expect(endpoint.calls).to.have.length(2);
  });
});

describe('StorefrontCredentials warns about a ts in milliseconds', () => {
  const MS = TS * 1000;
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  /** Credentials for `source` that record their warnings. */
  const recording = (source: CredentialSource) => {
    const warnings: string[] = [];
    return {
      warnings,
      credentials: new StorefrontCredentials(
        source,
        () => TS * 1000,
        (warning) => warnings.push(warning),
      ),
    };
  };

  const sources: Array<[string, () => CredentialSource]> = [
    ['tokenProvider', () => ({ kind: 'tokenProvider', provider: async () => tokenText({ ts: MS }) })],
    ['token', () => ({ kind: 'token', token: tokenText({ ts: String(MS) }) })],
    [
      'auth-url',
      () => {
        globalThis.fetch = async () =>
          new Response(JSON.stringify({ public_id: MERCHANT_ID, ts: String(MS), sig_field: 'cust-48213', sig: SIG }), {
            headers: { 'content-type': 'application/json' },
          });
        return { kind: 'auth-url', url: '/account/storefront-token' };
      },
    ],
    ['og_auth cookie', () => ({ kind: 'og_auth cookie', merchantId: MERCHANT_ID, readCookies: () => `og_auth=cust-48213|${MS}|${SIG}` })],
  ];
  for (const [name, source] of sources) {
    it(`says plainly that the ts from the ${name} must be Unix seconds, without the token`, async () => {
      const { warnings, credentials } = recording(source());
      const header = await credentials.authorization();
      expect(String(JSON.parse(header).ts), 'the token is still sent as given').to.equal(String(MS));
      expect(warnings).to.deep.equal([`the token from ${name} has a ts that looks like milliseconds: ts must be Unix seconds`]);
    });
  }

  it('warns for each token obtained, not for each request that sends it', async () => {
    const answers = [tokenText({ ts: MS }), tokenText({ ts: MS + 1000, sig: 'other=' })];
    const { warnings, credentials } = recording({ kind: 'tokenProvider', provider: async () => answers.shift()! });
    await credentials.authorization();
    await credentials.authorization();
    expect(warnings).to.have.length(1);
    credentials.renew();
    await credentials.authorization();
    expect(warnings, 'a new token').to.have.length(2);
    expect(answers).to.deep.equal([]);
  });

  it('says nothing about a ts in seconds, as a number or a string, or a token it cannot read', async () => {
    for (const token of [tokenText(), tokenText({ ts: String(TS) }), 'opaque-token']) {
      const { warnings, credentials } = recording({ kind: 'token', token });
      await credentials.authorization();
      expect(warnings, token).to.deep.equal([]);
    }
  });
});

// The client's side of a renewal: after a 401, it asks its credentials once for a new token (`renewAfterRefusal`) and
// sends the request again with it, against the real sandbox.
describe('the client renews a refused token once', () => {
  const ELIGIBLE = SANDBOX_SUBSCRIPTIONS.eligible.id;
  let session: SandboxSession;
  beforeEach(async () => {
    session = await sandboxSession();
  });
  const clientWith = (first: string, renewAfterRefusal: TokenSource['renewAfterRefusal']) =>
    createApiClient({
      baseAddress: resolveBaseAddress({ apiBase: session.apiBase, pageUrl: location.href }),
      credentials: { authorization: async () => first, ...(renewAfterRefusal ? { renewAfterRefusal } : {}) },
    });
  /** A token 3 hours old, `secondsOlder` more: two of them differ, made in the same second or not. */
  const threeHoursAgo = Math.floor(Date.now() / 1000) - 3 * 3600;
  const stale = (secondsOlder = 0) => sandboxSession({ ts: threeHoursAgo - secondsOlder }).then((s) => s.token);

  it('tries once more with a new token after a 401', async () => {
    const refused = await stale();
    const seen: string[] = [];
    const client = clientWith(refused, async (token) => (seen.push(token), session.token));
    expect((await client.getSubscription(ELIGIBLE)).public_id).to.equal(ELIGIBLE);
    expect(seen).to.deep.equal([refused]);
    const requests = await session.requests();
    expect(requests.map((r) => r.status)).to.deep.equal([401, 200]);
    expect(requests[1]!.headers.authorization).to.equal(await redactCredential(session.token));
  });

  it('gives up when no new token can be had', async () => {
    const client = clientWith(await stale(), async () => undefined);
    const error = await client.getSubscription(ELIGIBLE).catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 401 });
    expect(await session.requests()).to.have.length(1);
  });

  it("renews only once, even when the new token is refused too: the store's set-up, its cause named", async () => {
    const refused = await stale();
    let asked = 0;
    const client = clientWith(refused, async () => (asked++, stale(1)));
    const error = await client
      .upgradeToPrepaid(ELIGIBLE, { orders_per_billing: 3, renewal_behavior: 'cancel', offer: 'live' })
      .catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'config', status: 401 });
    expect(error.message).to.match(/just renewed: the store's server issues tokens whose ts is over 2 hours old$/);
    expect(asked).to.equal(1);
    expect(await session.requests()).to.have.length(2);
  });

  it('does not send again the very token refused when renewing issues it again: the store’s set-up', async () => {
    const refused = await stale();
    const client = clientWith(refused, async () => refused);
    const error = await client.getSubscription(ELIGIBLE).catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'config', status: 401 });
    expect(await session.requests()).to.have.length(1);
  });
});
