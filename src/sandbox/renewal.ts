/** The rules of `PATCH /subscriptions/{id}/change_renewal_behavior/` (docs/service.md#renewal-behaviours). */
import { formatDateTime, isPrepaid, type RenewalBehavior, type Subscription } from './model.js';
import { refusalOf, type Checked, type ParsedBody } from './refusal.js';
import { RenewalChangeBodySchema } from './schemas.js';

/** The service's `detail` when the subscription has no prepaid orders whose end could behave otherwise. */
export const NOT_PREPAID = 'This subscription is not prepaid';

/** Checks the body on its own. `renewal_behavior` is required, and must be one of the three. */
export function parseRenewalChange(body: unknown): ParsedBody<RenewalBehavior> {
  const parsed = RenewalChangeBodySchema.safeParse(body);
  return parsed.success ? { ok: true, value: parsed.data.renewal_behavior } : { ok: false, refusal: refusalOf(parsed.error.issues) };
}

/** The subscription with a change to what happens when its prepaid orders run out. Nothing else about it changes. */
export function withRenewalBehavior(subscription: Subscription, renewalBehavior: RenewalBehavior, nowMs: number): Checked<Subscription> {
  const context = subscription.prepaid_subscription_context;
  if (!context || !isPrepaid(subscription)) return { ok: false, detail: NOT_PREPAID };
  return {
    ok: true,
    value: {
      ...subscription,
      updated: formatDateTime(nowMs),
      prepaid_subscription_context: { ...context, renewal_behavior: renewalBehavior },
    },
  };
}
