// The Rails snippets of docs/token-endpoint.md, run as written: each goes into the file of a Rails application that it
// names, beside a copy of examples/token_endpoint.rb, on the framework Debian packages (ruby-rails), in production and
// on WEBrick. The test supplies only what the guide says the store supplies: the encrypted credentials with the
// guide's keys, users with a subscription customer id, and a way to sign in (Devise's current_user). Without the
// framework the file is skipped, loudly; under CI=true that is a failure (.ci/run installs it).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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

// The store's users by their key in the users table, which is not the id the subscription service knows them by.
const USERS = {
  1: { name: 'Ada', subscription_customer_id: customerId },
  2: { name: 'Mallory', subscription_customer_id: `${customerId}|gold` },
};

/** A Rails application, as the least of `rails new` that runs the guide's files: each file by its path. */
const STORE_FILES: Record<string, string> = {
  'config/application.rb': `require 'rails'
require 'action_controller/railtie'

class StoreApplication < Rails::Application
  config.load_defaults 6.1
  # As config/environments/production.rb has them.
  config.eager_load = true
  config.consider_all_requests_local = false
  config.filter_parameters += [:token]
  # The log on standard error, which the test reads.
  config.logger = ActiveSupport::Logger.new($stderr)
  config.log_level = :info
end

# The test's own sign-in, after the guide's config/routes.rb.
StoreApplication.routes.append do
  get '/test/sign-in/:id', to: 'test_sessions#create'
end
`,
  // Rails finds the application's root by it.
  'config.ru': `require_relative 'config/environment'
run Rails.application
`,
  'config/environment.rb': `require_relative 'application'
Rails.application.initialize!
`,
  // Serves the store on a free loopback port, and says where.
  'config/serve.rb': `ENV['RAILS_ENV'] = 'production'
require_relative 'environment'
require 'rack/handler/webrick'

Rack::Handler::WEBrick.run(Rails.application, Host: '127.0.0.1', Port: 0, AccessLog: []) do |server|
  puts "Store at http://127.0.0.1:#{server.listeners.first.addr[1]}"
  $stdout.flush
end
`,
  'app/models/user.rb': `User = Struct.new(:id, :name, :subscription_customer_id) do
  def self.find_by(id:)
    attributes = JSON.parse(<<~'JSON')[id.to_s]
      ${JSON.stringify(USERS)}
    JSON
    attributes && new(id, attributes.fetch('name'), attributes.fetch('subscription_customer_id'))
  end
end
`,
  // current_user as Devise gives it: the signed-in user, or nil.
  'app/controllers/application_controller.rb': `class ApplicationController < ActionController::Base
  def current_user
    @current_user ||= session[:user_id] && User.find_by(id: session[:user_id])
  end
end
`,
  'app/controllers/test_sessions_controller.rb': `class TestSessionsController < ApplicationController
  def create
    session[:user_id] = params[:id]
    head :no_content
  end
end
`,
};

const RAILS: EndpointServer = {
  name: 'Rails',
  file: GUIDE,
  command: 'ruby',
  probe: ['ruby', '-e', 'require "rails"; require "action_controller/railtie"; require "rack/handler/webrick"'],
  debianPackage: 'ruby-rails',
  serveArgs: [],
  withoutSettings: 'answers 500',
};

/**
 * The credentials as `bin/rails credentials:edit` leaves them: the guide's, with the sandbox merchant's values, and the
 * secret_key_base of a new application, encrypted with the key in config/master.key.
 */
function writeCredentials(folder: string, secrets: { masterKey: string; secretKeyBase: string }): void {
  const guides = snippet(GUIDE, 'rails-credentials');
  const credentials = `${guides
    .replace(/^(\s+merchant_public_id:).*$/m, `$1 ${JSON.stringify(SANDBOX_MERCHANT.publicId)}`)
    .replace(/^(\s+hash_key:).*$/m, `$1 ${JSON.stringify(SANDBOX_MERCHANT.hashKey)}`)}\nsecret_key_base: ${secrets.secretKeyBase}\n`;
  assert.ok(credentials.includes(SANDBOX_MERCHANT.hashKey) && credentials.includes(SANDBOX_MERCHANT.publicId), guides);
  writeFileSync(join(folder, 'config/master.key'), secrets.masterKey);
  const encrypt = spawnSync(
    'ruby',
    [
      '-ractive_support',
      '-ractive_support/encrypted_configuration',
      '-e',
      `ActiveSupport::EncryptedConfiguration.new(config_path: 'config/credentials.yml.enc', key_path: 'config/master.key',
         env_key: 'RAILS_MASTER_KEY', raise_if_missing_key: true).write($stdin.read)`,
    ],
    { cwd: folder, input: credentials, encoding: 'utf8' },
  );
  assert.equal(encrypt.status, 0, encrypt.stderr);
}

/** Writes the store, with the guide's files in it, into `folder`. */
function writeStore(folder: string, secrets: { masterKey: string; secretKeyBase: string }): void {
  const files: Record<string, string> = {
    ...STORE_FILES,
    'config/routes.rb': snippet(GUIDE, 'rails-routes'),
    'app/controllers/storefront_tokens_controller.rb': snippet(GUIDE, 'rails-controller'),
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  mkdirSync(join(folder, 'lib'));
  copyFileSync(join(root, 'examples/token_endpoint.rb'), join(folder, 'lib/storefront_token.rb'));
  writeCredentials(folder, secrets);
}

const missing = !installed(RAILS);
const missingMessage = `Rails is missing: the guide's Rails snippets are not run (apt-get install ruby-rails; .ci/run installs it)`;
if (missing && process.env.CI === 'true') {
  it('Rails is installed', () => assert.fail(missingMessage));
} else {
  if (missing) console.warn(`\n  !!! ${missingMessage}\n`);

  describe("the guide's Rails snippets, as a Rails application in production runs them", { skip: missing && 'Rails is missing' }, () => {
    const secrets = { masterKey: randomBytes(16).toString('hex'), secretKeyBase: randomBytes(64).toString('hex') };
    const SECRETS = [SANDBOX_MERCHANT.hashKey, secrets.masterKey, secrets.secretKeyBase];
    let store: string;
    let server: RunningServer;
    const endpoint = () => `${server.origin}/account/storefront-token`;

    before(async () => {
      store = mkdtempSync(join(tmpdir(), 'rails-store-'));
      writeStore(store, secrets);
      // No MERCHANT_PUBLIC_ID or MERCHANT_HASH_KEY in its environment: the guide's Rails store reads its credentials.
      server = await startServer({ ...RAILS, serveArgs: [join(store, 'config/serve.rb')] }, {});
    });
    after(async () => {
      await server?.stop();
      if (store) rmSync(store, { recursive: true, force: true });
    });

    itAnswersAsTheGuideSays(
      () => ({
        ask: (cookie) => askAsAuthUrl(endpoint(), cookie),
        signIn: (who) => signInThroughTestRoute(server.origin, who === 'customer' ? 1 : 2, '_store_session'),
        output: () => server.output(),
      }),
      { secrets: SECRETS, unsignableId: USERS[2].subscription_customer_id, logLine: /Could not sign a storefront token: customer_id / },
    );
  });
}
