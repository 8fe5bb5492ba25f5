/**
 * When things were true, on the page's monotonic clock, in ms since the epoch. `Date.now()` is not used, because the
 * device's clock may be set back or forth between two answers. These times order what the widgets of one subscription
 * read and learn, on one page and across the store's tabs, whose pages all count from the same epoch.
 */
export const learnedAt = (): number => performance.timeOrigin + performance.now();
