/** What the polite status region of the widget says. */
import type { IneligibleReason } from '../api/eligibility.js';
import { renewalBehaviorOf } from '../api/subscription.js';
import type { ElementStrings } from '../i18n/strings.js';
import type { Shown } from './shown-state.js';

/** What an announcement is made of: what `deriveShown` says is shown, and what it says of. */
export interface AnnouncementFacts extends Pick<
  Shown,
  'state' | 'loaded' | 'checking' | 'changing' | 'changed' | 'alreadyPrepaid' | 'finding'
> {
  /** Why discovery found nothing to show, when it did not. */
  nothingFound?: IneligibleReason | undefined;
}

/**
 * What the polite status region says. It announces loading, a write that is sent or checked, a success, a confirmed
 * renewal change, why a subscription cannot be upgraded, and that it was prepaid already. In other states it says
 * nothing: an error has an alert of its own, and a form is read as the customer reaches it.
 */
export function announcement(t: ElementStrings, facts: AnnouncementFacts): string {
  const { state, loaded } = facts;
  if (state === 'loading') return facts.finding ? t.finding : t.loading;
  if (facts.checking) return t.checking(facts.changing ? 'renewal' : 'upgrade');
  if (state === 'submitting') return facts.changing ? t.savingChange : t.submitting;
  if (state === 'success') return t.successHeading;
  const changed = facts.changed && renewalBehaviorOf(facts.changed);
  if (changed) return t.renewalChanged(changed);
  if (facts.alreadyPrepaid) return t.failure('alreadyPrepaid', 'upgrade');
  if (state === 'prepaid') return t.ineligible('already-prepaid', undefined);
  if (state !== 'ineligible') return '';
  // Ineligible with no subscription shown: the customer has none, or none of theirs can be prepaid.
  const reason = loaded && !loaded.eligibility.eligible ? loaded.eligibility.reason : (facts.nothingFound ?? 'none-upgradeable');
  return t.ineligible(reason, loaded?.product?.name ?? undefined);
}
