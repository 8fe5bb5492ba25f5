// Every token endpoint of examples/ under its language's defaults, fed what another visitor may send
// (test/fixtures/hostile-token-requests.ts): each answers a 400, 401, 404, 405 or 500 in JSON with no-store, stays up,
// and no answer's body or headers hold a secret, a file, a path or a stack. Each server also meets a missing setting as
// its file says: it refuses to start and names the setting, or (PHP) answers 500. Without its interpreter a language
// is skipped, loudly; under CI=true that is a failure (.ci/run installs them).
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import edgeHandler, { TOKEN_PATH } from '../../examples/edge-token-endpoint.js';
import {
  HOSTILE_REQUESTS,
  HOSTILE_SETTINGS,
  LEAK_PATTERNS,
  SECRET_PIECES,
  SETTINGS,
  signedSession,
  type HostileRequest,
} from '../fixtures/hostile-token-requests.js';
import {
  installed,
  LANGUAGES,
  NODE_SERVER,
  startServer,
  type EndpointServer,
  type RunningServer,
} from '../helpers/token-endpoint-servers.js';

interface Answer {
  status: number;
  /** Header names in lower case. */
  headers: Map<string, string>;
  body: string;
}

/** A body sent in chunks, whole. */
function unchunked(body: string): string {
  let whole = '';
  for (let at = 0; ;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = parseInt(body.slice(at, lineEnd), 16);
    if (!size) return whole;
    whole += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** Sends `request` to `origin` byte for byte, as a visitor's own client could, and reads the answer to its end. */
function send(origin: string, request: HostileRequest): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  const head = [
    `${request.method ?? 'GET'} ${request.path ?? TOKEN_PATH} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    ...(request.cookie === undefined ? [] : [`Cookie: ${request.cookie}`]),
    'Connection: close',
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    // A server that drops the request without a word would otherwise hold the test until it times out as a whole.
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no answer to "${request.name}" within 5 s`)));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    // A server may close as soon as it has refused what it read, before the client has sent it all.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
      if (!status) return reject(new Error(`no answer to "${request.name}": ${JSON.stringify(text.slice(0, 200))}`));
      const headers = new Map(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const body = text.slice(end + 4);
      resolve({ status, headers, body: headers.get('transfer-encoding') === 'chunked' ? unchunked(body) : body });
    });
    // Written, not ended: a client that half-closes its side may find the answer cut short, which no browser does.
    socket.write(`${head.join('\r\n')}\r\n\r\n`, 'latin1');
  });
}

/** The answer is the endpoint's JSON, with no-store, and holds nothing of what it must keep. */
function assertSafe(answer: Answer, what: string, statuses: readonly number[]): void {
  assert.ok(statuses.includes(answer.status), `${what}: ${answer.status} ${answer.body}`);
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/, what);
  assert.equal(answer.headers.get('cache-control'), 'no-store', what);
  assert.equal(typeof JSON.parse(answer.body).detail, 'string', `${what}: ${answer.body}`);
  const everything = [...answer.headers].map(([name, value]) => `${name}: ${value}`).join('\n') + '\n' + answer.body;
  for (const piece of SECRET_PIECES) assert.ok(!everything.includes(piece), `${what}: a secret shows:\n${everything}`);
  for (const pattern of LEAK_PATTERNS) assert.doesNotMatch(everything, pattern, `${what}: a file, path or stack shows`);
  assert.ok(!answer.headers.has('x-powered-by'), `${what}: says what answers`);
}

/** The servers of the examples, each with whether it is installed here. */
const SERVERS: EndpointServer[] = [...LANGUAGES, NODE_SERVER];

for (const server of SERVERS) {
  const missing = !installed(server);
  if (missing) {
    const message = `${server.probe[0]} is missing: ${server.file} is not tested (apt-get install ${server.debianPackage}; .ci/run installs it)`;
    if (process.env.CI === 'true') {
      it(`${server.name}: ${server.probe[0]} is installed`, () => assert.fail(message));
      continue;
    }
    console.warn(`\n  !!! ${message}\n`);
  }

  describe(`${server.file} (${server.name}) fed hostile requests`, { skip: missing && `${server.probe[0]} is missing` }, () => {
    let running: RunningServer;
    before(async () => {
      running = await startServer(server, HOSTILE_SETTINGS);
    });
    after(() => running?.stop());

    for (const request of HOSTILE_REQUESTS) {
      it(`answers ${request.name} with ${request.statuses.join(' or ')}, naming nothing it keeps`, async () => {
        assertSafe(await send(running.origin, request), request.name, request.statuses);
      });
    }

    it('stays up through all of them, and still issues the signed-in customer a token', async () => {
      const answer = await send(running.origin, {
        name: 'a good session',
        cookie: `store_session=${signedSession('cus_ada')}`,
        statuses: [200],
      });
      assert.equal(answer.status, 200, answer.body);
      assert.equal(JSON.parse(answer.body).sig_field, 'cus_ada');
    });

    it('logs no secret and no session, whatever it was sent', () => {
      const output = running.output();
      for (const piece of [...SECRET_PIECES, signedSession('cus_ada').split('.')[1]!]) assert.ok(!output.includes(piece), output);
    });
  });

  // Side by side: each one starts an interpreter of its own (a JVM takes about a second), and they share nothing.
  describe(
    `${server.file} (${server.name}) without each of its settings`,
    { concurrency: true, skip: missing && `${server.probe[0]} is missing` },
    () => {
      for (const setting of SETTINGS) {
        it(`${server.withoutSettings} without ${setting}, naming it and no secret`, async () => {
          const { [setting]: _left, ...settings } = HOSTILE_SETTINGS;
          if (server.withoutSettings === 'answers 500') {
            const running = await startServer(server, settings);
            try {
              const answer = await send(running.origin, {
                name: 'a good session',
                cookie: `store_session=${signedSession('cus_ada')}`,
                statuses: [500],
              });
              assertSafe(answer, `without ${setting}`, [500]);
              assert.match(running.output(), new RegExp(setting), 'the log names the setting');
            } finally {
              await running.stop();
            }
            return;
          }
          const refused = await startServer(server, settings).then(
            async (running) => {
              await running.stop();
              assert.fail(`${server.name} started without ${setting}`);
            },
            (error: Error & { code?: number; output?: string }) => error,
          );
          assert.equal(refused.code, 2, refused.message);
          assert.match(refused.output ?? '', new RegExp(setting));
          for (const piece of SECRET_PIECES) assert.ok(!refused.output?.includes(piece), refused.output);
        });
      }
    },
  );
}

describe('examples/edge-token-endpoint.ts fed hostile requests', () => {
  const call = async (request: HostileRequest, env: Record<string, string> = HOSTILE_SETTINGS): Promise<Answer> => {
    const headers: Record<string, string> = request.cookie === undefined ? {} : { cookie: request.cookie };
    const init = { method: request.method ?? 'GET', headers };
    const response = await edgeHandler.fetch(new Request(`https://store.test${request.path ?? TOKEN_PATH}`, init), env as never);
    return { status: response.status, headers: new Map(response.headers), body: await response.text() };
  };

  for (const request of HOSTILE_REQUESTS) {
    if (request.raw) continue;
    it(`answers ${request.name} with ${request.statuses.join(' or ')}, naming nothing it keeps`, async (t) => {
      const logged = t.mock.method(console, 'error', () => {});
      assertSafe(await call(request), request.name, request.statuses);
      // What it logs names the field and the problem, never a secret or the session.
      for (const { arguments: line } of logged.mock.calls)
        for (const piece of [...SECRET_PIECES, signedSession('cus_ada').split('.')[1]!]) assert.ok(!line.join(' ').includes(piece));
    });
  }

  for (const setting of SETTINGS) {
    it(`answers 500 without ${setting}, with no session key anyone could sign with, and logs its name`, async (t) => {
      const logged = t.mock.method(console, 'error', () => {});
      const { [setting]: _left, ...env } = HOSTILE_SETTINGS;
      // A session signed with the text "undefined", as a handler that read the missing secret as text would accept.
      const forged = `cus_ada.${(await import('node:crypto')).createHmac('sha256', 'undefined').update('cus_ada').digest('base64url')}`;
      for (const cookie of [`store_session=${signedSession('cus_ada')}`, `store_session=${forged}`])
        assertSafe(await call({ name: `without ${setting}`, cookie, statuses: [500] }, env), `without ${setting}`, [500]);
      assert.deepEqual(
        logged.mock.calls.map((call) => call.arguments.join(' ')),
        Array(2).fill(`token endpoint: set ${setting}.`),
      );
    });
  }
});
