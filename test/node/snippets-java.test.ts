// The servlet of docs/token-endpoint.md ("Java: a servlet, and SAP Commerce"), as written, on Debian's Tomcat: compiled
// with examples/TokenEndpoint.java into a web application of a Tomcat of its own, behind the guide's ErrorReportValve,
// with the merchant id and hash key in the environment as the guide says. The store supplies only what the guide asks
// of it: a sign-in that keeps the customer's id in the session. Without Tomcat, the Jakarta Servlet API or a JDK the
// file is skipped, loudly; under CI=true that is a failure (.ci/run installs them).
import assert from 'node:assert/strict';
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { createSandbox, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { snippet } from '../helpers/doc-snippets.js';
import { assertIssued, assertNothingLeaks, assertRefusal, readAnswer } from '../helpers/token-endpoint-answers.js';
import { root } from '../helpers/token-endpoint-servers.js';

const GUIDE = 'docs/token-endpoint.md';
// Debian's tomcat10 keeps Tomcat itself here, and its default conf/ files under etc/.
const CATALINA_HOME = '/usr/share/tomcat10';
const SERVLET_API = '/usr/share/java/jakarta-servlet-api.jar';
const SECRETS = [SANDBOX_MERCHANT.hashKey];

// The store's sign-in, as far as the guide asks anything of it: the customer's id in the subscription service, kept
// in the session under the name the guide gives. Only this test's web application has it.
const SIGN_IN_SERVLET = `
package test.store;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

@WebServlet("/sign-in")
public class SignInServlet extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        request.getSession().setAttribute("subscriptionCustomerId", request.getParameter("customerId"));
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }
}
`;

/** A Tomcat of the test's own: only the HTTP connector, on a free loopback port; no shutdown port. */
const serverXml = (errorReportValve: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Server port="-1" shutdown="SHUTDOWN">
  <Service name="Catalina">
    <Connector address="127.0.0.1" port="0" protocol="HTTP/1.1" />
    <Engine name="Catalina" defaultHost="localhost">
      <Host name="localhost" appBase="webapps" unpackWARs="false" autoDeploy="false">
        ${errorReportValve}
      </Host>
    </Engine>
  </Service>
</Server>
`;

const missing = [join(CATALINA_HOME, 'bin/catalina.sh'), SERVLET_API].filter((file) => !existsSync(file));
if (spawnSync('javac', ['-version'], { stdio: 'ignore' }).status !== 0) missing.push('javac');

if (missing.length > 0 && process.env.CI === 'true') {
  it('Tomcat, the Jakarta Servlet API and a JDK are installed', () => assert.fail(`${missing.join(', ')} missing`));
} else {
  if (missing.length > 0) {
    const message = `${missing.join(', ')} missing: the guide's servlet is not tested (apt-get install tomcat10 libjakarta-servlet-api-java default-jdk-headless; .ci/run installs them)`;
    console.warn(`\n  !!! ${message}\n`);
  }

  describe(`${GUIDE}: the Jakarta servlet on Tomcat`, { skip: missing.length > 0 && `${missing.join(', ')} missing` }, () => {
    let base: string;
    let tomcat: ChildProcess | undefined;
    let output = '';
    let origin: string;
    let startedInMs: number;

    before(async () => {
      base = mkdtempSync(join(tmpdir(), 'catalina-base-'));
      for (const folder of ['conf', 'logs', 'temp', 'work', 'src']) mkdirSync(join(base, folder));
      writeFileSync(join(base, 'conf/server.xml'), serverXml(snippet(GUIDE, 'tomcat-error-report-valve')));
      copyFileSync(join(CATALINA_HOME, 'etc/web.xml'), join(base, 'conf/web.xml'));

      const servlet = snippet(GUIDE, 'jakarta-servlet');
      const servletClass = /public class (\w+)/.exec(servlet)?.[1];
      assert.ok(servletClass, 'the snippet declares a public class');
      writeFileSync(join(base, `src/${servletClass}.java`), servlet);
      writeFileSync(join(base, 'src/SignInServlet.java'), SIGN_IN_SERVLET);
      const classes = join(base, 'webapps/ROOT/WEB-INF/classes');
      // --release 11: the guide promises Java 11 and later.
      const javacArgs = ['--release', '11', '-encoding', 'UTF-8', '-cp', SERVLET_API, '-d', classes];
      const sources = [
        join(base, `src/${servletClass}.java`),
        join(base, 'src/SignInServlet.java'),
        join(root, 'examples/TokenEndpoint.java'),
      ];
      await promisify(execFile)('javac', [...javacArgs, ...sources]).catch((error: { stderr?: string }) => {
        assert.fail(`the guide's servlet does not compile with examples/TokenEndpoint.java:\n${error.stderr ?? String(error)}`);
      });

      const { MERCHANT_PUBLIC_ID: _id, MERCHANT_HASH_KEY: _key, CATALINA_OPTS: _options, ...inherited } = process.env;
      const started = Date.now();
      tomcat = spawn(join(CATALINA_HOME, 'bin/catalina.sh'), ['run'], {
        env: {
          ...inherited,
          CATALINA_HOME,
          CATALINA_BASE: base,
          // A faster JVM start-up for a short run: the C1 compiler only, and the simplest collector.
          JAVA_OPTS: '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC',
          MERCHANT_PUBLIC_ID: SANDBOX_MERCHANT.publicId,
          MERCHANT_HASH_KEY: SANDBOX_MERCHANT.hashKey,
        },
      });
      origin = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Tomcat did not listen within 30 s:\n${output}`)), 30_000);
        const listen = (chunk: Buffer) => {
          output += String(chunk);
          // The connector's name carries the port it took once it starts, after the web application is deployed:
          // "http-nio-127.0.0.1-auto-1-<port>", in every language Tomcat logs in.
          const port = /"http-nio-127\.0\.0\.1-auto-\d+-(\d+)"/.exec(output)?.[1];
          if (port) {
            clearTimeout(timer);
            resolve(`http://127.0.0.1:${port}`);
          }
        };
        tomcat!.stdout!.on('data', listen);
        tomcat!.stderr!.on('data', listen);
        tomcat!.once('error', reject);
        tomcat!.once('close', (code) => reject(new Error(`Tomcat ended (${code}) before it listened:\n${output}`)));
      });
      startedInMs = Date.now() - started;
    });

    after(async () => {
      if (tomcat && tomcat.exitCode === null && tomcat.signalCode === null) {
        const ended = new Promise((resolve) => tomcat!.once('close', resolve));
        tomcat.kill();
        await ended;
      }
      if (base) rmSync(base, { recursive: true, force: true });
    });

    /** Signs in as the store's sign-in does, and answers the session's cookie. */
    async function signIn(customerId: string): Promise<string> {
      const response = await fetch(`${origin}/sign-in`, { method: 'POST', body: new URLSearchParams({ customerId }) });
      assert.equal(response.status, 204, await response.text());
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith('JSESSIONID='));
      assert.ok(cookie, 'the sign-in starts a session');
      return cookie.split(';')[0]!;
    }

    const askForToken = async (cookie?: string) =>
      readAnswer(await fetch(`${origin}/account/storefront-token`, { headers: cookie ? { cookie } : {} }));

    it('answers a visitor who has not signed in with a JSON 401 and no-store', async (t) => {
      t.diagnostic(`${/Apache Tomcat\/[\w.]+/.exec(output)?.[0] ?? 'Tomcat'} listened ${startedInMs} ms after it was started`);
      assertRefusal(await askForToken(), 401, SECRETS);
    });

    it('answers the signed-in customer a token for her id in the subscription service, which the sandbox accepts', async () => {
      const { customerId, id } = SANDBOX_SUBSCRIPTIONS.eligible;
      const answer = await askForToken(await signIn(customerId));
      await assertIssued(answer, customerId, SANDBOX_MERCHANT);
      const sandboxAnswer = await createSandbox().handle(
        new Request(`http://sandbox.test/subscriptions/${id}/`, { headers: { authorization: answer.body.trim() } }),
      );
      assert.equal(sandboxAnswer.status, 200, await sandboxAnswer.text());
    });

    it('answers a JSON 500 naming no secret when the customer id holds a "|", and logs the field, not its value', async () => {
      assertRefusal(await askForToken(await signIn('cus|ada')), 500, SECRETS);
      // The servlet's log line reaches Tomcat's console after the answer.
      for (const deadline = Date.now() + 5_000; !/\bcustomerId\b/.test(output) && Date.now() < deadline;) await delay(50);
      assert.match(output, /\bcustomerId\b/, "Tomcat's log names the field");
      for (const kept of ['cus|ada', ...SECRETS]) assert.ok(!output.includes(kept), `Tomcat's log holds "${kept.slice(0, 3)}…"`);
    });

    it('still answers the next customer after that', async () => {
      const { customerId } = SANDBOX_SUBSCRIPTIONS.eligible;
      await assertIssued(await askForToken(await signIn(customerId)), customerId, SANDBOX_MERCHANT);
    });

    it("shows neither a stack nor Tomcat's version in its error pages, behind the guide's ErrorReportValve", async () => {
      const answer = await readAnswer(await fetch(`${origin}/no-such-page`));
      assert.equal(answer.status, 404);
      assertNothingLeaks(answer, SECRETS, 'the 404 page');
      assert.doesNotMatch(answer.body, /Tomcat/);
    });
  });
}
