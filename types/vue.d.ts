/**
 * Vue 3 types of <prepaid-upgrade>: its properties and events in Vue templates (vue-tsc).
 *
 * Use: import it once in a file of the app, `import type {} from 'prepaid-upgrade/types/vue';` (or list
 * `prepaid-upgrade/types/vue` in tsconfig.json's `compilerOptions.types`), for vue-tsc (with
 * `vueCompilerOptions.strictTemplates`, unknown props and events are errors too). Vite's Vue plugin still needs
 * `isCustomElement: (tag) => tag === 'prepaid-upgrade'`, so that Vue renders the tag rather than resolving a component.
 *
 * Vue's documented pattern for custom elements not built with Vue ("Non-Vue Web Components and TypeScript"): a
 * constructor type whose `$props` are the properties and whose `$emit` are the events, both from the JSX props of
 * @wc-toolkit/jsx-types (dist/types/jsx.d.ts, generated from custom-elements.json by the build). vue-tsc reads
 * `:subscription-id` as `subscriptionId`, so both spellings take the property's type. Vue sets a name as the element's
 * property when the element has one by that name (`tokenProvider`, `timeout`), as an attribute otherwise, whose value
 * Vue writes as text: `:manage-renewal="false"` turns it off.
 */
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type { PrepaidUpgrade } from '../dist/lib/index.js';
import type { PrepaidUpgradeProps } from '../dist/types/jsx.js';

/** The props that are the element's properties (`subscriptionId`), of those of JSX (`subscription-id` too). */
export type PrepaidUpgradeVueProps = {
  [Name in keyof PrepaidUpgradeProps as Name extends keyof PrepaidUpgrade ? Name : never]: PrepaidUpgradeProps[Name];
};

/** The events, by name: JSX's `onprepaid-upgrade-ready` handles the event `prepaid-upgrade-ready`. */
export type PrepaidUpgradeVueEvents = {
  [
    Name in keyof PrepaidUpgradeProps as Name extends keyof PrepaidUpgrade ? never : Name extends `on${infer Event}` ? Event : never
  ]-?: Exclude<PrepaidUpgradeProps[Name], undefined>;
};

/** <prepaid-upgrade> as vue-tsc sees a component: the element, with the props and events of its template. */
export type PrepaidUpgradeVueElement = new () => PrepaidUpgrade & {
  /** @deprecated Not on the element: the props of Vue's template type checking only. */
  $props: HTMLAttributes & PublicProps & PrepaidUpgradeVueProps;
  /** @deprecated Not on the element: the events of Vue's template type checking only. */
  $emit: EmitFn<PrepaidUpgradeVueEvents>;
};

declare module 'vue' {
  interface GlobalComponents {
    'prepaid-upgrade': PrepaidUpgradeVueElement;
  }

  // Children go into the element's slots by the HTML attribute `slot`, which Vue's HTMLAttributes leave out (Vue 2's
  // slot syntax): with strictTemplates, `<h3 slot="heading">` is then an unknown prop. Vue 3 renders it as the
  // attribute it is.
  interface HTMLAttributes {
    slot?: string | undefined;
  }
}
