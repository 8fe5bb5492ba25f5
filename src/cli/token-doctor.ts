#!/usr/bin/env node
/**
 * `prepaid-upgrade-token-doctor` says what is wrong with a storefront token and how to fix it.
 * `diagnoseStorefrontToken` makes the diagnosis. This command only reads the arguments and puts the answer into words.
 * It exits with 0 for a token with no mistake, 1 for a token with a mistake, and 2 for a usage error. It never prints
 * the hash key or the signature.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SANDBOX_MERCHANT, SANDBOX_MERCHANT_PREPAID_DISABLED } from '../sandbox/index.js';
import { diagnoseStorefrontToken, type DiagnoseStorefrontTokenOptions, type TokenDiagnosis } from '../server/token-doctor.js';

const USAGE = `Usage: prepaid-upgrade-token-doctor '<authorization header value>' [options]
       prepaid-upgrade-token-doctor - [options] < header.txt

Says what is wrong with a storefront token, and how to fix it. "-" reads the header value from standard input.

Options:
  --hash-key <key>             the merchant's hash key: to check the signature and find how it went wrong
  --hash-key-env <NAME>        the name of an environment variable that holds the hash key (keeps it out of the
                               shell's history)
  --merchant-id <id>           the merchant public id the token must be for
  --environment <name>         production or staging: the environment that merchant id and hash key are of
  --now <unix seconds>         the time to judge ts by (default now)
  --json                       print the diagnosis as JSON
  --help                       show this help

Exit status: 0 no mistake found, 1 a mistake found, 2 a usage error.`;

/** The sandbox's demo merchants, named when a token is theirs. Their keys are public demo values. */
const SANDBOX_MERCHANTS = [
  { ...SANDBOX_MERCHANT, label: "the sandbox's demo merchant" },
  { ...SANDBOX_MERCHANT_PREPAID_DISABLED, label: "the sandbox's second merchant" },
].map(({ publicId, hashKey, label }) => ({ publicId, hashKey, label }));

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function readOptions(): { header: string; options: DiagnoseStorefrontTokenOptions; json: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        'hash-key': { type: 'string' },
        'hash-key-env': { type: 'string' },
        'merchant-id': { type: 'string' },
        environment: { type: 'string' },
        now: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length !== 1)
    fail(
      positionals.length === 0
        ? 'Give the authorization header value, or - to read it from standard input.'
        : 'Give one header value: quote it.',
    );
  if (values['hash-key'] !== undefined && values['hash-key-env'] !== undefined) fail('Give --hash-key or --hash-key-env, not both.');
  let hashKey = values['hash-key'];
  if (values['hash-key-env'] !== undefined) {
    hashKey = process.env[values['hash-key-env']];
    if (hashKey === undefined || hashKey === '') fail(`--hash-key-env: the environment variable ${values['hash-key-env']} is not set.`);
  }
  if (hashKey === '') fail('--hash-key is empty.');
  const options: DiagnoseStorefrontTokenOptions = { knownMerchants: SANDBOX_MERCHANTS };
  if (hashKey !== undefined) options.hashKey = hashKey;
  if (values['merchant-id'] !== undefined) {
    if (values['merchant-id'].trim() === '') fail('--merchant-id is empty.');
    options.merchantPublicId = values['merchant-id'];
  }
  if (values.environment !== undefined) {
    if (values.environment !== 'production' && values.environment !== 'staging') {
      fail(`--environment must be production or staging, not "${values.environment}".`);
    }
    options.environment = values.environment;
  }
  if (values.now !== undefined) {
    if (!/^\d{1,11}$/.test(values.now)) fail(`--now must be Unix time in whole seconds (10 digits), not "${values.now}".`);
    options.now = Number(values.now);
  }
  const [given] = positionals as [string];
  const header = given === '-' ? readFileSync(0, 'utf8').replace(/\r?\n$/, '') : given;
  return { header, options, json: values.json ?? false };
}

/** The diagnosis in words: the verdict, each mistake with its fix, and what was not checked. */
function format(diagnosis: TokenDiagnosis): string {
  const lines = [diagnosis.summary];
  diagnosis.findings.forEach((item, i) => {
    lines.push('', `${i + 1}. ${item.message}`, `   Fix: ${item.fix}`, `   (${item.code}, field ${item.field})`);
  });
  if (diagnosis.notChecked.length > 0) lines.push('', 'Not checked:', ...diagnosis.notChecked.map((text) => `  - ${text}`));
  if (diagnosis.warnings.length > 0)
    lines.push('', 'Warnings:', ...diagnosis.warnings.map((item) => `  - ${item.message} ${item.fix} (${item.code})`));
  return lines.join('\n');
}

/** Masks every copy of `secret`, and of `secret` trimmed, in `text`, so that the hash key never reaches the output. */
function masked(text: string, secret: string | undefined): string {
  let out = text;
  for (const value of new Set([secret, secret?.trim()])) if (value && value.length >= 4) out = out.replaceAll(value, '[hash key]');
  return out;
}

async function main(): Promise<void> {
  const { header, options, json } = readOptions();
  const diagnosis = await diagnoseStorefrontToken(header, options);
  const output = json ? JSON.stringify(diagnosis, null, 2) : format(diagnosis);
  console.log(masked(output, options.hashKey));
  process.exitCode = diagnosis.ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(`token doctor: ${(error as Error).message ?? error}`);
  process.exit(1);
});
