/** What the widget must stay within, as measured by bench/bench.ts and checked by test/bench/budgets.test.ts. */
export const BUDGETS = {
  /**
   * dist/prepaid-upgrade.js, brotli at quality 11, with Lit, @lit/task, the answer checker and the English texts
   * inside: what every customer of every store downloads. Discovery's own code is not in it (see the next budget).
   * dist/prepaid-upgrade.iife.js, the same code as a classic script, is held to it too.
   */
  scriptBundleBrotliBytes: 20_000,
  /**
   * Of that, our own code: the bundle without Lit and @lit/task (bench/bundle-parts.ts). A feature is weighed here,
   * against what we wrote, not against the libraries' share.
   */
  ownCodeBrotliBytes: 14_800,
  /** dist/discovery.js, which only a widget without subscription-id fetches: the listing, the sorting and the picker. */
  discoveryChunkBrotliBytes: 3_000,
  /**
   * Ready two round trips after the script (DESIGN.md §9): the subscription, then its product and its next order side
   * by side, nothing else. A round trip is a request that waits on an answer (bench/ready-requests.ts).
   */
  requestsBeforeReady: 3,
  roundTripsBeforeReady: 2,
  /** ...and the upgrade itself. */
  requestsBeforeSuccess: 4,
  /** No task on the main thread longer than this while widgets mount, render and upgrade, in the quietest first visit. */
  longestTaskMs: 50,
  /** Lighthouse's accessibility score of each audited page of the demo store, widgets ready (bench/audit.ts). */
  lighthouseAccessibility: 100,
  /** ...and its best-practices score. */
  lighthouseBestPractices: 100,
  /** Heap growth over 1,000 mount/unmount cycles. */
  heapGrowthBytes: 1_000_000,
} as const;
