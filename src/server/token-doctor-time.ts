/**
 * The token doctor's checks of whom a token is for, and when. Its merchant is checked against the one expected, which
 * catches another environment's id, the sandbox's or an unknown one. Its `ts` is checked against the clock, which
 * catches a token that expired or is dated in the future.
 */
import { TOKEN_LIFETIME_SECONDS } from '../token.js';
import type { TokenFields } from './token-doctor-fields.js';
import { finding, type TokenFinding } from './token-doctor-finding.js';
import type { KnownMerchant } from './token-doctor-variants.js';

/** How far ahead a `ts` may be, for clocks that disagree a little. This is what `verifyStorefrontToken` allows. */
const CLOCK_SKEW_SECONDS = 300;

/** A length of time in words: `3 h 12 min`, `45 s`, `12 days`. */
export function duration(seconds: number): string {
  const s = Math.round(Math.abs(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  const minutes = Math.floor((s % 3600) / 60);
  if (s < 2 * 86400) return `${Math.floor(s / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
  if (s < 2 * 365 * 86400) return `${Math.floor(s / 86400)} days`;
  return `${Math.floor(s / (365.25 * 86400))} years`;
}

/** Whether an offset is a whole number of half hours, within 2 minutes, as a time zone's offset is. */
const looksLikeTimeZone = (seconds: number) => {
  const off = Math.abs(seconds) % 1800;
  return Math.abs(seconds) >= 3600 && Math.abs(seconds) <= 14 * 3600 && (off < 120 || off > 1680);
};

const ZONE_HINT = ' An offset of whole hours is often local time taken for UTC.';

/**
 * The findings of `ts`, as text, against `now`. There are none for a `ts` that is not plain seconds, because that
 * mistake is named already.
 */
export function timeFindings(ts: string | undefined, now: number): TokenFinding[] {
  if (ts === undefined || !/^\d{1,11}$/.test(ts)) return [];
  const age = now - Number(ts);
  if (age > TOKEN_LIFETIME_SECONDS) {
    const hint =
      age > 365 * 86400
        ? ' A ts that old is no Unix time in seconds (minutes, or a date written as digits?).'
        : looksLikeTimeZone(age)
          ? ZONE_HINT
          : '';
    return [
      finding(
        'expired',
        'ts',
        `The storefront token has expired: its ts is ${duration(age)} old, and a token is valid for 2 hours after its ts, so it expired ${duration(age - TOKEN_LIFETIME_SECONDS)} ago.${hint}`,
        "Sign a new token when the widget asks for one (auth-url or tokenProvider), with ts the current Unix time in seconds, and check the signing server's clock.",
      ),
    ];
  }
  if (-age > CLOCK_SKEW_SECONDS) {
    return [
      finding(
        'ts-in-future',
        'ts',
        `The storefront token's ts is ${duration(-age)} in the future, more than the 5 minutes of clock skew allowed: the signing server's clock is ahead, or it adds time to ts.${looksLikeTimeZone(age) ? ZONE_HINT : ''}`,
        "Set ts to the current Unix time in seconds (UTC) and keep the server's clock in sync (NTP); to shorten a token's life, set ts back, never forward.",
      ),
    ];
  }
  return [];
}

const otherEnvironment = (environment: string | undefined) =>
  environment === 'production' ? 'the staging one' : environment === 'staging' ? 'the production one' : "the other environment's";

const nameOf = (merchant: KnownMerchant) => `${merchant.publicId}${merchant.label ? ` (${merchant.label})` : ''}`;

/** The findings of the token's merchant against the one expected, or against the merchants the service knows. */
export function merchantFindings(
  { publicId, customerId }: TokenFields,
  options: { merchantPublicId?: string; environment?: string; knownMerchants?: KnownMerchant[]; knownMerchantsOnly?: boolean },
  notChecked: string[],
): TokenFinding[] {
  const { merchantPublicId: expected, environment, knownMerchants: known = [] } = options;
  if (publicId === undefined) return [];
  if (expected === undefined) {
    if (options.knownMerchantsOnly && !known.some((merchant) => merchant.publicId === publicId)) {
      return [
        finding(
          'unknown-merchant',
          'public_id',
          `The storefront token's public_id names an unknown merchant ("${publicId}"): it is not ${known.map((merchant) => merchant.publicId).join(' or ')}.`,
          `Sign with ${known.map((merchant) => merchant.publicId).join(' or ')} and its own hash key; a merchant id of the service's production or staging is not known here.`,
        ),
      ];
    }
    if (!options.knownMerchantsOnly)
      notChecked.push(
        'The merchant was not compared: give the merchant id the token must be for (merchantPublicId; --merchant-id on the command line).',
      );
    return [];
  }
  if (publicId === expected) return [];
  if (customerId === expected) {
    return [
      finding(
        'fields-swapped',
        'public_id',
        "The storefront token's public_id and sig_field are swapped: sig_field holds the merchant id.",
        'Put the merchant public id in public_id and the customer id in sig_field, and sign "<customer id>|<ts>".',
      ),
    ];
  }
  const env = environment ? ` for ${environment}` : '';
  const theirs = known.find((merchant) => merchant.publicId === publicId);
  const ours = known.find((merchant) => merchant.publicId === expected);
  const why =
    publicId.trim().toLowerCase() === expected.trim().toLowerCase()
      ? 'they differ only in case or spaces'
      : theirs && ours
        ? `both are merchants of the sandbox, and this token is signed for ${nameOf(theirs)}, not for ${nameOf(ours)}`
        : theirs
          ? `${nameOf(theirs)} is a merchant of the sandbox, so this token is for the sandbox, not ${environment ?? 'the service'}`
          : ours
            ? `${nameOf(ours)} is the sandbox's, and "${publicId}" is likely your own merchant id of production or staging, which the sandbox does not know`
            : `each environment (production, staging) gives a merchant its own id and hash key, so "${publicId}" is likely ${otherEnvironment(environment)}, or another store's`;
  return [
    finding(
      'other-merchant-id',
      'public_id',
      `The storefront token's public_id is "${publicId}", not the merchant id${env} "${expected}": ${why}.`,
      `Sign with "${expected}" and the hash key of that same environment${env}: the merchant id and the hash key come as a pair.`,
    ),
  ];
}
