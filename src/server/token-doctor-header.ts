/**
 * The token doctor's first step. It reads the `authorization` header value as the JSON object it should be, and names
 * each wrapping that a merchant's server put around it. A wrapping may be a `Bearer ` prefix, URL or base64 encoding,
 * JSON stringified twice, single quotes, a JavaScript object literal, or the `og_auth` cookie's layout. The object
 * inside is still read, so that the doctor can go on to its fields and signature.
 */
import { finding, type TokenFinding } from './token-doctor-finding.js';

/** The header as read: the parsed value when one could be had, and each wrapping found on the way. */
export interface ReadHeader {
  value?: unknown;
  /** The `og_auth` cookie's three parts, when the header was the cookie's value rather than the JSON token. */
  cookie?: { customerId: string; ts: string; sig: string };
  findings: TokenFinding[];
}

const FIX_JSON = 'Send the JSON text itself, as signStorefrontToken returns it: {"public_id":"…","ts":…,"sig_field":"…","sig":"…"}.';

const tryJson = (text: string): { value: unknown } | undefined => {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
};

/** Decodes base64, in either alphabet and with or without padding, as text. Returns `undefined` when it cannot. */
function base64Text(text: string): string | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return undefined;
  const standard = text.replace(/=+$/, '').replaceAll('-', '+').replaceAll('_', '/');
  try {
    const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/**
 * Turns a JavaScript object literal, such as `{public_id: 'x', ts: 1}`, into JSON text. Returns `undefined` when the
 * text cannot be one.
 */
function literalAsJson(text: string): string | undefined {
  if (!/^\{\s*['"]?[A-Za-z_$][\w$]*['"]?\s*:/.test(text)) return undefined;
  return text
    .replace(/'((?:[^'\\]|\\.)*)'/g, (_, inner: string) => JSON.stringify(inner.replace(/\\'/g, "'")))
    .replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":')
    .replace(/,\s*}/g, '}');
}

/** Reads the header value. `merchantPublicId` completes a token given in the cookie's layout. */
export function readTokenHeader(header: string): ReadHeader {
  const findings: TokenFinding[] = [];
  // Someone may paste the whole header line. That is not a mistake in the token.
  let text = header.trim().replace(/^authorization\s*:\s*/i, '');
  if (text === '') {
    findings.push(finding('empty', '(root)', 'The authorization header is empty: no storefront token was sent.', FIX_JSON));
    return { findings };
  }
  // A header may be wrapped several times, such as base64 of a URL-encoded JSON text. Each layer is named once.
  for (let layer = 0; layer < 5; layer++) {
    const scheme = /^(bearer|token|basic|hmac|jwt)\s+/i.exec(text);
    if (scheme) {
      findings.push(
        finding(
          'bearer-prefix',
          '(root)',
          `The authorization header starts with "${scheme[1]} ": the storefront token is the JSON text alone, with no scheme before it.`,
          'Set the authorization header to the token JSON itself, without "Bearer " or any other prefix.',
        ),
      );
      text = text.slice(scheme[0].length).trim();
      continue;
    }
    const parsed = tryJson(text);
    if (parsed && typeof parsed.value === 'string') {
      findings.push(
        finding(
          'json-in-a-string',
          '(root)',
          'The authorization header is a JSON string that holds the token JSON: it was JSON-encoded twice.',
          'Encode the token once: send the text signStorefrontToken returns (or JSON.stringify the object once), not JSON.stringify of that text.',
        ),
      );
      text = parsed.value.trim();
      continue;
    }
    if (parsed) return { value: parsed.value, findings };
    if (/^eyJ[\w-]*\.[\w-]+\.[\w-]*$/.test(text)) {
      findings.push(
        finding(
          'jwt',
          '(root)',
          'The authorization header is a JWT: the storefront token is a JSON object signed with the hash key, not a JSON Web Token.',
          FIX_JSON,
        ),
      );
      return { findings };
    }
    if (/%[0-9A-Fa-f]{2}/.test(text)) {
      let decoded: string | undefined;
      try {
        decoded = decodeURIComponent(text.replaceAll('+', ' '));
      } catch {
        decoded = undefined;
      }
      if (decoded !== undefined && decoded !== text) {
        findings.push(
          finding(
            'url-encoded',
            '(root)',
            'The authorization header is URL-encoded (%7B, %22…): a header carries the token JSON as it is.',
            'Do not URL-encode the token: set the header to the JSON text, or decode it before setting the header.',
          ),
        );
        // A form's "+" is a space once decoded, but base64's "+" must stay. So only the % escapes are decoded.
        text = decodeURIComponent(text).trim();
        continue;
      }
    }
    const cookie = /^([^|{}"'\s]+)\|(\d+)\|([A-Za-z0-9+/=_-]+)$/.exec(text);
    if (cookie) {
      findings.push(
        finding(
          'og-auth-cookie',
          '(root)',
          'The authorization header is in the og_auth cookie\'s layout, "<customer id>|<ts>|<sig>": the header takes the JSON token, with the merchant\'s public_id.',
          'Build {"public_id":"<merchant public id>","ts":<ts>,"sig_field":"<customer id>","sig":"<sig>"} from the cookie, or give the widget merchant-id and let it read the cookie.',
        ),
      );
      return { cookie: { customerId: cookie[1]!, ts: cookie[2]!, sig: cookie[3]! }, findings };
    }
    const unwrapped = base64Text(text);
    if (unwrapped !== undefined && /^\s*[{"]/.test(unwrapped)) {
      findings.push(
        finding(
          'base64-wrapped',
          '(root)',
          'The authorization header is the token JSON encoded in base64: the header carries the JSON text itself.',
          'Do not base64-encode the token: set the header to the JSON text.',
        ),
      );
      text = unwrapped.trim();
      continue;
    }
    if (/^[\w.-]+=[^&]*(&[\w.-]+=[^&]*)+$/.test(text)) {
      findings.push(
        finding(
          'query-string',
          '(root)',
          'The authorization header is form or query parameters (public_id=…&ts=…): the token is a JSON object.',
          FIX_JSON,
        ),
      );
      return { value: Object.fromEntries(new URLSearchParams(text)), findings };
    }
    if (text.startsWith('{')) {
      const singleQuoted = tryJson(text.replaceAll("'", '"'));
      if (/^\{\s*'/.test(text) && singleQuoted) {
        findings.push(
          finding(
            'single-quotes',
            '(root)',
            "The authorization header uses single quotes ('public_id'): JSON takes double quotes only (a Python dict or PHP array printed rather than encoded?).",
            'Encode the token with a JSON encoder (JSON.stringify, json.dumps, json_encode) rather than building or printing it by hand.',
          ),
        );
        return { value: singleQuoted.value, findings };
      }
      const literal = literalAsJson(text);
      const asLiteral = literal === undefined ? undefined : tryJson(literal);
      if (asLiteral) {
        findings.push(
          finding(
            'object-literal',
            '(root)',
            'The authorization header is a JavaScript object literal (unquoted keys such as public_id:), not JSON.',
            'Send JSON.stringify(token), or the text signStorefrontToken returns, rather than the object written out by hand or by util.inspect.',
          ),
        );
        return { value: asLiteral.value, findings };
      }
    }
    break;
  }
  findings.push(
    finding(
      'not-json',
      '(root)',
      text.startsWith('{')
        ? 'The authorization header is not valid JSON: it starts as an object but does not parse (a missing quote, comma or brace, or an unescaped character?).'
        : 'The authorization header is not JSON: the storefront token is a JSON object.',
      FIX_JSON,
    ),
  );
  return { findings };
}
