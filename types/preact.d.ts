/**
 * Preact types of <prepaid-upgrade>: its attributes, properties and events in Preact's JSX.
 *
 * Use: import it once in a file of the app, `import type {} from 'prepaid-upgrade/types/preact';` (or list
 * `prepaid-upgrade/types/preact` in tsconfig.json's `compilerOptions.types`).
 *
 * Preact sets a prop as the element's property when the element has one by that name (`tokenProvider`, `timeout`), as
 * an attribute otherwise (`subscription-id`, whose value is text), and listens to what follows `on`
 * (`onprepaid-upgrade-success`). The props are @wc-toolkit/jsx-types' (dist/types/jsx.d.ts, generated from
 * custom-elements.json by the build), with Preact's own for any element (`ref` and `key` included).
 */
import type { HTMLAttributes } from 'preact';
import type { PrepaidUpgrade } from '../dist/lib/index.js';
import type { PrepaidUpgradeProps } from '../dist/types/jsx.js';

/** The props of <prepaid-upgrade> in Preact's JSX. */
export type PrepaidUpgradePreactProps = HTMLAttributes<PrepaidUpgrade> & PrepaidUpgradeProps;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'prepaid-upgrade': PrepaidUpgradePreactProps;
    }
  }
}
