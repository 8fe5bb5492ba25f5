/** What the polite status region of the widget says. */
import type { IneligibleReason } from '../api/eligibility.js';
import type { ElementStrings } from '../i18n/strings.js';
import type { Shown } from './shown-state.js';

/** What an announcement is made of: what `deriveShown` says is shown, and what it says of. */
export interface AnnouncementFacts extends Pick<Shown, 'state' | 'loaded' | 'checking' | 'changing' | 'takesFocus' | 'finding'> {
  /** Why discovery found nothing to show, when it did not. */
  nothingFound?: IneligibleReason | undefined;
}

/**
 * What the polite status region says. It announces loading, a write that is sent or checked, and, on a page that has
 * just loaded, that a subscription is prepaid already or why it cannot be. Each is heard once: an outcome the customer
 * asked for takes focus, which reads it out, so the region says nothing of it (a success, a confirmed renewal change, a
 * refusal of what was done elsewhere, the outcome of a retry). An error has an alert of its own when it does not take
 * focus, and a form is read as the customer reaches it.
 */
export function announcement(t: ElementStrings, facts: AnnouncementFacts): string {
  const { state, loaded } = facts;
  if (state === 'loading') return facts.finding ? t.finding : t.loading;
  if (facts.checking) return t.checking(facts.changing ? 'renewal' : 'upgrade');
  if (state === 'submitting') return facts.changing ? t.savingChange : t.submitting;
  if (facts.takesFocus) return '';
  if (state === 'prepaid') return t.ineligible('already-prepaid', undefined);
  if (state !== 'ineligible') return '';
  // Ineligible with no subscription shown: the customer has none, or none of theirs can be prepaid.
  const reason = loaded && !loaded.eligibility.eligible ? loaded.eligibility.reason : (facts.nothingFound ?? 'none-upgradeable');
  return t.ineligible(reason, loaded?.product?.name ?? undefined);
}
