// The token endpoints of examples/ in other languages than JavaScript, and the signer of prepaid-upgrade/server,
// against the shared vectors of examples/token-vectors.json: each signs every token vector to exactly its header and
// refuses every refusal vector, naming its field. Each example then runs as a server on a free loopback port: 401
// without a session, and with one a token that verifies and that the sandbox accepts. Without its interpreter a
// language is skipped, loudly; under CI=true that is a failure (.ci/run installs them).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createSandbox, SANDBOX_CUSTOMERS, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { parseStorefrontToken, signStorefrontToken, verifyStorefrontToken } from '../../src/server/index.js';
import { installed, LANGUAGES, root, startServer, type RunningServer } from '../helpers/token-endpoint-servers.js';

const VECTORS_FILE = join(root, 'examples/token-vectors.json');

interface Inputs {
  name: string;
  merchantPublicId: string;
  customerId: string;
  hashKey: string;
  ts: unknown;
  trustLevel?: string;
}
interface Vectors {
  tokens: Array<Inputs & { header: string }>;
  refusals: Array<Inputs & { field: string }>;
}
const vectors = JSON.parse(readFileSync(VECTORS_FILE, 'utf8')) as Vectors;

describe('examples/token-vectors.json', () => {
  it('has tokens and refusals, each named once', () => {
    const names = [...vectors.tokens, ...vectors.refusals].map((vector) => vector.name);
    assert.ok(vectors.tokens.length >= 15 && vectors.refusals.length >= 15, `${vectors.tokens.length} and ${vectors.refusals.length}`);
    assert.equal(new Set(names).size, names.length);
  });

  it('holds headers that node:crypto computes from their inputs, and that read back as those inputs', () => {
    for (const { name, merchantPublicId, customerId, hashKey, ts, trustLevel, header } of vectors.tokens) {
      const message = trustLevel === undefined ? `${customerId}|${ts}` : `${customerId}|${trustLevel}|${ts}`;
      const sig = createHmac('sha256', hashKey).update(message).digest('base64');
      const token = {
        public_id: merchantPublicId,
        ts,
        sig_field: customerId,
        sig,
        ...(trustLevel === undefined ? {} : { trust_level: trustLevel }),
      };
      assert.equal(header, JSON.stringify(token), name);
      assert.deepEqual(parseStorefrontToken(header), token, name);
    }
  });
});

describe('signStorefrontToken (JavaScript) agrees with the vectors', () => {
  const sign = ({ merchantPublicId, customerId, hashKey, ts, trustLevel }: Inputs) =>
    signStorefrontToken({ merchantPublicId, customerId, hashKey, ts: ts as number, ...(trustLevel === undefined ? {} : { trustLevel }) });

  for (const vector of vectors.tokens) {
    it(`signs ${vector.name}`, async () => assert.equal(await sign(vector), vector.header));
  }
  for (const vector of vectors.refusals) {
    it(`refuses ${vector.name}`, async () => {
      await assert.rejects(sign(vector), (error: unknown) => {
        assert.ok(error instanceof TypeError);
        assert.match(error.message, new RegExp(`^signStorefrontToken: ${vector.field} `));
        return true;
      });
    });
  }
});

/** What a run of a program printed, and how it ended. */
interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Every language's vectors run starts now, side by side: one process each, all vectors in it (a JVM starts in about
// a second, so one per vector would be slow).
const vectorRuns = new Map(
  LANGUAGES.filter(installed).map((language) => {
    const running = run(language.command, language.vectorsArgs);
    running.catch(() => {});
    return [language.name, running] as const;
  }),
);

const SESSION_SECRET = 'a session secret of the store';

/** The stand-in session cookie of the examples: `<customer id, percent-encoded>.<base64url HMAC-SHA256 of it>`. */
const sessionCookie = (customerId: string, secret = SESSION_SECRET) =>
  `store_session=${encodeURIComponent(customerId)}.${createHmac('sha256', secret).update(customerId).digest('base64url')}`;

/** What an endpoint answered, read as the widget's `auth-url` reads it. */
async function get(url: string, cookie?: string, method = 'GET') {
  const response = await fetch(url, { method, headers: cookie ? { cookie } : {} });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
    body: await response.text(),
  };
}

function assertRefused(answer: Awaited<ReturnType<typeof get>>, status: number, what: string): void {
  assert.equal(answer.status, status, `${what}: ${answer.body}`);
  assert.match(answer.contentType ?? '', /^application\/json/, what);
  assert.equal(answer.cacheControl, 'no-store', what);
  assert.equal(typeof JSON.parse(answer.body).detail, 'string', what);
  assert.doesNotMatch(answer.body, /"sig"/, what);
}

for (const language of LANGUAGES) {
  const missing = !installed(language);
  if (missing) {
    const message = `${language.probe[0]} is missing: ${language.file} is not tested (apt-get install ${language.debianPackage}; .ci/run installs it)`;
    if (process.env.CI === 'true') {
      it(`${language.name}: ${language.probe[0]} is installed`, () => assert.fail(message));
      continue;
    }
    console.warn(`\n  !!! ${message}\n`);
  }

  describe(`${language.file} (${language.name})`, { skip: missing && `${language.probe[0]} is missing` }, () => {
    describe('against the vectors, all in one run', () => {
      let outcomes: string[];
      let status: number | null;
      let complaint: string;

      before(async () => {
        const { code, stdout, stderr } = await vectorRuns.get(language.name)!;
        outcomes = stdout.split('\n').slice(0, -1);
        assert.equal(outcomes.length, vectors.tokens.length + vectors.refusals.length, `one line per vector:\n${stdout}\n${stderr}`);
        status = code;
        complaint = stderr;
      });

      it('agrees with them by its own check too (exit status 0)', () => assert.equal(status, 0, complaint));

      vectors.tokens.forEach((vector, index) => {
        it(`signs ${vector.name}`, () => assert.equal(outcomes[index], vector.header));
      });
      vectors.refusals.forEach((vector, index) => {
        it(`refuses ${vector.name}`, () => {
          assert.match(outcomes[vectors.tokens.length + index]!, new RegExp(`^refused ${vector.field}: \\S`));
        });
      });
    });

    describe('as a server', () => {
      let server: RunningServer;
      let url: string;

      before(async () => {
        server = await startServer(language, {
          MERCHANT_PUBLIC_ID: SANDBOX_MERCHANT.publicId,
          MERCHANT_HASH_KEY: SANDBOX_MERCHANT.hashKey,
          SESSION_SECRET,
        });
        url = `${server.origin}/account/storefront-token`;
      });
      after(() => server?.stop());

      it('answers 401 with JSON and no-store when nobody is signed in, or the session cookie is forged', async () => {
        const { customerId } = SANDBOX_SUBSCRIPTIONS.eligible;
        assertRefused(await get(url), 401, 'no cookie');
        assertRefused(await get(url, `store_session=${customerId}.forged`), 401, 'a forged signature');
        assertRefused(await get(url, sessionCookie(customerId, 'another secret')), 401, 'another secret');
        assertRefused(await get(url, 'store_session=%E0%A4%A.x'), 401, 'an id that is no UTF-8');
      });

      it('answers the signed-in customer a token with no-store, which verifies and which the sandbox accepts', async () => {
        const { id, customerId } = SANDBOX_SUBSCRIPTIONS.eligible;
        assert.ok(SANDBOX_CUSTOMERS.some((customer) => customer.customerId === customerId));
        const answer = await get(url, `theme=dark; ${sessionCookie(customerId)}`);
        assert.equal(answer.status, 200, answer.body);
        assert.equal(answer.contentType, 'application/json; charset=utf-8');
        assert.equal(answer.cacheControl, 'no-store');
        const verified = await verifyStorefrontToken(answer.body, {
          hashKey: SANDBOX_MERCHANT.hashKey,
          merchantPublicId: SANDBOX_MERCHANT.publicId,
        });
        assert.ok(verified.valid, JSON.stringify(verified));
        assert.equal(verified.customerId, customerId);
        const sandbox = createSandbox();
        const response = await sandbox.handle(
          new Request(`http://sandbox.test/subscriptions/${id}/`, { headers: { authorization: answer.body } }),
        );
        assert.equal(response.status, 200, await response.clone().text());
        assert.equal((await response.json()).public_id, id);
      });

      it('reads a non-ASCII customer id from its session cookie as it was signed', async () => {
        const customerId = 'j\u00f6ns.\u00e5kesson+\u{1F642}@example.se';
        const answer = await get(url, sessionCookie(customerId));
        assert.equal(answer.status, 200, answer.body);
        const verified = await verifyStorefrontToken(answer.body, {
          hashKey: SANDBOX_MERCHANT.hashKey,
          merchantPublicId: SANDBOX_MERCHANT.publicId,
        });
        assert.ok(verified.valid, JSON.stringify(verified));
        assert.equal(verified.customerId, customerId);
      });

      it('answers 405 to anything but GET, and 404 elsewhere', async () => {
        const cookie = sessionCookie(SANDBOX_SUBSCRIPTIONS.eligible.customerId);
        assertRefused(await get(url, cookie, 'POST'), 405, 'POST');
        assertRefused(await get(url.replace('/storefront-token', ''), cookie), 404, 'another path');
      });
    });
  });
}
