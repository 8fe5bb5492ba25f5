import { expect } from '@open-wc/testing';
import { ENVIRONMENT_BASE_ADDRESSES, isSafeImageAddress, resolveBaseAddress, resolveTokenEndpoint } from '../../../src/api/base-address.js';
import { ApiError } from '../../../src/api/errors.js';

const pageUrl = 'https://www.example-store.com/account/subscriptions?tab=active#top';

/** The error `resolveBaseAddress` throws for these options; fails the test when it throws nothing. */
function refusal(options: Parameters<typeof resolveBaseAddress>[0]): ApiError {
  try {
    const url = resolveBaseAddress(options);
    throw new Error(`expected a refusal, got ${url.href}`);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error;
  }
}

describe('resolveBaseAddress without api-base', () => {
  it('uses the production address by default', () => {
    expect(resolveBaseAddress({ pageUrl }).href).to.equal(ENVIRONMENT_BASE_ADDRESSES.production);
    expect(ENVIRONMENT_BASE_ADDRESSES.production).to.match(/^https:\/\/[^/]+\/$/);
  });

  it('uses the production address for environment="production"', () => {
    expect(resolveBaseAddress({ environment: 'production', pageUrl }).href).to.equal(ENVIRONMENT_BASE_ADDRESSES.production);
  });

  it('uses the staging address for environment="staging"', () => {
    const url = resolveBaseAddress({ environment: 'staging', pageUrl });
    expect(url.href).to.equal(ENVIRONMENT_BASE_ADDRESSES.staging);
    expect(url.href).not.to.equal(ENVIRONMENT_BASE_ADDRESSES.production);
  });

  it('treats a null or blank api-base as absent', () => {
    expect(resolveBaseAddress({ apiBase: null, environment: 'staging', pageUrl }).href).to.equal(ENVIRONMENT_BASE_ADDRESSES.staging);
    expect(resolveBaseAddress({ apiBase: '   ', environment: 'staging', pageUrl }).href).to.equal(ENVIRONMENT_BASE_ADDRESSES.staging);
  });

  it('refuses an unknown environment with a config error naming it', () => {
    const error = refusal({ environment: 'prod', pageUrl });
    expect(error.kind).to.equal('config');
    expect(error.message).to.contain('"prod"');
  });

  it('refuses a differently cased environment', () => {
    expect(refusal({ environment: 'Staging', pageUrl }).kind).to.equal('config');
  });
});

describe('resolveBaseAddress with api-base', () => {
  it('lets api-base win over environment', () => {
    expect(resolveBaseAddress({ apiBase: 'https://api.example.net/v2/', environment: 'staging', pageUrl }).href).to.equal(
      'https://api.example.net/v2/',
    );
  });

  it('resolves a root-relative api-base against the page origin', () => {
    expect(resolveBaseAddress({ apiBase: '/sandbox', pageUrl }).href).to.equal('https://www.example-store.com/sandbox/');
  });

  it('resolves a path-relative api-base against the page directory', () => {
    expect(resolveBaseAddress({ apiBase: 'api/', pageUrl }).href).to.equal('https://www.example-store.com/account/api/');
  });

  it('adds the trailing slash so request paths append to it', () => {
    expect(resolveBaseAddress({ apiBase: 'https://api.example.net/proxy', pageUrl }).pathname).to.equal('/proxy/');
  });

  it('drops the query and the fragment', () => {
    const url = resolveBaseAddress({ apiBase: 'https://api.example.net/proxy?key=1#frag', pageUrl });
    expect(url.href).to.equal('https://api.example.net/proxy/');
  });

  it('ignores surrounding whitespace', () => {
    expect(resolveBaseAddress({ apiBase: '  https://api.example.net  ', pageUrl }).href).to.equal('https://api.example.net/');
  });

  it('returns a fresh URL each time, so a caller changing it cannot affect the next call', () => {
    const first = resolveBaseAddress({ pageUrl });
    first.pathname = '/changed/';
    expect(resolveBaseAddress({ pageUrl }).href).to.equal(ENVIRONMENT_BASE_ADDRESSES.production);
  });
});

describe('resolveBaseAddress allows plain http only on loopback hosts', () => {
  for (const apiBase of ['http://localhost:8787/sandbox', 'http://127.0.0.1/api', 'http://[::1]:3000']) {
    it(`allows ${apiBase}`, () => {
      const url = resolveBaseAddress({ apiBase, pageUrl });
      expect(url.protocol).to.equal('http:');
      expect(url.href.startsWith(apiBase)).to.equal(true);
      expect(url.href.endsWith('/')).to.equal(true);
    });
  }

  it('allows a relative api-base on a page served over http from localhost', () => {
    expect(resolveBaseAddress({ apiBase: '/sandbox/i/abc', pageUrl: 'http://localhost:5173/demo/' }).href).to.equal(
      'http://localhost:5173/sandbox/i/abc/',
    );
  });

  it('refuses http://example.com with a config error', () => {
    const error = refusal({ apiBase: 'http://example.com/api', pageUrl });
    expect(error).to.be.instanceOf(ApiError);
    expect(error.kind).to.equal('config');
    expect(error.status).to.equal(0);
    expect(error.message).to.contain('https:');
  });

  it('refuses a host that only starts like a loopback name', () => {
    expect(refusal({ apiBase: 'http://localhost.example.com/', pageUrl }).kind).to.equal('config');
    expect(refusal({ apiBase: 'http://127.0.0.2/', pageUrl }).kind).to.equal('config');
  });

  it('refuses a relative api-base on a page served over plain http from a public host', () => {
    expect(refusal({ apiBase: '/api', pageUrl: 'http://shop.example.com/account' }).kind).to.equal('config');
  });
});

describe('resolveBaseAddress refuses addresses that are not web APIs', () => {
  for (const apiBase of ['ftp://files.example.com/api', 'javascript:alert(1)', 'data:application/json,{}', 'file:///etc/']) {
    it(`refuses ${apiBase.split(':')[0]}: addresses`, () => {
      const error = refusal({ apiBase, pageUrl });
      expect(error.kind).to.equal('config');
      expect(error.message).to.contain('https:');
    });
  }

  it('refuses an address carrying a user name and password', () => {
    const error = refusal({ apiBase: 'https://user:secret@api.example.net/', pageUrl });
    expect(error.kind).to.equal('config');
    expect(error.message).not.to.contain('secret');
  });

  it('refuses an address carrying only a user name', () => {
    expect(refusal({ apiBase: 'https://user@api.example.net/', pageUrl }).kind).to.equal('config');
  });

  it('refuses an address that cannot be parsed', () => {
    expect(refusal({ apiBase: 'https://[not-a-host/', pageUrl }).kind).to.equal('config');
  });
});

describe('resolveTokenEndpoint', () => {
  const page = 'https://shop.example.com/account/subscriptions';
  it("resolves a path against the page and keeps the page's own origin", () => {
    expect(resolveTokenEndpoint('/account/token', page)).to.equal('https://shop.example.com/account/token');
  });
  it("allows the page's own origin even on plain http, where the page itself already is", () => {
    expect(resolveTokenEndpoint('/token', 'http://shop.example.com/')).to.equal('http://shop.example.com/token');
  });
  it('allows another origin over https, and loopback over http', () => {
    expect(resolveTokenEndpoint('https://auth.example.com/token', page)).to.equal('https://auth.example.com/token');
    expect(resolveTokenEndpoint('http://127.0.0.1:8080/token', page)).to.equal('http://127.0.0.1:8080/token');
  });
  it('refuses another origin over plain http, naming the attribute', () => {
    expect(() => resolveTokenEndpoint('http://auth.example.com/token', page))
      .to.throw(ApiError, /auth-url must use https/)
      .with.property('kind', 'config');
  });
  it('refuses what is not an address', () => {
    expect(() => resolveTokenEndpoint('http://[oops', page)).to.throw(ApiError, /auth-url/);
    expect(() => resolveTokenEndpoint('javascript:alert(1)', page)).to.throw(ApiError, /auth-url/);
  });
});

describe('addresses are read by parsing them, never by their text', () => {
  it('refuses an api-base or auth-url that only looks like loopback, or carries a user name', () => {
    for (const address of ['http://localhost:@evil.example/', 'http://localhost@evil.example/', 'http://127.0.0.1.evil.example/']) {
      expect(() => resolveBaseAddress({ apiBase: address, pageUrl }), address).to.throw(ApiError);
      expect(() => resolveTokenEndpoint(address, pageUrl), address).to.throw(ApiError);
    }
    expect(() => resolveBaseAddress({ apiBase: 'https://user:secret@api.example.net/', pageUrl })).to.throw(
      ApiError,
      /user name or password/,
    );
    // The page's own origin does not excuse one either.
    expect(() => resolveTokenEndpoint('https://user@www.example-store.com/token', pageUrl)).to.throw(ApiError, /user name or password/);
  });

  it('takes loopback in any spelling the URL parser gives it', () => {
    expect(resolveBaseAddress({ apiBase: 'HTTP://LOCALHOST:8787/api', pageUrl }).href).to.equal('http://localhost:8787/api/');
    expect(resolveBaseAddress({ apiBase: 'http://[::1]/', pageUrl }).href).to.equal('http://[::1]/');
  });

  it('renders an image only from https:, loopback http: or an inline picture', () => {
    const safe = [
      'https://cdn.example/p.png',
      'http://localhost:8080/p.png',
      'http://127.0.0.1/p.png',
      'data:image/png;base64,AA==',
      'DATA:image/svg+xml,<svg/>',
    ];
    const unsafe = [
      'http://localhost:@evil.example/p.png',
      'https://user:secret@cdn.example/p.png',
      'http://cdn.example/p.png',
      'http://127.0.0.1.evil.example/p.png',
      '//cdn.example/p.png',
      '/p.png',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '',
      42,
      null,
    ];
    for (const address of safe) expect(isSafeImageAddress(address), address).to.be.true;
    for (const address of unsafe) expect(isSafeImageAddress(address), String(address)).to.be.false;
  });
});
