#!/usr/bin/env node
/**
 * `prepaid-upgrade-sandbox` runs the sandbox on this machine. It prints what a page needs to talk to it: the address,
 * the demo merchant's credentials, and a fresh storefront token for each demo customer.
 */
import { parseArgs } from 'node:util';
import { signStorefrontToken } from '../server/index.js';
import { controlOriginSet } from '../sandbox/control.js';
import { SANDBOX_MERCHANT } from '../sandbox/index.js';
import { startSandboxServer } from '../sandbox/node.js';

const USAGE = `Usage: prepaid-upgrade-sandbox [--port <n>] [--host <host>] [--allowed-host <name>]… [--control-origin <origin>]…

Runs a local, in-memory emulator of the subscription service with seeded data.

Options:
  --port <n>                 port to listen on; 0 picks a free one (default 8787)
  --host <host>              address to listen on (default 127.0.0.1)
  --allowed-host <name>      a host name to answer besides localhost and the address it listens on, such as
                             sandbox.test, or .sandbox.test with its subdomains; repeat it for more (default: none);
                             any other is refused, against DNS rebinding
  --control-origin <origin>  an origin whose pages may also call the /__sandbox/ control routes, such as
                             http://localhost:5173; repeat it for more (default: the sandbox's own origin only)
  --help                     show this help`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function readOptions(): { port: number; host: string; allowedHosts: string[]; controlOrigins: string[] } {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        'control-origin': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = values.port === undefined ? 8787 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a whole number from 0 to 65535, not "${values.port}".`);
  const controlOrigins = values['control-origin'] ?? [];
  try {
    controlOriginSet(controlOrigins);
  } catch (error) {
    fail(`--control-origin: ${(error as Error).message.replace(/^controlOrigins: /, '')}`);
  }
  const allowedHosts = values['allowed-host'] ?? [];
  const wrong = allowedHosts.find((name) => !/^\.?[a-z0-9-]+(?:\.[a-z0-9-]+)*$/i.test(name));
  if (wrong !== undefined) fail(`--allowed-host must be a host name such as sandbox.test, not "${wrong}".`);
  return { port, host: values.host ?? '127.0.0.1', allowedHosts, controlOrigins };
}

async function main(): Promise<void> {
  const server = await startSandboxServer(readOptions());
  const info = server.sandbox.instance().info();
  const lines = [
    `Sandbox running at ${server.url} (pretending to be ${info.environment})`,
    '',
    `Merchant ${info.merchant.name}`,
    `  public id:             ${SANDBOX_MERCHANT.publicId}`,
    `  sandbox demo hash key: ${SANDBOX_MERCHANT.hashKey}   (a real hash key never leaves the merchant's server)`,
    `  API key (production):  ${SANDBOX_MERCHANT.apiKeys.production}`,
    `  API key (staging):     ${SANDBOX_MERCHANT.apiKeys.staging}   (refused with 403: this sandbox is ${info.environment})`,
    '',
    'Customers (storefront tokens are valid for 2 hours):',
  ];
  for (const customer of info.customers) {
    const token = await signStorefrontToken({
      merchantPublicId: info.merchant.publicId,
      customerId: customer.customerId,
      hashKey: SANDBOX_MERCHANT.hashKey,
    });
    const example = customer.subscriptions.find((s) => s.kind === 'eligible') ?? customer.subscriptions[0];
    lines.push('', `  ${customer.customerId}  ${customer.firstName} ${customer.lastName}`, `    token: ${token}`);
    if (!example) lines.push('    (no subscriptions)');
    // The token is JSON with double quotes, so the attribute takes single quotes.
    else lines.push(`    <prepaid-upgrade api-base="${server.url}" subscription-id="${example.id}" token='${token}'></prepaid-upgrade>`);
  }
  lines.push('', 'Press Ctrl+C to stop.');
  console.log(lines.join('\n'));

  const stop = () => {
    server.close().then(
      () => console.log('Sandbox stopped.'),
      (error: unknown) => {
        console.error('sandbox: could not close cleanly', error);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`sandbox: could not start: ${(error as Error).message ?? error}`);
  process.exit(1);
});
