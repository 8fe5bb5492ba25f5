// The browsers the widget supports, once: package.json's `browserslist` (the README's browser table), read with
// browserslist and reduced to the oldest supported version of each engine, under the browser ids that MDN's
// browser-compat-data and web-features use. The build targets the same list (vite.config.ts); the script lint
// (eslint.config.js) and the CSS check (tools/check-css-support.ts) compare features with these versions.
import browserslist from 'browserslist';
import { fileURLToPath } from 'node:url';

const BROWSERSLIST_TO_COMPAT_ID = {
  chrome: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  safari: 'safari',
  ios_saf: 'safari_ios',
  and_chr: 'chrome_android',
  and_ff: 'firefox_android',
};

/** `{ chrome: 109, safari_ios: 16.4, … }`: the oldest version of each supported browser. */
export function minimumVersions(path = fileURLToPath(new URL('..', import.meta.url))) {
  const minimums = {};
  for (const entry of browserslist(undefined, { path })) {
    const [name, version] = entry.split(' ');
    const id = BROWSERSLIST_TO_COMPAT_ID[name];
    if (id === undefined) throw new Error(`browserslist names ${name}, which tools/browser-targets.js does not map`);
    // A range such as "16.6-16.7" starts at its first version.
    const number = Number.parseFloat(version.split('-')[0]);
    minimums[id] = Math.min(minimums[id] ?? Infinity, number);
  }
  return minimums;
}

/**
 * Whether a compat version (`"16.4"`, `"≤79"`, `"preview"`, `false`) is at or below `minimum`. A `≤` range counts
 * as its upper end, the latest version it may have come in.
 */
export function supportedSince(version, minimum) {
  if (typeof version !== 'string' || !/^≤?\d/.test(version)) return false;
  return Number.parseFloat(version.replace('≤', '')) <= minimum;
}

/**
 * The ids of the web-features that every supported browser has: the script lint allows these whatever year they
 * became Baseline (the Baseline year alone is only a stand-in for "every supported browser has it").
 */
export function featuresOfEveryTarget(features, minimums = minimumVersions()) {
  return Object.entries(features)
    .filter(([, feature]) => {
      const support = feature.status?.support;
      return support && Object.entries(minimums).every(([browser, minimum]) => supportedSince(support[browser], minimum));
    })
    .map(([id]) => id);
}
