/**
 * The token doctor: each mistake a merchant's own signing code makes, made on purpose from a correct token, is named
 * with its own code, by `diagnoseStorefrontToken`, by the `prepaid-upgrade-token-doctor` command (exit status 1) and
 * in the sandbox's 401 detail; a good token is good (exit status 0), a usage error exits 2, and the hash key is never
 * printed.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { SANDBOX_MERCHANT, createSandbox } from '../../src/sandbox/index.js';
import { diagnoseStorefrontToken, signStorefrontToken, verifyStorefrontToken, type TokenDiagnosis } from '../../src/server/index.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const cli = fileURLToPath(new URL('../../src/cli/token-doctor.ts', import.meta.url));

const MERCHANT = 'mer_acme_production';
const KEY = 'acme-production-hash-key-7Hq2';
const CUSTOMER = 'cus_1042';
const NOW = 1_790_000_000;
const TS = NOW - 60;

type Encoding = 'base64' | 'hex' | 'base64url';
const hmac = (text: string, key = KEY, encoding: Encoding = 'base64', hash = 'sha256') =>
  createHmac(hash, key).update(text).digest(encoding);

/** A token written by hand, as a merchant's server in another language would: every field can be set wrong. */
const token = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ public_id: MERCHANT, ts: TS, sig_field: CUSTOMER, sig: hmac(`${CUSTOMER}|${TS}`), ...fields });

const diagnose = (header: string, options: Record<string, unknown> = {}) =>
  diagnoseStorefrontToken(header, { hashKey: KEY, merchantPublicId: MERCHANT, now: NOW, ...options });

/** A sig made over `text` that holds a "+", found by moving ts: the spaces a URL makes of it need one. */
function withPlus(): { ts: number; sig: string } {
  for (let ts = TS; ; ts--) if (hmac(`${CUSTOMER}|${ts}`).includes('+')) return { ts, sig: hmac(`${CUSTOMER}|${ts}`) };
}

const ms = TS * 1000 + 417;
const plus = withPlus();
const good = token();

/** Each mistake: the header it gives, the options, its code, and words its message must have. */
const MISTAKES: Array<[what: string, header: string, code: string, words: RegExp, options?: Record<string, unknown>]> = [
  ['an empty header', '', 'empty', /empty/],
  ['a "Bearer " prefix', `Bearer ${good}`, 'bearer-prefix', /Bearer/],
  ['a URL-encoded header', encodeURIComponent(good), 'url-encoded', /URL-encoded/],
  ['a base64-wrapped header', Buffer.from(good).toString('base64'), 'base64-wrapped', /base64/],
  ['JSON encoded twice', JSON.stringify(good), 'json-in-a-string', /JSON-encoded twice/],
  ['single quotes', good.replaceAll('"', "'"), 'single-quotes', /single quotes/],
  ['a JavaScript object literal', good.replace(/"(\w+)":/g, '$1:'), 'object-literal', /object literal/],
  ['query parameters', new URLSearchParams(JSON.parse(good)).toString(), 'query-string', /query parameters/],
  ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjdXNfMTA0MiJ9.c2ln', 'jwt', /JWT/],
  ['the og_auth cookie', `${CUSTOMER}|${TS}|${hmac(`${CUSTOMER}|${TS}`)}`, 'og-auth-cookie', /og_auth cookie/],
  ['text that is not JSON', '{"public_id": "mer_acme_production", ts: }', 'not-json', /not valid JSON/],
  ['JSON that is no object', '[1, 2]', 'not-an-object', /an array/],
  ['a missing sig', token({ sig: undefined }), 'missing-field', /has no sig\b/],
  ['customer_id for sig_field', good.replace('sig_field', 'customer_id'), 'misnamed-field', /"customer_id".*sig_field/],
  ['a numeric customer id', token({ sig_field: 1042, sig: hmac(`1042|${TS}`) }), 'wrong-type', /sig_field is a number/],
  ['an empty trust level', token({ trust_level: '' }), 'empty-field', /trust_level is empty/],
  ['"|" in the customer id', token({ sig_field: 'cus|1042' }), 'separator-in-field', /sig_field contains "\|"/],
  ['a line break in the customer id', token({ sig_field: `${CUSTOMER}\n` }), 'control-character-in-field', /line break/],
  ['public_id and sig_field swapped', token({ public_id: CUSTOMER, sig_field: MERCHANT }), 'fields-swapped', /swapped/],
  [
    "the other environment's merchant id",
    token({ public_id: 'mer_acme_staging' }),
    'other-merchant-id',
    /"mer_acme_staging".*staging one/,
    { environment: 'production' },
  ],
  [
    'an unknown merchant, where the caller knows all',
    token({ public_id: 'mer_nobody' }),
    'unknown-merchant',
    /unknown merchant/,
    { merchantPublicId: undefined, hashKey: undefined, knownMerchants: [{ publicId: MERCHANT, hashKey: KEY }], knownMerchantsOnly: true },
  ],
  ['ts with a fraction', token({ ts: TS + 0.25, sig: hmac(`${CUSTOMER}|${TS + 0.25}`) }), 'ts-not-whole-seconds', /fraction/],
  ['ts in milliseconds (Date.now())', token({ ts: ms, sig: hmac(`${CUSTOMER}|${ms}`) }), 'ts-milliseconds', /milliseconds/],
  [
    'ts in milliseconds, as a quoted string',
    token({ ts: String(ms), sig: hmac(`${CUSTOMER}|${ms}`) }),
    'ts-milliseconds',
    /milliseconds.*as a string/,
  ],
  ['ts in microseconds', token({ ts: `${ms}123`, sig: hmac(`${CUSTOMER}|${ms}123`) }), 'ts-microseconds', /microseconds/],
  ['ts in nanoseconds', token({ ts: `${ms}123456`, sig: hmac(`${CUSTOMER}|${ms}123456`) }), 'ts-nanoseconds', /nanoseconds/],
  ['an expired token', good, 'expired', /expired 1 h 1 min ago/, { now: TS + 3 * 3600 + 60 }],
  ['a ts in the future', good, 'ts-in-future', /1 h .*in the future.*clock/, { now: TS - 3600 - 120 }],
  ['a hex digest', token({ sig: hmac(`${CUSTOMER}|${TS}`, KEY, 'hex') }), 'sig-hex', /hex digest/],
  [
    'base64 of the hex digest (PHP without raw output)',
    token({ sig: Buffer.from(hmac(`${CUSTOMER}|${TS}`, KEY, 'hex')).toString('base64') }),
    'sig-base64-of-hex',
    /base64 of the HMAC's hex text/,
  ],
  ['URL-safe base64', token({ sig: hmac(`${CUSTOMER}|${plus.ts}`, KEY, 'base64url'), ts: plus.ts }), 'sig-base64url', /URL-safe base64/],
  ['base64 without its padding', token({ sig: hmac(`${CUSTOMER}|${TS}`).replace(/=+$/, '') }), 'sig-missing-padding', /padding/],
  ['a line break after the sig', token({ sig: `${hmac(`${CUSTOMER}|${TS}`)}\n` }), 'sig-whitespace', /line break or spaces/],
  ['spaces for "+"', token({ ts: plus.ts, sig: plus.sig.replaceAll('+', ' ') }), 'sig-plus-as-space', /spaces where base64 has "\+"/],
  ['HMAC-SHA1', token({ sig: hmac(`${CUSTOMER}|${TS}`, KEY, 'base64', 'sha1') }), 'sig-wrong-hash', /HMAC-SHA1/],
  [
    'a plain SHA-256 of key and text',
    token({ sig: createHash('sha256').update(`${KEY}${CUSTOMER}|${TS}`).digest('base64') }),
    'sig-not-hmac',
    /plain SHA-256/,
  ],
  ['a sig that is no base64', token({ sig: 'not*a*signature' }), 'sig-not-base64', /not base64/],
  ['the signed text swapped: <ts>|<customer id>', token({ sig: hmac(`${TS}|${CUSTOMER}`) }), 'signed-text-order', /another order/],
  [
    'the trust level misplaced',
    token({ trust_level: 'gold', sig: hmac(`${CUSTOMER}|${TS}|gold`) }),
    'trust-level-misplaced',
    /trust level elsewhere/,
  ],
  ['the trust level not signed', token({ trust_level: 'gold' }), 'trust-level-not-signed', /without the trust_level/],
  [
    'public_id signed for the customer id',
    token({ sig: hmac(`${MERCHANT}|${TS}`) }),
    'signed-public-id',
    /public_id instead of the customer id/,
  ],
  ['public_id signed too', token({ sig: hmac(`${MERCHANT}|${CUSTOMER}|${TS}`) }), 'signed-public-id-too', /as well as the customer id/],
  ['":" between the fields', token({ sig: hmac(`${CUSTOMER}:${TS}`) }), 'signed-other-separator', /":" between the fields/],
  ['a line break after the signed text', token({ sig: hmac(`${CUSTOMER}|${TS}\n`) }), 'signed-text-newline', /line break at its end/],
  [
    "the token's JSON signed",
    token({ sig: hmac(JSON.stringify({ public_id: MERCHANT, ts: TS, sig_field: CUSTOMER })) }),
    'signed-json',
    /token's JSON/,
  ],
  ['ts signed without its leading zero', token({ ts: `0${TS}` }), 'ts-text-differs', /another text of ts/],
  [
    'ts signed in milliseconds, sent in seconds',
    token({ sig: hmac(`${CUSTOMER}|${TS}${'042'}`) }),
    'ts-text-differs',
    /milliseconds, while the token carries it in seconds/,
  ],
  ['HMAC key and text swapped', token({ sig: hmac(KEY, `${CUSTOMER}|${TS}`) }), 'key-and-text-swapped', /swapped/],
  ['a line break at the end of the key', token({ sig: hmac(`${CUSTOMER}|${TS}`, `${KEY}\n`) }), 'hash-key-trailing-newline', /line break/],
  ['a space after the key', token({ sig: hmac(`${CUSTOMER}|${TS}`, `${KEY} `) }), 'hash-key-whitespace', /spaces or a tab/],
  [
    'the key decoded from base64',
    token({ sig: createHmac('sha256', Buffer.from('c2VjcmV0LWZvci10ZXN0cw==', 'base64')).update(`${CUSTOMER}|${TS}`).digest('base64') }),
    'hash-key-decoded',
    /decoded from base64/,
    { hashKey: 'c2VjcmV0LWZvci10ZXN0cw==' },
  ],
  [
    "another merchant's key",
    token({ sig: hmac(`${CUSTOMER}|${TS}`, 'staging-key') }),
    'other-merchant-key',
    /hash key of mer_acme_staging/,
    { knownMerchants: [{ publicId: 'mer_acme_staging', hashKey: 'staging-key' }] },
  ],
  ['an unknown key', token({ sig: hmac(`${CUSTOMER}|${TS}`, 'some-other-key') }), 'signed-with-another-key', /another key/],
];

const codes = (diagnosis: TokenDiagnosis) => diagnosis.findings.map((item) => item.code);

describe('diagnoseStorefrontToken names each mistake', () => {
  for (const [what, header, code, words, options] of MISTAKES) {
    it(`${what}: ${code}`, async () => {
      const diagnosis = await diagnose(header, options);
      assert.equal(diagnosis.ok, false);
      const named = diagnosis.findings.find((item) => item.code === code);
      assert.ok(named, `${code} not in ${codes(diagnosis).join(', ')}`);
      assert.match(named.message, words);
      assert.ok(named.fix.length > 0);
      for (const item of diagnosis.findings) assert.ok(!`${item.message} ${item.fix}`.includes(KEY), item.message);
    });
  }

  it('gives every mistake a code of its own', () => {
    const own = new Set(MISTAKES.map(([, , code]) => code));
    assert.ok(own.size >= 50, `${own.size} codes`);
  });

  it('each mistake is one the verifier refuses', async () => {
    for (const [what, header, , , options] of MISTAKES) {
      const key = (options?.hashKey as string | undefined) ?? KEY;
      const result = await verifyStorefrontToken(header, {
        hashKey: key,
        merchantPublicId: MERCHANT,
        now: (options?.now as number) ?? NOW,
      });
      assert.equal(result.valid, false, what);
    }
  });

  it('finds two mistakes made together: a hex digest over the swapped text', async () => {
    const diagnosis = await diagnose(token({ sig: hmac(`${TS}|${CUSTOMER}`, KEY, 'hex') }));
    assert.deepEqual(codes(diagnosis).sort(), ['sig-hex', 'signed-text-order']);
  });

  it('says a good token is good, for whom and until when', async () => {
    const header = await signStorefrontToken({
      merchantPublicId: MERCHANT,
      customerId: CUSTOMER,
      hashKey: KEY,
      ts: TS,
      trustLevel: 'gold',
    });
    const diagnosis = await diagnose(header);
    assert.equal(diagnosis.ok, true);
    assert.equal(diagnosis.signatureVerified, true);
    assert.deepEqual(diagnosis.token, {
      merchantPublicId: MERCHANT,
      customerId: CUSTOMER,
      trustLevel: 'gold',
      ts: TS,
      expiresAt: TS + 7200,
    });
    assert.match(diagnosis.summary, /good: merchant mer_acme_production, customer cus_1042, trust level gold, .*valid until 2026-09-21/);
  });

  it('without the hash key, checks the rest and says the signature was not checked', async () => {
    const diagnosis = await diagnoseStorefrontToken(good, { now: NOW });
    assert.equal(diagnosis.ok, true);
    assert.equal(diagnosis.signatureVerified, false);
    assert.match(diagnosis.notChecked.join(' '), /signature was not checked/);
    assert.match(diagnosis.notChecked.join(' '), /merchant was not compared/);
    const hex = await diagnoseStorefrontToken(token({ sig: hmac(`${CUSTOMER}|${TS}`, KEY, 'hex') }), { now: NOW });
    assert.deepEqual(codes(hex), ['sig-hex']);
  });
});

/** Runs the command; its exit status and output. */
function runDoctor(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      { cwd: projectRoot, env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

// Each test runs the command in a process of its own, side by side.
describe('prepaid-upgrade-token-doctor', { concurrency: true }, () => {
  const keyOptions = ['--hash-key', KEY, '--merchant-id', MERCHANT, '--now', String(NOW)];

  it('exits 0 for a good token, and says for whom and until when', async () => {
    const { code, out } = await runDoctor([good, ...keyOptions]);
    assert.equal(code, 0, out);
    assert.match(out, /good: merchant mer_acme_production, customer cus_1042, signed at .* valid until /);
    assert.ok(!out.includes(KEY) && !out.includes(JSON.parse(good).sig), out);
  });

  for (const [what, header, code, words] of MISTAKES.filter(([, , code]) =>
    ['sig-hex', 'ts-milliseconds', 'signed-text-order', 'hash-key-trailing-newline', 'sig-base64url'].includes(code),
  )) {
    it(`exits 1 and names ${what}, never printing the key`, async () => {
      const result = await runDoctor([header, ...keyOptions]);
      assert.equal(result.code, 1, result.out);
      assert.match(result.out, words);
      assert.match(result.out, new RegExp(`\\(${code}, field`));
      assert.ok(!result.out.includes(KEY), result.out);
    });
  }

  it("reads the header from standard input and the key from a variable, naming the other environment's merchant id", async () => {
    const header = token({ public_id: 'mer_acme_staging' });
    const child = execFile(
      process.execPath,
      [
        '--import',
        'tsx',
        cli,
        '-',
        '--hash-key-env',
        'ACME_KEY',
        '--merchant-id',
        MERCHANT,
        '--environment',
        'production',
        '--now',
        String(NOW),
      ],
      {
        cwd: projectRoot,
        env: { ...process.env, ACME_KEY: `${KEY}\n` },
      },
    );
    let out = '';
    child.stdout!.on('data', (chunk) => (out += chunk));
    child.stdin!.end(`${header}\n`);
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(code, 1, out);
    assert.match(out, /"mer_acme_staging", not the merchant id for production "mer_acme_production".*staging one/);
    assert.ok(!out.includes(KEY), out);
  });

  it('without the hash key, says what it could not check', async () => {
    const { code, out } = await runDoctor([good, '--now', String(NOW)]);
    assert.equal(code, 0, out);
    assert.match(out, /No mistake found in what could be checked without the hash key[\s\S]*Not checked:[\s\S]*signature was not checked/);
  });

  it('exits 2 on a usage error', async () => {
    for (const args of [
      [],
      [good, '--environment', 'dev'],
      [good, '--now', String(NOW * 1000)],
      [good, '--hash-key-env', 'NOT_SET_ANYWHERE'],
    ]) {
      const { code, out } = await runDoctor(args);
      assert.equal(code, 2, `${args.join(' ')}: ${out}`);
      assert.match(out, /Usage: prepaid-upgrade-token-doctor/);
    }
  });
});

describe('the hash key as given is the key judged', { concurrency: true }, () => {
  /** The key as a merchant's server reads it from a .env file or a secret store: with the line break after it. */
  const keyFromFile = () => {
    const folder = mkdtempSync(join(tmpdir(), 'doctor-key-'));
    writeFileSync(join(folder, 'hash-key'), `${KEY}\n`);
    const read = readFileSync(join(folder, 'hash-key'), 'utf8');
    rmSync(folder, { recursive: true, force: true });
    return read;
  };
  const keyOptions = ['--hash-key-env', 'ACME_KEY', '--merchant-id', MERCHANT, '--now', String(NOW)];

  it('never calls good a token signed with the key and its line break, which the service refuses', async () => {
    const key = keyFromFile();
    const header = token({ sig: hmac(`${CUSTOMER}|${TS}`, key) });
    const diagnosis = await diagnose(header, { hashKey: key });
    assert.equal(diagnosis.ok, false);
    assert.deepEqual(codes(diagnosis), ['given-hash-key-whitespace']);
    const { code, out } = await runDoctor([header, ...keyOptions], { ACME_KEY: key });
    assert.equal(code, 1, out);
    assert.match(out, /The hash key given has U\+000A at its end: the service's key has no whitespace around it/);
    assert.ok(!out.includes(KEY), out);
  });

  it('says what is wrong with the key, not that the signature is, for a token signed right', async () => {
    const key = keyFromFile();
    const diagnosis = await diagnose(good, { hashKey: key });
    assert.deepEqual(codes(diagnosis), ['given-hash-key-whitespace']);
    assert.match(diagnosis.summary, /The hash key given is not one the service could have/);
    const { code, out } = await runDoctor([good, ...keyOptions], { ACME_KEY: key });
    assert.equal(code, 1, out);
    assert.doesNotMatch(out, /signed-with-another-key/);
  });

  it('names a space or a byte order mark at the start of the key too', async () => {
    for (const [key, words] of [
      [` ${KEY}`, /U\+0020 at its start/],
      [`\uFEFF${KEY}`, /U\+FEFF at its start/],
    ] as const) {
      const diagnosis = await diagnose(good, { hashKey: key });
      assert.match(diagnosis.findings[0]!.message, words);
    }
  });
});

describe('the doctor on which customer id is signed', { concurrency: true }, () => {
  const signedFor = (customerId: string) => token({ sig_field: customerId, sig: hmac(`${customerId}|${TS}`) });

  for (const [what, customerId, code] of [
    ['an email', 'ada@example.com', 'customer-id-looks-like-email'],
    ['a row number, as a framework’s user key is', '1', 'customer-id-looks-like-a-row-number'],
  ] as const) {
    it(`warns about ${what} in sig_field, and still calls the token good, as the service may know it by that`, async () => {
      const diagnosis = await diagnose(signedFor(customerId));
      assert.equal(diagnosis.ok, true);
      assert.deepEqual(
        diagnosis.warnings.map((item) => item.code),
        [code],
      );
      assert.match(diagnosis.warnings[0]!.fix, /GET \/customers lists as customer_id/);
      const { code: exit, out } = await runDoctor([
        signedFor(customerId),
        '--hash-key',
        KEY,
        '--merchant-id',
        MERCHANT,
        '--now',
        String(NOW),
      ]);
      assert.equal(exit, 0, out);
      assert.match(out, new RegExp(`Warnings:[\\s\\S]*\\(${code}\\)`));
    });
  }

  it('warns about neither for an id of the service', async () => {
    assert.deepEqual((await diagnose(good)).warnings, []);
  });
});

describe('the doctor among the sandbox’s merchants', () => {
  it('names two sandbox merchants as such, and never calls the token one of the sandbox instead of the service', async () => {
    const merchants = [
      { publicId: 'mer_northwind', label: 'Northwind Roasters', hashKey: 'northwind-key' },
      { publicId: 'mer_bluebell', label: 'Bluebell Tea Co.', hashKey: 'bluebell-key' },
    ];
    const header = JSON.stringify({
      public_id: 'mer_bluebell',
      ts: TS,
      sig_field: CUSTOMER,
      sig: hmac(`${CUSTOMER}|${TS}`, 'bluebell-key'),
    });
    const diagnosis = await diagnoseStorefrontToken(header, { merchantPublicId: 'mer_northwind', knownMerchants: merchants, now: NOW });
    const named = diagnosis.findings.find((item) => item.code === 'other-merchant-id');
    assert.match(
      named!.message,
      /both are merchants of the sandbox, and this token is signed for mer_bluebell \(Bluebell Tea Co\.\), not for mer_northwind \(Northwind Roasters\)/,
    );
    assert.doesNotMatch(named!.message, /for the sandbox, not/);
  });
});

describe("the sandbox's 401 for a customer it does not know", () => {
  it('says which id to sign, and names its own customers', async () => {
    for (const customerId of ['1', 'ada@example.com']) {
      const header = await signStorefrontToken({
        merchantPublicId: SANDBOX_MERCHANT.publicId,
        customerId,
        hashKey: SANDBOX_MERCHANT.hashKey,
      });
      const response = await createSandbox().handle(
        new Request('https://sandbox.test/subscriptions/sub_coffee_ada/', { headers: { authorization: header } }),
      );
      assert.equal(response.status, 401);
      const { detail } = (await response.json()) as { detail: string };
      assert.match(detail, /sig_field names no customer of mer_northwind\. Sign the id the service knows the customer by/);
      assert.match(detail, /GET \/customers lists it as customer_id/);
      assert.match(detail, /customers of mer_northwind: cus_ada, cus_grace/);
    }
  });
});

describe("the sandbox's 401 says what the doctor says", () => {
  const now = Math.floor(Date.now() / 1000);
  const ada = 'cus_ada';
  const sandboxToken = (fields: Record<string, unknown>) =>
    JSON.stringify({ public_id: SANDBOX_MERCHANT.publicId, ts: now, sig_field: ada, ...fields });
  const key = SANDBOX_MERCHANT.hashKey;
  const cases: Array<[string, string, RegExp]> = [
    ['a hex digest', sandboxToken({ sig: hmac(`${ada}|${now}`, key, 'hex') }), /sig is a hex digest: .* base64 of the HMAC's bytes/],
    ['ts in milliseconds', sandboxToken({ ts: now * 1000, sig: hmac(`${ada}|${now * 1000}`, key) }), /ts looks like milliseconds/],
    ['the signed text swapped', sandboxToken({ sig: hmac(`${now}|${ada}`, key) }), /another order/],
    ['a line break at the end of the key', sandboxToken({ sig: hmac(`${ada}|${now}`, `${key}\n`) }), /hash key plus a line break/],
    ['URL-safe base64 without padding', sandboxToken({ sig: hmac(`${ada}|${now}`, key, 'base64url') }), /URL-safe base64|"=" padding/],
    ['an expired token', sandboxToken({ ts: now - 3 * 3600, sig: hmac(`${ada}|${now - 3 * 3600}`, key) }), /expired/],
    ['an unknown merchant', sandboxToken({ public_id: 'mer_acme', sig: hmac(`${ada}|${now}`, key) }), /unknown merchant \("mer_acme"\)/],
    ['a "Bearer " prefix', `Bearer ${sandboxToken({ sig: hmac(`${ada}|${now}`, key) })}`, /starts with "Bearer "/],
    ['another key', sandboxToken({ sig: hmac(`${ada}|${now}`, 'guess') }), /another key/],
  ];
  for (const [what, header, words] of cases) {
    it(`names ${what} in its detail to a developer on this machine, without the key`, async () => {
      const response = await createSandbox().handle(
        new Request('https://sandbox.test/subscriptions/sub_coffee_ada/', { headers: { authorization: header } }),
        { remoteAddress: '127.0.0.1' },
      );
      assert.equal(response.status, 401);
      const { detail } = (await response.json()) as { detail: string };
      assert.match(detail, words);
      assert.ok(!detail.includes(key), detail);
      assert.ok(detail.split(/[.!?](?:\s|$)/).filter(Boolean).length <= 3, detail);
    });
  }
});
