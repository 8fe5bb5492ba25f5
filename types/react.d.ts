/**
 * React 19 types of <prepaid-upgrade>: its attributes, properties and events in React's JSX.
 *
 * Use: import it once in a file of the app, `import type {} from 'prepaid-upgrade/types/react';` (or list
 * `prepaid-upgrade/types/react` in tsconfig.json's `compilerOptions.types`).
 *
 * React 19 sets a prop as the element's property when the element has one by that name (`tokenProvider`, `timeout`),
 * as an attribute otherwise (`subscription-id`, whose value is text), and listens to `on` + the exact event name
 * (`onprepaid-upgrade-success`). The props are @wc-toolkit/jsx-types' (dist/types/jsx.d.ts, generated from
 * custom-elements.json by the build), with React's own for any element.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { PrepaidUpgrade } from '../dist/lib/index.js';
import type { PrepaidUpgradeProps } from '../dist/types/jsx.js';

/** The props of <prepaid-upgrade> in React 19's JSX. */
export type PrepaidUpgradeReactProps = DetailedHTMLProps<HTMLAttributes<PrepaidUpgrade>, PrepaidUpgrade> & PrepaidUpgradeProps;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'prepaid-upgrade': PrepaidUpgradeReactProps;
    }
  }
}
