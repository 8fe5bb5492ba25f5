// The Python snippets of docs/token-endpoint.md run as a merchant copies them: the Django ones into a project made by
// `django-admin startproject`, the Flask one as an app of its own, each beside a copy of examples/token_endpoint.py and
// on its framework's own development server, on a free loopback port. The test supplies only what the guide says the
// store supplies: a signed-in customer, whose profile or session holds the id the subscription service knows. Without
// Django or Flask a framework is skipped, loudly; under CI=true that is a failure (.ci/run installs them).
import assert from 'node:assert/strict';
import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createSandbox, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { snippet } from '../helpers/doc-snippets.js';
import { assertIssued, assertRefusal, readAnswer } from '../helpers/token-endpoint-answers.js';
import { root } from '../helpers/token-endpoint-servers.js';

const GUIDE = 'docs/token-endpoint.md';
/**
 * Debian's Python, which its python3-django and python3-flask packages install into: a `python3` earlier on the path
 * (a version manager's, say) may not see them.
 */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const SIGNING_FILE = join(root, 'examples/token_endpoint.py');
const TOKEN_PATH = '/account/storefront-token';

const { id: SUBSCRIPTION_ID, customerId: CUSTOMER_ID } = SANDBOX_SUBSCRIPTIONS.eligible;
// A "|" separates the signed fields, so no token can be signed for this id.
const UNSIGNABLE_CUSTOMER_ID = `${CUSTOMER_ID}|gold`;
const FLASK_SECRET_KEY = 'K3y of the store’s Flask sessions';
const MERCHANT = { publicId: SANDBOX_MERCHANT.publicId, hashKey: SANDBOX_MERCHANT.hashKey };
const SECRETS = [SANDBOX_MERCHANT.hashKey, FLASK_SECRET_KEY];

const run = promisify(execFile);

/** The environment of every Python process: the merchant's settings, and nothing a developer's shell set for Django or Flask. */
function environment(): NodeJS.ProcessEnv {
  const { DJANGO_SETTINGS_MODULE: _settings, FLASK_APP: _app, FLASK_DEBUG: _debug, ...inherited } = process.env;
  return {
    ...inherited,
    MERCHANT_PUBLIC_ID: MERCHANT.publicId,
    MERCHANT_HASH_KEY: MERCHANT.hashKey,
    FLASK_SECRET_KEY,
    PYTHONUNBUFFERED: '1',
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A development server in a child process. */
interface RunningApp {
  url: string;
  /** The cookie header of a customer signed in through the framework, whose subscription customer id is `customerId`. */
  signedIn(customerId: string): Promise<string>;
  /** What the server has printed so far, its log. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `args` in `folder` and resolves once the server answers on `port`, whatever it answers. */
async function serve(folder: string, args: string[], port: number): Promise<Omit<RunningApp, 'signedIn' | 'url'> & { origin: string }> {
  const child = spawn(PYTHON, args, { cwd: folder, env: environment() });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const ended = new Promise((resolve) => child.once('close', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await ended;
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} ended (${child.exitCode}):\n${output}`);
    try {
      await fetch(`${origin}/`);
      return { origin, output: () => output, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`${args.join(' ')}: no answer on ${origin} within 20 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * The Django snippets in a project of `django-admin startproject`, served as production serves it (`DEBUG = False`),
 * with a customer signed in for each id.
 */
async function startDjango(folder: string, customerIds: string[]): Promise<RunningApp> {
  const python = (...args: string[]) => run(PYTHON, args, { cwd: folder, env: environment() });
  await python('-m', 'django', 'startproject', 'storefront', '.');
  await python('manage.py', 'startapp', 'shop');
  await copyFile(SIGNING_FILE, join(folder, 'shop/storefront_token.py'));
  await writeFile(join(folder, 'shop/models.py'), `${snippet(GUIDE, 'django-model')}\n`);
  await writeFile(join(folder, 'shop/views.py'), `${snippet(GUIDE, 'django-view')}\n`);
  await writeFile(join(folder, 'storefront/urls.py'), `${snippet(GUIDE, 'django-urls')}\n`);
  await appendFile(join(folder, 'storefront/settings.py'), `\n${snippet(GUIDE, 'django-settings')}\n`);
  // What the store's deployment sets, and the guide asks for beside the view.
  await appendFile(join(folder, 'storefront/settings.py'), '\nDEBUG = False\nALLOWED_HOSTS = ["127.0.0.1"]\n');
  await python('manage.py', 'makemigrations', 'shop');
  await python('manage.py', 'migrate');
  // Each customer signs in through Django's own login() (the test client's force_login), which keeps the session in
  // the database as a sign-in form would. Their users come first, so a primary key is "1", never a customer id.
  const signIn = `
import json
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from shop.models import CustomerProfile

cookies = {}
for number, customer_id in enumerate(${JSON.stringify(customerIds)}):
    user = get_user_model().objects.create_user(f"customer{number}")
    CustomerProfile.objects.create(user=user, subscription_customer_id=customer_id)
    client = Client()
    client.force_login(user)
    cookies[customer_id] = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
print(json.dumps(cookies))
`;
  const cookies = JSON.parse((await python('manage.py', 'shell', '-c', signIn)).stdout) as Record<string, string>;
  const port = await freePort();
  const server = await serve(folder, ['manage.py', 'runserver', `127.0.0.1:${port}`, '--noreload'], port);
  return { ...server, url: `${server.origin}${TOKEN_PATH}`, signedIn: async (customerId) => cookies[customerId]! };
}

// Only the test's app has this route: the store's own sign-in, down to what it leaves in the session.
const FLASK_SIGN_IN = `from flask import request, session

from app import app


@app.post("/test/sign-in")
def sign_in():
    session["subscription_customer_id"] = request.form["subscription_customer_id"]
    return "", 204
`;

/** The Flask snippet as the app `app.py`, on `flask run` with debug mode off. */
async function startFlask(folder: string): Promise<RunningApp> {
  await copyFile(SIGNING_FILE, join(folder, 'storefront_token.py'));
  await writeFile(join(folder, 'app.py'), `${snippet(GUIDE, 'flask-app')}\n`);
  await writeFile(join(folder, 'signed_in_app.py'), FLASK_SIGN_IN);
  const port = await freePort();
  const server = await serve(folder, ['-m', 'flask', '--app', 'signed_in_app', 'run', '--host', '127.0.0.1', '--port', String(port)], port);
  const signedIn = async (customerId: string) => {
    const response = await fetch(`${server.origin}/test/sign-in`, {
      method: 'POST',
      body: new URLSearchParams({ subscription_customer_id: customerId }),
    });
    assert.equal(response.status, 204, await response.text());
    const [cookie] = response.headers.getSetCookie();
    return cookie!.split(';')[0]!;
  };
  return { ...server, url: `${server.origin}${TOKEN_PATH}`, signedIn };
}

interface Framework {
  name: string;
  module: string;
  debianPackage: string;
  start(folder: string): Promise<RunningApp>;
}

const FRAMEWORKS: Framework[] = [
  {
    name: 'Django',
    module: 'django',
    debianPackage: 'python3-django',
    start: (folder) => startDjango(folder, [CUSTOMER_ID, UNSIGNABLE_CUSTOMER_ID]),
  },
  { name: 'Flask', module: 'flask', debianPackage: 'python3-flask', start: startFlask },
];

/** The framework's version, or undefined when python3 cannot import it. */
function versionOf({ module }: Framework): string | undefined {
  const probe = spawnSync(PYTHON, ['-c', `import importlib.metadata; print(importlib.metadata.version("${module}"))`], {
    encoding: 'utf8',
  });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}

const folders: string[] = [];
after(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

for (const framework of FRAMEWORKS) {
  const version = versionOf(framework);
  if (version === undefined) {
    const message = `${PYTHON} cannot import ${framework.module}: the ${framework.name} snippets of ${GUIDE} are not tested (apt-get install ${framework.debianPackage}; .ci/run installs it)`;
    if (process.env.CI === 'true') {
      it(`${framework.name}: ${PYTHON} imports ${framework.module}`, () => assert.fail(message));
      continue;
    }
    console.warn(`\n  !!! ${message}\n`);
  }

  // Both servers start now, side by side; each describe waits for its own.
  const starting =
    version === undefined
      ? undefined
      : mkdtemp(join(tmpdir(), `snippets-${framework.module}-`)).then((folder) => {
          folders.push(folder);
          return framework.start(folder);
        });
  starting?.catch(() => {});

  const title = `the ${framework.name} snippets of ${GUIDE}${version === undefined ? '' : `, on ${framework.name} ${version}`}`;
  describe(title, { skip: !starting && `${framework.module} is missing` }, () => {
    let app: RunningApp;

    before(async () => {
      app = await starting!;
    });
    after(() => app?.stop());

    const tokenFor = async (customerId: string) =>
      readAnswer(await fetch(app.url, { headers: { cookie: await app.signedIn(customerId) } }));

    it('answers 401 with a JSON detail and no-store when nobody is signed in', async () => {
      assertRefusal(await readAnswer(await fetch(app.url)), 401, SECRETS);
    });

    it('answers the signed-in customer a token for their subscription customer id, with no-store, which the sandbox accepts', async () => {
      const answer = await tokenFor(CUSTOMER_ID);
      await assertIssued(answer, CUSTOMER_ID, MERCHANT);
      const response = await createSandbox().handle(
        new Request(`http://sandbox.test/subscriptions/${SUBSCRIPTION_ID}/`, { headers: { authorization: answer.body } }),
      );
      assert.equal(response.status, 200, await response.text());
    });

    it('answers a JSON 500 that names no secret when the customer id holds a "|", logs none, and goes on serving', async () => {
      assertRefusal(await tokenFor(UNSIGNABLE_CUSTOMER_ID), 500, SECRETS);
      await assertIssued(await tokenFor(CUSTOMER_ID), CUSTOMER_ID, MERCHANT);
      const log = app.output();
      assert.match(log, /Could not issue a storefront token: customer_id /);
      // The log itself stays out of the message: it would print what it leaks.
      for (const secret of SECRETS)
        for (const piece of [secret, secret.slice(0, 6)]) assert.ok(!log.includes(piece), 'the log shows a secret');
    });
  });
}
