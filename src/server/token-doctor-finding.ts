/** What the token doctor says about a mistake: its code, the field it is about, the mistake and its fix. */

/** Every mistake the doctor can name (docs/token-endpoint.md#when-the-service-answers-401). */
export type TokenDoctorCode =
  | 'empty'
  | 'bearer-prefix'
  | 'url-encoded'
  | 'base64-wrapped'
  | 'json-in-a-string'
  | 'single-quotes'
  | 'object-literal'
  | 'query-string'
  | 'jwt'
  | 'og-auth-cookie'
  | 'not-json'
  | 'not-an-object'
  | 'missing-field'
  | 'misnamed-field'
  | 'wrong-type'
  | 'empty-field'
  | 'separator-in-field'
  | 'control-character-in-field'
  | 'fields-swapped'
  | 'other-merchant-id'
  | 'unknown-merchant'
  | 'ts-not-whole-seconds'
  | 'ts-milliseconds'
  | 'ts-microseconds'
  | 'ts-nanoseconds'
  | 'expired'
  | 'ts-in-future'
  | 'sig-hex'
  | 'sig-base64-of-hex'
  | 'sig-base64url'
  | 'sig-missing-padding'
  | 'sig-whitespace'
  | 'sig-plus-as-space'
  | 'sig-not-base64'
  | 'sig-wrong-length'
  | 'sig-wrong-hash'
  | 'sig-not-hmac'
  | 'signed-text-order'
  | 'trust-level-misplaced'
  | 'trust-level-not-signed'
  | 'signed-public-id'
  | 'signed-public-id-too'
  | 'signed-other-separator'
  | 'signed-text-newline'
  | 'signed-json'
  | 'ts-text-differs'
  | 'field-text-differs'
  | 'key-and-text-swapped'
  | 'hash-key-trailing-newline'
  | 'hash-key-whitespace'
  | 'given-hash-key-whitespace'
  | 'customer-id-looks-like-email'
  | 'customer-id-looks-like-a-row-number'
  | 'hash-key-decoded'
  | 'other-merchant-key'
  | 'signed-with-another-key';

/**
 * One mistake: its code, the token field it is about, what is wrong, and the fix. The field `(root)` stands for the
 * header as a whole.
 */
export interface TokenFinding {
  code: TokenDoctorCode;
  field: 'public_id' | 'ts' | 'sig_field' | 'sig' | 'trust_level' | '(root)';
  /** One sentence that names the mistake. It never holds the hash key or the signature. */
  message: string;
  /** One sentence that says what to change on the merchant's server. */
  fix: string;
}

export const finding = (code: TokenDoctorCode, field: TokenFinding['field'], message: string, fix: string): TokenFinding => ({
  code,
  field,
  message,
  fix,
});
