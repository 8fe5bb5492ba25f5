/**
 * Svelte 5 types of <prepaid-upgrade>: its attributes, properties and events in Svelte templates (svelte-check).
 *
 * Use: import it once in a `<script lang="ts">` of the app, `import type {} from 'prepaid-upgrade/types/svelte';` (or
 * list `prepaid-upgrade/types/svelte` in tsconfig.json's `compilerOptions.types`).
 *
 * Svelte 5 sets a name as the element's property when the element has a setter by that name (`tokenProvider`,
 * `timeout`), as an attribute otherwise (`subscription-id`, whose value is text), and listens to what follows `on`
 * (`onprepaid-upgrade-success`): the props of React 19's JSX. They are @wc-toolkit/jsx-types' (dist/types/jsx.d.ts,
 * generated from custom-elements.json by the build), with Svelte's own for any element.
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { PrepaidUpgrade } from '../dist/lib/index.js';
import type { PrepaidUpgradeProps } from '../dist/types/jsx.js';

/** The attributes of <prepaid-upgrade> in Svelte 5 templates. */
export type PrepaidUpgradeSvelteAttributes = HTMLAttributes<PrepaidUpgrade> & PrepaidUpgradeProps;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'prepaid-upgrade': PrepaidUpgradeSvelteAttributes;
  }
}
