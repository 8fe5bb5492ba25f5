/**
 * The token doctor's second step: the token's fields. Each field is named when it is missing, misnamed or of the wrong
 * type, or when it holds a character that no signed field may hold. What can still be read of each field is kept for
 * the later steps.
 */
import { finding, type TokenFinding } from './token-doctor-finding.js';

/**
 * The fields as far as they could be read, each as the text that the service would sign. A number is kept as its
 * decimal text.
 */
export interface TokenFields {
  publicId?: string;
  ts?: string;
  customerId?: string;
  sig?: string;
  trustLevel?: string;
}

type Field = 'public_id' | 'ts' | 'sig_field' | 'sig' | 'trust_level';

/** Other names that merchants' code gives the fields. They are compared without case, `_` or `-`. */
const OTHER_NAMES: Record<Field, string[]> = {
  public_id: ['publicid', 'merchantid', 'merchantpublicid', 'merchant', 'mid'],
  ts: ['timestamp', 'time', 'iat', 'tsms', 'date'],
  sig_field: ['sigfield', 'customerid', 'customer', 'cid', 'userid', 'user', 'email', 'sigfields'],
  sig: ['signature', 'hmac', 'hash', 'sign', 'digest'],
  trust_level: ['trustlevel', 'trust'],
};

const squash = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

/**
 * The value of `field` in `token`, under its own name or under another one, which is reported. `undefined` when there
 * is none.
 */
function lookUp(token: Record<string, unknown>, field: Field, findings: TokenFinding[]): unknown {
  if (field in token) return token[field];
  const other = Object.keys(token).find((key) => squash(key) === squash(field) || OTHER_NAMES[field].includes(squash(key)));
  if (other === undefined) {
    if (field !== 'trust_level') {
      findings.push(
        finding(
          'missing-field',
          field,
          `The storefront token has no ${field}: it needs public_id, ts, sig_field and sig.`,
          `Add "${field}" to the token, under exactly that name.`,
        ),
      );
    }
    return undefined;
  }
  findings.push(
    finding(
      'misnamed-field',
      field,
      `The storefront token has "${other}" where the field is named ${field}: the service reads ${field} only.`,
      `Rename "${other}" to "${field}".`,
    ),
  );
  return token[other];
}

/** What keeps `text` from being a signed field, as a finding, or `undefined`. */
function characterProblem(field: Field, text: string): TokenFinding | undefined {
  const bad = /[|\p{Cc}]/u.exec(text)?.[0];
  if (bad === undefined) return undefined;
  if (bad === '|') {
    return finding(
      'separator-in-field',
      field,
      `The storefront token's ${field} contains "|", which separates the fields of the signed text, so the service refuses it.`,
      `Sign another id that has no "|" (the service's own customer id, say) as ${field === 'public_id' ? 'public_id' : 'sig_field'}.`,
    );
  }
  const code = `U+${bad.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  const where = text.endsWith(bad) ? ' at its end' : text.startsWith(bad) ? ' at its start' : '';
  const name = bad === '\n' || bad === '\r' ? `a line break (${code})` : bad === '\t' ? `a tab (${code})` : `a control character (${code})`;
  return finding(
    'control-character-in-field',
    field,
    `The storefront token's ${field} contains ${name}${where}, which no signed field may hold.`,
    `Trim the ${field === 'sig_field' ? 'customer id' : field} before signing it (a value read from a file or a form keeps its line break).`,
  );
}

/**
 * Reads a field that must be a non-empty string. Returns its text, or `undefined` with a finding. A number is read as
 * its text.
 */
function stringField(field: Field, value: unknown, findings: TokenFinding[]): string | undefined {
  if (value === undefined) return undefined;
  if (value === '') {
    findings.push(finding('empty-field', field, `The storefront token's ${field} is empty.`, `Give ${field} its value.`));
    return undefined;
  }
  if (typeof value === 'string') {
    const problem = field === 'sig' ? undefined : characterProblem(field, value);
    if (problem) findings.push(problem);
    return value;
  }
  const asText = typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  findings.push(
    finding(
      'wrong-type',
      field,
      `The storefront token's ${field} is ${kindOf(value)}, not a string.`,
      field === 'trust_level' && value === null
        ? 'Leave trust_level out of the token when there is none, rather than sending null.'
        : asText === undefined
          ? `Send ${field} as a JSON string.`
          : `Send ${field} as the string "${asText}": the service reads it as text.`,
    ),
  );
  return asText;
}

/** `ts` as the text that the service would sign, or `undefined`. Each problem with its form is a finding. */
function tsField(value: unknown, findings: TokenFinding[]): string | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : undefined;
  if (text !== undefined && /^\d+$/.test(text)) {
    const units =
      text.length === 13 ? 'milliseconds' : text.length === 16 ? 'microseconds' : text.length === 19 ? 'nanoseconds' : undefined;
    if (units) {
      findings.push(
        finding(
          units === 'milliseconds' ? 'ts-milliseconds' : units === 'microseconds' ? 'ts-microseconds' : 'ts-nanoseconds',
          'ts',
          `The storefront token's ts looks like ${units} (${text.length} digits${typeof value === 'string' ? ', as a string' : ''}): it must be Unix seconds (10 digits).`,
          units === 'milliseconds'
            ? 'Sign with Math.floor(Date.now() / 1000) (int(time.time()) in Python, time() in PHP), not Date.now().'
            : `Divide by ${units === 'microseconds' ? '1,000,000' : '1,000,000,000'} and round down: ts is whole Unix seconds.`,
        ),
      );
    }
    return text;
  }
  const fraction = text !== undefined && /^\d+\.\d+$/.test(text);
  const date = typeof value === 'string' && !fraction && !Number.isNaN(Date.parse(value));
  findings.push(
    finding(
      fraction ? 'ts-not-whole-seconds' : text === undefined ? 'wrong-type' : 'ts-not-whole-seconds',
      'ts',
      fraction
        ? "The storefront token's ts has a fraction of a second: it must be whole Unix seconds."
        : date
          ? "The storefront token's ts is a date text: it must be Unix seconds, a number such as 1767225600."
          : text === undefined
            ? `The storefront token's ts is ${kindOf(value)}: it must be whole Unix seconds, a number or a string of digits.`
            : "The storefront token's ts is not whole Unix seconds: a number or a string of digits only (no sign, point, exponent or spaces).",
      'Sign with Math.floor(Date.now() / 1000) (int(time.time()) in Python, time() in PHP) and send that same number.',
    ),
  );
  return text;
}

/** Reads the fields of a parsed token, or of the cookie's three parts completed with `merchantPublicId`. */
export function readTokenFields(
  value: unknown,
  cookie: { customerId: string; ts: string; sig: string } | undefined,
  merchantPublicId: string | undefined,
): { fields: TokenFields; findings: TokenFinding[] } {
  const findings: TokenFinding[] = [];
  if (cookie) {
    const fields: TokenFields = { ts: tsField(cookie.ts, findings), customerId: cookie.customerId, sig: cookie.sig };
    if (merchantPublicId !== undefined) fields.publicId = merchantPublicId;
    return { fields, findings };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    findings.push(
      finding(
        'not-an-object',
        '(root)',
        `The authorization header is JSON, but ${kindOf(value)} rather than an object with public_id, ts, sig_field and sig.`,
        'Send one JSON object: {"public_id":"…","ts":…,"sig_field":"…","sig":"…"}.',
      ),
    );
    return { fields: {}, findings };
  }
  const token = value as Record<string, unknown>;
  const fields: TokenFields = {
    publicId: stringField('public_id', lookUp(token, 'public_id', findings), findings),
    ts: tsField(lookUp(token, 'ts', findings), findings),
    customerId: stringField('sig_field', lookUp(token, 'sig_field', findings), findings),
    sig: stringField('sig', lookUp(token, 'sig', findings), findings),
    trustLevel: stringField('trust_level', lookUp(token, 'trust_level', findings), findings),
  };
  return { fields, findings };
}

/**
 * What a `sig_field` may be instead of the id the service knows the customer by: the id under which the store's
 * integration created the customer in the service, which `GET /customers` lists as `customer_id`. An email or a small
 * number (a framework's row id, "1" on a new project) is often what a snippet signs by default. The service may know
 * customers by either, so these are warnings, never mistakes.
 */
export function customerIdWarnings(customerId: string | undefined): TokenFinding[] {
  const fix =
    "Sign the id the service knows the customer by: the one your integration created the customer under, which the service's GET /customers lists as customer_id (on most platforms, the platform's own customer id).";
  if (customerId === undefined) return [];
  if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(customerId))
    return [
      finding(
        'customer-id-looks-like-email',
        'sig_field',
        "The storefront token's sig_field looks like an email address: the service knows a customer by the id it was created under, which is seldom the email.",
        fix,
      ),
    ];
  if (/^\d{1,6}$/.test(customerId))
    return [
      finding(
        'customer-id-looks-like-a-row-number',
        'sig_field',
        `The storefront token's sig_field is a small number (${customerId}), as a framework's user key is ("1" on a new project): the service knows a customer by the id it was created under.`,
        fix,
      ),
    ];
  return [];
}
