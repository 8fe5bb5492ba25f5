/**
 * Types of `prepaid-upgrade/prepaid-upgrade.iife.js`, the classic script: it registers `<prepaid-upgrade>` and
 * leaves what the package exports on the global `PrepaidUpgrade` (`PrepaidUpgrade.PrepaidUpgradeReadyEvent`, …).
 */
import type * as PrepaidUpgradeExports from './index.js';

declare global {
  // A `var`: the classic script declares it with `var PrepaidUpgrade = …`.
  var PrepaidUpgrade: typeof PrepaidUpgradeExports;
}

export {};
