// The Laravel snippets of docs/token-endpoint.md, run as written: each goes into the file of a Laravel application
// that it names, beside a copy of examples/token-endpoint.php, on the framework Debian packages (php-laravel-framework:
// no Composer, so the application is the least that runs on it) and PHP's built-in server. The test supplies only
// what the guide says the store supplies: users with a subscription customer id, and a way to sign in. Without the
// framework the file is skipped, loudly; under CI=true that is a failure (.ci/run installs it).
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { snippet } from '../helpers/doc-snippets.js';
import { askAsAuthUrl, itAnswersAsTheGuideSays, signInThroughTestRoute } from '../helpers/token-endpoint-answers.js';
import { installed, root, startServer, type EndpointServer, type RunningServer } from '../helpers/token-endpoint-servers.js';

const GUIDE = 'docs/token-endpoint.md';
const { customerId } = SANDBOX_SUBSCRIPTIONS.eligible;
const SECRETS = [SANDBOX_MERCHANT.hashKey];

// The store's users by their key in the users table, which is not the id the subscription service knows them by.
const USERS = {
  1: { id: 1, name: 'Ada', subscription_customer_id: customerId },
  2: { id: 2, name: 'Mallory', subscription_customer_id: `${customerId}|gold` },
};

/** A Laravel application, as the least of `laravel new` that runs the guide's files: each file by its path. */
const STORE_FILES: Record<string, string> = {
  // Laravel's front controller, on the packaged framework's autoloader (on PHP's include path) instead of Composer's.
  'public/index.php': `<?php
require 'Illuminate/autoload.php';
spl_autoload_register(function (string $class): void {
    if (str_starts_with($class, 'App\\\\')) {
        require dirname(__DIR__) . '/app/' . str_replace('\\\\', '/', substr($class, 4)) . '.php';
    }
});

$app = new Illuminate\\Foundation\\Application(dirname(__DIR__));
$app->singleton(Illuminate\\Contracts\\Http\\Kernel::class, App\\Http\\Kernel::class);
$app->singleton(Illuminate\\Contracts\\Debug\\ExceptionHandler::class, Illuminate\\Foundation\\Exceptions\\Handler::class);

$kernel = $app->make(Illuminate\\Contracts\\Http\\Kernel::class);
$response = $kernel->handle($request = Illuminate\\Http\\Request::capture());
$response->send();
$kernel->terminate($request, $response);
`,
  'app/Http/Kernel.php': `<?php
namespace App\\Http;

class Kernel extends \\Illuminate\\Foundation\\Http\\Kernel
{
    protected $middlewareGroups = ['web' => [\\Illuminate\\Session\\Middleware\\StartSession::class]];
}
`,
  'app/Http/Controllers/Controller.php': `<?php
namespace App\\Http\\Controllers;

class Controller extends \\Illuminate\\Routing\\Controller
{
}
`,
  // The store's users, and its routes: routes/web.php in the web group, as Laravel's RouteServiceProvider loads it, and
  // the sign-in only the test has.
  'app/Providers/StoreServiceProvider.php': `<?php
namespace App\\Providers;

use Illuminate\\Auth\\GenericUser;
use Illuminate\\Contracts\\Auth\\Authenticatable;
use Illuminate\\Contracts\\Auth\\UserProvider;
use Illuminate\\Support\\Facades\\Auth;
use Illuminate\\Support\\Facades\\Route;
use Illuminate\\Support\\ServiceProvider;

class StoreServiceProvider extends ServiceProvider
{
    public function boot(): void
    {
        Auth::provider('store-users', fn () => new class implements UserProvider {
            public function retrieveById($identifier)
            {
                $users = json_decode(<<<'JSON'
                ${JSON.stringify(USERS)}
                JSON, true);
                return isset($users[$identifier]) ? new GenericUser($users[$identifier]) : null;
            }
            public function retrieveByToken($identifier, $token) { return null; }
            public function updateRememberToken(Authenticatable $user, $token) {}
            public function retrieveByCredentials(array $credentials) { return null; }
            public function validateCredentials(Authenticatable $user, array $credentials) { return false; }
        });
        Route::middleware('web')->group(base_path('routes/web.php'));
        Route::middleware('web')->get('/test/sign-in/{id}', function (string $id) {
            Auth::loginUsingId($id);
            return response()->noContent();
        });
    }
}
`,
  'config/app.php': `<?php
return [
    'name' => 'Store',
    'env' => env('APP_ENV', 'production'),
    'debug' => (bool) env('APP_DEBUG', false),
    'url' => 'http://localhost',
    'providers' => [
        Illuminate\\Auth\\AuthServiceProvider::class,
        Illuminate\\Cookie\\CookieServiceProvider::class,
        Illuminate\\Filesystem\\FilesystemServiceProvider::class,
        Illuminate\\Session\\SessionServiceProvider::class,
        Illuminate\\View\\ViewServiceProvider::class,
        App\\Providers\\StoreServiceProvider::class,
    ],
];
`,
  'config/auth.php': `<?php
return [
    'defaults' => ['guard' => 'web'],
    'guards' => ['web' => ['driver' => 'session', 'provider' => 'users']],
    'providers' => ['users' => ['driver' => 'store-users']],
];
`,
  'config/session.php': `<?php
return [
    'driver' => 'file',
    'files' => storage_path('framework/sessions'),
    'lifetime' => 120,
    'expire_on_close' => false,
    'encrypt' => false,
    'lottery' => [0, 100],
    'cookie' => 'store_session',
    'path' => '/',
    'domain' => null,
    'secure' => false,
    'http_only' => true,
    'same_site' => 'lax',
];
`,
  'config/view.php': `<?php
return ['paths' => [resource_path('views')], 'compiled' => storage_path('framework/views')];
`,
  // The log on the server's standard error, which the test reads.
  'config/logging.php': `<?php
return [
    'default' => 'stderr',
    'channels' => [
        'stderr' => ['driver' => 'monolog', 'handler' => Monolog\\Handler\\StreamHandler::class, 'with' => ['stream' => 'php://stderr']],
    ],
];
`,
  // The production settings the guide names.
  '.env': 'APP_ENV=production\nAPP_DEBUG=false\n',
};

const LARAVEL: EndpointServer = {
  name: 'Laravel',
  file: GUIDE,
  command: 'php',
  probe: ['php', '-r', 'exit(stream_resolve_include_path("Illuminate/Foundation/Application.php") === false ? 1 : 0);'],
  debianPackage: 'php-laravel-framework',
  serveArgs: [],
  withoutSettings: 'answers 500',
};

/** Writes the store, with the guide's files in it, into `folder`. */
function writeStore(folder: string): void {
  const files: Record<string, string> = {
    ...STORE_FILES,
    'config/services.php': snippet(GUIDE, 'laravel-services-config'),
    'routes/web.php': snippet(GUIDE, 'laravel-route'),
    'app/Http/Controllers/StorefrontTokenController.php': snippet(GUIDE, 'laravel-controller'),
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  for (const empty of ['app/Support', 'bootstrap/cache', 'resources/views', 'storage/framework/sessions', 'storage/framework/views']) {
    mkdirSync(join(folder, empty), { recursive: true });
  }
  copyFileSync(join(root, 'examples/token-endpoint.php'), join(folder, 'app/Support/token-endpoint.php'));
}

const missing = !installed(LARAVEL);
const missingMessage = `Laravel is missing: the guide's Laravel snippets are not run (apt-get install php-laravel-framework; .ci/run installs it)`;
if (missing && process.env.CI === 'true') {
  it('Laravel is installed', () => assert.fail(missingMessage));
} else {
  if (missing) console.warn(`\n  !!! ${missingMessage}\n`);

  describe("the guide's Laravel snippets, as a Laravel application runs them", { skip: missing && 'Laravel is missing' }, () => {
    let store: string;
    let server: RunningServer;
    const endpoint = () => `${server.origin}/account/storefront-token`;

    before(async () => {
      store = mkdtempSync(join(tmpdir(), 'laravel-store-'));
      writeStore(store);
      const serveArgs = ['-S', '127.0.0.1:0', '-t', join(store, 'public'), join(store, 'public/index.php')];
      server = await startServer(
        { ...LARAVEL, serveArgs },
        { MERCHANT_PUBLIC_ID: SANDBOX_MERCHANT.publicId, MERCHANT_HASH_KEY: SANDBOX_MERCHANT.hashKey },
      );
    });
    after(async () => {
      await server?.stop();
      if (store) rmSync(store, { recursive: true, force: true });
    });

    itAnswersAsTheGuideSays(
      () => ({
        ask: (cookie) => askAsAuthUrl(endpoint(), cookie),
        signIn: (who) => signInThroughTestRoute(server.origin, who === 'customer' ? 1 : 2, 'store_session'),
        output: () => server.output(),
      }),
      { secrets: SECRETS, unsignableId: USERS[2].subscription_customer_id, logLine: /Could not sign a storefront token: customerId / },
    );
  });
}
