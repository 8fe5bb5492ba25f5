// The browsers the widget supports, once: package.json's `browserslist` (docs/browser-support.md), read with
// browserslist and reduced to the oldest supported version of each browser, under the browser ids of MDN's
// browser-compat-data and web-features. The build targets the same list (vite.config.ts); the script lint
// (eslint.config.js) compares features with these versions, and test/node/css-support.test.ts holds the CSS lint's
// Baseline year and named exceptions (stylelint.config.mjs) to them.
import browserslist from 'browserslist';
import { fileURLToPath } from 'node:url';

/** browserslist's names of the supported browsers, as compat-data browser ids, in the order messages list them. */
const BROWSERSLIST_TO_COMPAT_ID = {
  chrome: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  safari: 'safari',
  ios_saf: 'safari_ios',
  and_chr: 'chrome_android',
  and_ff: 'firefox_android',
};

/** Negative, zero or positive as dotted version `a` is older than, the same as or newer than `b`. */
export function compareVersions(a, b) {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * `{ chrome: '109', safari_ios: '16.4', … }`: the oldest version of each supported browser. `mobileToDesktop`:
 * browserslist's data knows only the latest Chrome and Firefox for Android, so `and_chr >= 109` would otherwise mean
 * that latest version and nothing older.
 */
export function minimumVersions(path = fileURLToPath(new URL('..', import.meta.url))) {
  const minimums = {};
  for (const entry of browserslist(undefined, { path, mobileToDesktop: true })) {
    const [name, range] = entry.split(' ');
    const id = BROWSERSLIST_TO_COMPAT_ID[name];
    if (id === undefined) throw new Error(`browserslist names ${name}, which tools/browser-targets.js does not map`);
    // A range such as "16.6-16.7" starts at its first version.
    const version = range.split('-')[0];
    if (minimums[id] === undefined || compareVersions(version, minimums[id]) < 0) minimums[id] = version;
  }
  return Object.fromEntries(
    Object.values(BROWSERSLIST_TO_COMPAT_ID).flatMap((id) => (minimums[id] === undefined ? [] : [[id, minimums[id]]])),
  );
}

/**
 * The supported browsers whose oldest version lacks what a web-features `support` describes (the version each browser
 * added it in; `≤79` counts as 79, its latest possible; no version, no support), in the order of `minimums`.
 */
export function browsersLacking(support, minimums = minimumVersions()) {
  const has = (added, minimum) => typeof added === 'string' && /^≤?\d/.test(added) && compareVersions(added.replace('≤', ''), minimum) <= 0;
  return Object.entries(minimums)
    .filter(([browser, minimum]) => !has(support[browser], minimum))
    .map(([browser]) => browser);
}

/**
 * The ids of the web-features that every supported version has (web-features' `status.support`). The script lint
 * allows these whatever year they became Baseline: the Baseline year alone only stands in for "every supported
 * browser has it".
 */
export function featuresOfEveryTarget(features, minimums = minimumVersions()) {
  return Object.entries(features)
    .filter(([, feature]) => {
      const support = feature.status?.support;
      return support && browsersLacking(support, minimums).length === 0;
    })
    .map(([id]) => id);
}
