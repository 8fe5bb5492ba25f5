/**
 * `prepaid-upgrade/server` issues and checks storefront tokens on the merchant's server (`signer.ts`). It also says in
 * plain words what is wrong with a token that the service refuses (`token-doctor.ts`).
 *
 * It runs wherever WebCrypto does: Node ≥ 20, Deno, Bun and edge runtimes. No Node-only module is imported. The hash
 * key stays on the server, and the browser only ever receives the signed header value.
 */
export * from './signer.js';
export {
  diagnoseStorefrontToken,
  type DiagnoseStorefrontTokenOptions,
  type KnownMerchant,
  type TokenDiagnosis,
  type TokenDoctorCode,
  type TokenFinding,
} from './token-doctor.js';
