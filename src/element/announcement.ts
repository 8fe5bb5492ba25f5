/** What the polite status region of the widget says. */
import type { IneligibleReason } from '../api/eligibility.js';
import type { Subscription } from '../api/schemas.js';
import { renewalBehaviorOf } from '../api/subscription.js';
import type { WriteOutcome } from '../changes/write.js';
import type { ElementStrings } from '../i18n/strings.js';
import type { Loaded } from '../subscription/load-subscription.js';
import type { Shown } from './shown-state.js';

/**
 * What the polite status region says in each state: loading, a write sent and checked, success, a confirmed renewal
 * change, why a subscription cannot be upgraded, and that it was prepaid already, are announced. `shown`: what
 * `deriveShown` says; `renewal`: the outcome of the last renewal change; `finding`: without an id, the customer's
 * subscriptions are looked for.
 */
export function announcement(
  t: ElementStrings,
  shown: Pick<Shown, 'state' | 'checking' | 'changing' | 'alreadyPrepaid'>,
  loaded: Loaded | undefined,
  renewal: WriteOutcome<Subscription>,
  finding: boolean,
  nothingFound: IneligibleReason = 'none-upgradeable',
): string {
  const { state } = shown;
  if (state === 'loading') return finding ? t.finding : t.loading;
  if (shown.checking) return t.checking(shown.changing ? 'renewal' : 'upgrade');
  if (state === 'submitting') return shown.changing ? t.savingChange : t.submitting;
  if (state === 'success') return t.successHeading;
  const changed = renewal.status === 'success' && renewalBehaviorOf(renewal.value);
  if (changed) return t.renewalChanged(changed);
  if (shown.alreadyPrepaid) return t.failure('alreadyPrepaid', 'upgrade');
  if (state === 'prepaid') return t.ineligible('already-prepaid', undefined);
  if (state !== 'ineligible') return '';
  // Ineligible with nothing shown: the customer has no subscription, or none of theirs can be prepaid.
  const reason = loaded && !loaded.eligibility.eligible ? loaded.eligibility.reason : nothingFound;
  return t.ineligible(reason, loaded?.product?.name ?? undefined);
}
