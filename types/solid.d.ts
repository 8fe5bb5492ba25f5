/**
 * Solid types of <prepaid-upgrade>: its attributes, properties and events in Solid's JSX.
 *
 * Use: import it once in a file of the app, `import type {} from 'prepaid-upgrade/types/solid';` (or list
 * `prepaid-upgrade/types/solid` in tsconfig.json's `compilerOptions.types`).
 *
 * Solid's explicit forms: `attr:subscription-id` sets the attribute (its value is text), `prop:tokenProvider` the
 * property, and `on:prepaid-upgrade-success` listens to the event; they are @wc-toolkit/jsx-types' (dist/types/jsx.d.ts,
 * generated from custom-elements.json by the build). On a custom element Solid sets any other prop as a property,
 * named by turning kebab-case into camelCase and lowering the rest: `token-provider` sets `tokenProvider`, but
 * `tokenProvider` would set `tokenprovider`. So the kebab-case names are typed as the properties they set, and the
 * camelCase ones are errors.
 */
import type { JSX } from 'solid-js';
import type { PrepaidUpgrade } from '../dist/lib/index.js';
import type { PrepaidUpgradeSolidJsProps } from '../dist/types/jsx.js';

/** `tokenProvider` → `token-provider`. */
type KebabCase<Name extends string> = Name extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `-${Lowercase<First>}`}${KebabCase<Rest>}`
  : Name;

/** The settable properties, by name: those of the `prop:` forms. */
type Properties = {
  [Key in keyof PrepaidUpgradeSolidJsProps as Key extends `prop:${infer Name}` ? Name : never]: PrepaidUpgradeSolidJsProps[Key];
};

/** The event of a handler `(event: E) => void`. */
type EventOf<Handler> = Handler extends (event: infer E extends Event) => void ? E : never;

/** Solid's `on:` takes a function or an object with `handleEvent` and the listener's options; `currentTarget` is the element. */
type Handlers = {
  [Key in Extract<keyof PrepaidUpgradeSolidJsProps, `on:${string}`>]?: JSX.EventHandlerWithOptionsUnion<
    PrepaidUpgrade,
    EventOf<PrepaidUpgradeSolidJsProps[Key]>
  >;
};

/** The props of <prepaid-upgrade> in Solid's JSX. */
export type PrepaidUpgradeSolidProps = JSX.HTMLAttributes<PrepaidUpgrade> &
  Omit<PrepaidUpgradeSolidJsProps, keyof Handlers> &
  Handlers & { [Name in keyof Properties as KebabCase<Name & string>]?: Properties[Name] } & {
    [Name in keyof Properties as Name extends KebabCase<Name & string> ? never : Name]?: never;
  };

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements {
      'prepaid-upgrade': PrepaidUpgradeSolidProps;
    }
  }
}
