/**
 * The types of `prepaid-upgrade/prepaid-upgrade.iife.js`, the classic script. It registers `<prepaid-upgrade>`, and
 * puts what the package exports on the global `PrepaidUpgrade`, such as `PrepaidUpgrade.PrepaidUpgradeReadyEvent`.
 */
import type * as PrepaidUpgradeExports from './index.js';

declare global {
  // This is a `var`, because the classic script declares it with `var PrepaidUpgrade = …`.
  var PrepaidUpgrade: typeof PrepaidUpgradeExports;
}

export {};
