/** How the sandbox words a refused request body, as the service does (docs/service.md#errors). */
import type { z } from 'zod';

/**
 * The body of a refused request, in the service's two shapes: `{"detail": "…"}`, or field errors with one list of
 * messages per field, such as `{"orders_per_billing": ["This field is required."]}`, as the service's validation sends
 * them.
 */
export type Refusal = { detail: string } | Record<string, string[]>;

/** A body checked on its own, before anything about the subscription is known. */
export type ParsedBody<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/**
 * The service's answer to a body that a schema refused, made from zod's issues, whose messages are the service's. Every
 * field in error is named with its messages. An issue that `isRuleAcrossFields` picks out is a rule that the service
 * checks only once every field is valid, and reports as a `detail`. So is a body that is not an object at all.
 */
export function refusalOf(
  issues: readonly z.core.$ZodIssue[],
  isRuleAcrossFields: (issue: z.core.$ZodIssue) => boolean = () => false,
): Refusal {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field !== undefined && !isRuleAcrossFields(issue)) (fieldErrors[String(field)] ??= []).push(issue.message);
  }
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : { detail: issues[0]!.message };
}

/** A rule's verdict on the subscription itself: the value, or the `detail` of the 400 that refuses it. */
export type Checked<T> = { ok: true; value: T } | { ok: false; detail: string };
