/**
 * The token doctor. It says in plain words what is wrong with a storefront token, and how to fix it. It is for the
 * merchant who writes the signing code in their own language and meets a 401.
 *
 * It reads the header as the service does, and names each mistake in the wrapping, the fields, `ts` and `sig`. With the
 * hash key, it finds how a wrong signature was made by making the known mistakes again (`token-doctor-search.ts`). The
 * `prepaid-upgrade-token-doctor` command and the sandbox's 401 `detail` only put into words what this returns. It never
 * repeats the hash key or the signature.
 */
import { TOKEN_LIFETIME_SECONDS } from '../token.js';
import { verifyStorefrontToken, type VerifyRefusal } from './signer.js';
import { readTokenFields, type TokenFields } from './token-doctor-fields.js';
import { finding, type TokenDoctorCode, type TokenFinding } from './token-doctor-finding.js';
import { readTokenHeader } from './token-doctor-header.js';
import { searchSignature } from './token-doctor-search.js';
import { sigDecodings, sigShapeFindings } from './token-doctor-sig.js';
import { customerIdWarnings } from './token-doctor-fields.js';
import { givenKeyFinding, keyVariants, type KnownMerchant } from './token-doctor-variants.js';
import { duration, merchantFindings, timeFindings } from './token-doctor-time.js';

export type { TokenDoctorCode, TokenFinding, KnownMerchant };

export interface DiagnoseStorefrontTokenOptions {
  /** The merchant's hash key. Without it, the signature is not checked, and the diagnosis says so. */
  hashKey?: string;
  /** The public id of the merchant that the token must be for. */
  merchantPublicId?: string;
  /** The environment that `merchantPublicId` and `hashKey` belong to, for the wording of a mismatch. */
  environment?: 'production' | 'staging';
  /** The Unix time in seconds to judge `ts` by. Defaults to now. */
  now?: number;
  /**
   * Other known merchants, such as the sandbox's demo merchants. They are named when the token is theirs, and their
   * keys are tried.
   */
  knownMerchants?: KnownMerchant[];
  /**
   * The caller is the service, and `knownMerchants` are all the merchants it knows. A `public_id` not among them is
   * unknown.
   */
  knownMerchantsOnly?: boolean;
}

export interface TokenDiagnosis {
  /**
   * Whether no mistake was found. With the hash key, the token is then good. Without it, the token is good as far as
   * could be checked.
   */
  ok: boolean;
  /** Each mistake, with the likeliest cause of the 401 first. */
  findings: TokenFinding[];
  /** What could not be checked, and why, one sentence each. */
  notChecked: string[];
  /**
   * What the service may well accept, but is often a mistake: a `sig_field` that looks like an email or a row number
   * rather than the id the service knows the customer by. They leave `ok` as it is.
   */
  warnings: TokenFinding[];
  /** Whether the signature was found to be right with the hash key. */
  signatureVerified: boolean;
  /**
   * What the token says, as far as it could be read: for whom it is, when it was signed, and until when it is valid, in
   * Unix seconds.
   */
  token?: { merchantPublicId?: string; customerId?: string; trustLevel?: string; ts?: number; expiresAt?: number };
  /** The verdict, in one sentence. */
  summary: string;
}

const ANOTHER_KEY = finding(
  'signed-with-another-key',
  'sig',
  "The storefront token's sig is not made with the merchant's hash key over any text tried: it is signed with another key (the other environment's, another merchant's, or a mistyped one), or over a text other than the token's own fields, such as sig_field holding an email while the id was signed, which the token cannot tell.",
  'Sign with this merchant\'s hash key, base64(HMAC-SHA256(hash key, "<sig_field>|<ts>")), over the very sig_field and ts the token carries.',
);

/**
 * The key to check the signature with: the one given, or the key of the token's merchant among those that the service
 * knows.
 */
function keyFor(fields: TokenFields, options: DiagnoseStorefrontTokenOptions): string | undefined {
  if (options.hashKey) return options.hashKey;
  if (!options.knownMerchantsOnly) return undefined;
  return options.knownMerchants?.find((merchant) => merchant.publicId === fields.publicId)?.hashKey;
}

/** The signature's findings, and whether it is right with `hashKey`. */
async function signatureFindings(
  fields: TokenFields,
  hashKey: string | undefined,
  options: DiagnoseStorefrontTokenOptions,
  notChecked: string[],
): Promise<{ findings: TokenFinding[]; verified: boolean }> {
  const { sig, ts, customerId } = fields;
  if (sig === undefined) return { findings: [], verified: false };
  const readings = sigDecodings(sig);
  const shape = sigShapeFindings(sig, readings);
  const known = options.knownMerchants ?? [];
  if (!hashKey && !(options.knownMerchantsOnly && known.some((merchant) => merchant.hashKey !== undefined))) {
    notChecked.push(
      'The signature was not checked: give the hash key (hashKey; --hash-key or --hash-key-env on the command line) to check it and to find which mistake made it wrong.',
    );
    return { findings: shape, verified: false };
  }
  // Only a sig with a digest's length can be an HMAC made some other way. A sig of any other length is named by its
  // shape.
  if (!readings.some((reading) => [20, 32, 48, 64].includes(reading.bytes.length))) return { findings: shape, verified: false };
  if (ts === undefined || customerId === undefined) {
    notChecked.push('The signature was not checked: the token lacks the ts or the sig_field it is made over.');
    return { findings: shape, verified: false };
  }
  const keys = keyVariants(hashKey, known, fields.publicId);
  const match = await searchSignature({ ...fields, ts, customerId, sig }, readings, keys);
  if (!match) return { findings: [...shape, ANOTHER_KEY], verified: false };
  return { findings: match.mistakes, verified: Boolean(hashKey) && match.mistakes.length === 0 };
}

/** The refusal of `verifyStorefrontToken` as a finding, for a mistake that the doctor's own checks did not name. */
function refusalFinding({ reason, field, message }: VerifyRefusal): TokenFinding {
  const codes: Record<VerifyRefusal['reason'], TokenDoctorCode> = {
    malformed: field === '(root)' ? 'not-json' : 'wrong-type',
    'other-merchant': 'other-merchant-id',
    'unknown-merchant': 'unknown-merchant',
    'bad-signature': 'signed-with-another-key',
    'ts-in-milliseconds': 'ts-milliseconds',
    expired: 'expired',
    'not-yet-valid': 'ts-in-future',
  };
  return finding(codes[reason], field, `The storefront token is refused: ${message}.`, 'See docs/token-endpoint.md for the token format.');
}

const isoTime = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** Diagnoses a storefront `authorization` header value: every mistake found, what was not checked, and the verdict. */
export async function diagnoseStorefrontToken(header: string, options: DiagnoseStorefrontTokenOptions = {}): Promise<TokenDiagnosis> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const notChecked: string[] = [];
  const read = readTokenHeader(header);
  const findings = [...read.findings];
  let fields: TokenFields = {};
  let verified = false;
  let hashKey = options.hashKey;
  // The key as given is the key judged. Whitespace around it is named first, as no token checked with it means much.
  const givenKey = givenKeyFinding(options.hashKey);
  if (givenKey) findings.push(givenKey);
  if (read.value !== undefined || read.cookie) {
    const readFields = readTokenFields(read.value, read.cookie, options.merchantPublicId);
    fields = readFields.fields;
    findings.push(...readFields.findings);
    if (read.cookie && options.merchantPublicId === undefined) {
      notChecked.push(
        "The merchant was not checked: the cookie's layout has no public_id, and no merchant id was given (merchantPublicId; --merchant-id on the command line).",
      );
    }
    findings.push(...merchantFindings(fields, options, notChecked));
    findings.push(...timeFindings(fields.ts, now));
    hashKey = keyFor(fields, options);
    const signature = await signatureFindings(fields, hashKey, options, notChecked);
    findings.push(...signature.findings);
    verified = signature.verified;
  }
  // The verifier has the last word, with the key as given. The doctor names mistakes, but a token that the verifier
  // accepts is good, unless the key itself is not one the service could have.
  if (hashKey) {
    const verdict = await verifyStorefrontToken(header, { hashKey, merchantPublicId: options.merchantPublicId, now });
    if (verdict.valid) findings.splice(0, Infinity, ...(givenKey ? [givenKey] : []));
    else if (findings.length === 0) findings.push(refusalFinding(verdict));
  }
  const unique = findings.filter((item, i) => findings.findIndex((other) => other.code === item.code && other.field === item.field) === i);
  const ts = fields.ts !== undefined && /^\d{1,11}$/.test(fields.ts) ? Number(fields.ts) : undefined;
  const token: TokenDiagnosis['token'] = {};
  if (fields.publicId !== undefined) token.merchantPublicId = fields.publicId;
  if (fields.customerId !== undefined) token.customerId = fields.customerId;
  if (fields.trustLevel !== undefined) token.trustLevel = fields.trustLevel;
  if (ts !== undefined) Object.assign(token, { ts, expiresAt: ts + TOKEN_LIFETIME_SECONDS });
  return {
    ok: unique.length === 0,
    findings: unique,
    notChecked,
    warnings: customerIdWarnings(fields.customerId),
    signatureVerified: verified && unique.length === 0,
    token,
    summary: summarize(unique, token, now, verified),
  };
}

function summarize(findings: TokenFinding[], token: NonNullable<TokenDiagnosis['token']>, now: number, verified: boolean): string {
  if (findings.length === 1 && findings[0]!.code === 'given-hash-key-whitespace')
    return 'The hash key given is not one the service could have: it has whitespace around it. Check again with the key as the account shows it.';
  if (findings.length > 0) {
    return `${findings.length === 1 ? 'One mistake' : `${findings.length} mistakes`} in this storefront token: the service would answer 401.`;
  }
  const whom = `merchant ${token.merchantPublicId}, customer ${token.customerId}${token.trustLevel ? `, trust level ${token.trustLevel}` : ''}`;
  const until =
    token.expiresAt === undefined ? '' : `, valid until ${isoTime(token.expiresAt)} (${duration(token.expiresAt - now)} from now)`;
  return verified
    ? `The storefront token is good: ${whom}, signed at ${isoTime(token.ts!)}${until}.`
    : `No mistake found in what could be checked without the hash key: ${whom}${until}.`;
}
