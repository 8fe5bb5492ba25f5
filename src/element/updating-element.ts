/**
 * The element's base class: Lit's update cycle, cut to what this widget uses, around lit-html's `render`.
 *
 * Why not `LitElement`: its reactive base (property options, converters, reflection, style fallbacks, hydration
 * hooks) is about 2.7 KB brotli of the script bundle, of which the widget uses this much (1.8 KB less in all). The
 * contract is Lit's, so that Lit's controllers and habits carry over:
 * - `static properties` declares the public properties: each gets an accessor that asks for an update when its value
 *   changes, and the attribute named in it (`attribute: false`: none; default: the name in lower case) sets it, read
 *   through `type` when given (`type: Number`, say);
 * - an update runs in a microtask after the first request, once the element is in a page: `willUpdate(changed)`,
 *   each controller's `hostUpdate`, `render()` into the shadow root, `hostUpdated`, `updated(changed)`, where
 *   `changed` maps each property that changed to its value before; `updateComplete` resolves after it;
 * - controllers hear `hostConnected` and `hostDisconnected` as the element enters and leaves a page;
 * - `static styles` is adopted by every shadow root of the class as one shared style sheet.
 */
import { render, type TemplateResult } from 'lit-html';
import type { ReactiveController, ReactiveControllerHost } from '../reactive-controller.js';

export interface PropertyDeclaration {
  /** The attribute that sets the property; `false` for none. Default (or `true`): the property's name in lower case. */
  attribute?: string | boolean;
  /** Reads the attribute's text into the property's value: `Number` (`NaN` when it is not one), say. */
  type?: (text: string) => unknown;
}

/**
 * A `type` for a switch that is on unless its attribute says `false` (in any case, spaces around): unlike an HTML
 * boolean attribute, `manage-renewal="false"` turns it off.
 */
export const onUnlessFalse = (text: string): boolean => text.trim().toLowerCase() !== 'false';

/** The properties that changed since the last update, each with its value before. */
export type PropertyValues = Map<PropertyKey, unknown>;

type Attributes = Map<string, [property: string, declaration: PropertyDeclaration]>;

const attributesOfClass = new WeakMap<typeof UpdatingElement, Attributes>();
const styleSheetOfClass = new WeakMap<typeof UpdatingElement, CSSStyleSheet>();

/** The attributes a class observes, by name; on first use, each declared property gets its accessor. */
function attributesOf(elementClass: typeof UpdatingElement): Attributes {
  let attributes = attributesOfClass.get(elementClass);
  if (attributes) return attributes;
  attributes = new Map();
  for (const [name, declaration] of Object.entries(elementClass.properties)) {
    const value = Symbol(name);
    Object.defineProperty(elementClass.prototype, name, {
      get(this: Record<symbol, unknown>) {
        return this[value];
      },
      set(this: UpdatingElement & Record<symbol, unknown>, next: unknown) {
        const previous = this[value];
        this[value] = next;
        // Lit's `notEqual`: a change, except from NaN to NaN.
        if (previous !== next && (previous === previous || next === next)) this.requestUpdate(name, previous);
      },
      configurable: true,
      enumerable: true,
    });
    const { attribute = true } = declaration;
    if (attribute !== false) attributes.set(attribute === true ? name.toLowerCase() : attribute, [name, declaration]);
  }
  attributesOfClass.set(elementClass, attributes);
  return attributes;
}

// On a server (a framework rendering the page) there is no DOM: the class is still defined, so that importing the
// package works there, and the browser upgrades the tag it rendered.
const DomElement: typeof HTMLElement = globalThis.HTMLElement ?? (class {} as unknown as typeof HTMLElement);

export abstract class UpdatingElement extends DomElement implements ReactiveControllerHost {
  static properties: Record<string, PropertyDeclaration> = {};
  static styles = '';
  static shadowRootOptions: ShadowRootInit = { mode: 'open' };

  static get observedAttributes(): string[] {
    return [...attributesOf(this).keys()];
  }

  /**
   * Gives each declared property its accessor on the prototype, as defining the element does; where nothing defines
   * it (a server), so that a wrapper that asks `name in prototype` (React's) finds the properties.
   */
  static finalize(): void {
    attributesOf(this);
  }

  readonly renderRoot: ShadowRoot;
  /** Whether the element has rendered at least once. */
  hasUpdated = false;
  #changed: PropertyValues = new Map();
  #controllers = new Set<ReactiveController>();
  #connected = false;
  /** The update asked for and not yet made: what `updateComplete` waits on. */
  #pending: Promise<boolean> | undefined;

  constructor() {
    super();
    const elementClass = this.constructor as typeof UpdatingElement;
    attributesOf(elementClass);
    // A property a page or framework set before the element was defined is an own property that hides the
    // accessor: it is set again through the accessor, so that it counts.
    for (const name of Object.keys(elementClass.properties)) {
      if (Object.hasOwn(this, name)) {
        const early = (this as Record<string, unknown>)[name];
        delete (this as Record<string, unknown>)[name];
        (this as Record<string, unknown>)[name] = early;
      }
    }
    this.renderRoot = this.attachShadow(elementClass.shadowRootOptions);
    let sheet = styleSheetOfClass.get(elementClass);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(elementClass.styles);
      styleSheetOfClass.set(elementClass, sheet);
    }
    this.renderRoot.adoptedStyleSheets = [sheet];
  }

  attributeChangedCallback(attribute: string, _previous: string | null, value: string | null): void {
    const [name, declaration] = attributesOf(this.constructor as typeof UpdatingElement).get(attribute)!;
    (this as Record<string, unknown>)[name] = value !== null && declaration.type ? declaration.type(value) : value;
  }

  connectedCallback(): void {
    this.#connected = true;
    for (const controller of this.#controllers) controller.hostConnected?.();
    // The first update waits for this; later ones do not (a page may change a property while the element is away).
    if (!this.hasUpdated) this.requestUpdate();
  }

  disconnectedCallback(): void {
    this.#connected = false;
    for (const controller of this.#controllers) controller.hostDisconnected?.();
  }

  addController(controller: ReactiveController): void {
    this.#controllers.add(controller);
    if (this.#connected) controller.hostConnected?.();
  }

  removeController(controller: ReactiveController): void {
    this.#controllers.delete(controller);
  }

  /** Asks for an update; with a property's name, records its value before the change for `willUpdate` and `updated`. */
  requestUpdate(name?: PropertyKey, previous?: unknown): void {
    if (name !== undefined && !this.#changed.has(name)) this.#changed.set(name, previous);
    this.#pending ??= this.#scheduleUpdate();
  }

  /** Resolves once the update asked for so far has been made; `true` when no other is pending then. */
  get updateComplete(): Promise<boolean> {
    return this.#pending ?? Promise.resolve(true);
  }

  async #scheduleUpdate(): Promise<boolean> {
    await undefined;
    // Made meanwhile (`performUpdate` called directly), or not in a page yet: connecting asks again.
    if (this.#pending && (this.#connected || this.hasUpdated)) this.performUpdate();
    else this.#pending = undefined;
    return this.#pending === undefined;
  }

  /** Makes the update now, rather than in the microtask it was scheduled for. */
  performUpdate(): void {
    const changed = this.#changed;
    // What `willUpdate`, a controller's `hostUpdate` or the render itself asks for is part of this update, as in Lit;
    // what `hostUpdated` or `updated` asks for is the next one.
    this.willUpdate(changed);
    for (const controller of this.#controllers) controller.hostUpdate?.();
    // `host`: event listeners in the templates are called with the element as `this`.
    render(this.render(), this.renderRoot, { host: this });
    this.#changed = new Map();
    this.#pending = undefined;
    this.hasUpdated = true;
    for (const controller of this.#controllers) controller.hostUpdated?.();
    this.updated(changed);
  }

  protected willUpdate(_changed: PropertyValues): void {}
  protected updated(_changed: PropertyValues): void {}
  protected abstract render(): TemplateResult;
}
