/**
 * `prepaid-upgrade/server`: issues and checks storefront tokens on the merchant's server (`signer.ts`), and says in
 * plain words what is wrong with one the service refuses (`token-doctor.ts`).
 *
 * Runs wherever WebCrypto does (Node ≥ 20, Deno, Bun, edge runtimes): no Node-only module is imported. The hash key
 * stays on the server; the browser only ever receives the signed header value.
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
