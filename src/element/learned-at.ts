/**
 * When something was learned of a subscription, in ms since the epoch, by the page's monotonic clock: what the widgets
 * of one subscription learn is ordered by it, on one page and across the store's tabs. Not `Date.now()`, which the
 * device's clock may set back or forth between two answers.
 */
export const learnedAt = (): number => performance.timeOrigin + performance.now();
