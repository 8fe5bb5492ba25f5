/**
 * The connection that the widget reads and writes through. The element's updates make it from the attributes
 * (`api/connection.ts`).
 *
 * The first update comes in a task after the one that inserted the element (see the element's `scheduleUpdate`). A
 * framework may insert the element first and set its properties afterwards in the same task, as React's wrapper and
 * Angular do. A credential set then was never missing. A page's own script may set one even later, for example in a
 * module that runs after the bundle. So no credential counts as missing until the document has loaded. Until then the
 * widget waits and sends nothing.
 *
 * This is a plain class that the element asks in `willUpdate`, not a reactive controller, because it needs none of the
 * host's lifecycle.
 */
import type { PropertyValues, ReactiveControllerHost } from 'lit';
import { CONNECTION_PROPERTIES, NO_CREDENTIAL, connect, type Connection, type ConnectionSettings } from '../api/connection.js';

export class AttributeConnection {
  readonly #host: ReactiveControllerHost & ConnectionSettings;
  readonly #warn: (warning: string) => void;
  /** The connection that requests go through. `undefined` while the attributes make none. */
  connected: Connection | undefined;
  /** What is wrong with the attributes, so that no connection can be made. */
  error: string | undefined;
  #awaitsLoad = false;

  constructor(host: ReactiveControllerHost & ConnectionSettings, warn: (warning: string) => void) {
    this.#host = host;
    this.#warn = warn;
  }

  /**
   * Makes the connection again when an attribute that it reads changed, or when none was made yet. Returns whether it
   * did. A new `tokenProvider` function in place of another does not count as a change. A framework hands over a new
   * one on each render, such as an inline arrow in React, and the connection calls whichever one the element holds.
   */
  read(changed: PropertyValues): boolean {
    const remakes = (name: (typeof CONNECTION_PROPERTIES)[number]) =>
      changed.has(name) &&
      !(name === 'tokenProvider' && typeof changed.get(name) === 'function' && typeof this.#host.tokenProvider === 'function');
    const made = (this.connected ?? this.error) !== undefined;
    if (made && !CONNECTION_PROPERTIES.some(remakes)) return false;
    const connection = connect(this.#host, { pageUrl: document.baseURI, readCookies: () => document.cookie, onWarning: this.#warn });
    this.connected = 'error' in connection ? undefined : connection;
    this.error = 'error' in connection ? connection.error : undefined;
    if (this.error === NO_CREDENTIAL && document.readyState !== 'complete') {
      // The attributes are read again once the document has loaded, or sooner when any property changes.
      if (!this.#awaitsLoad) addEventListener('load', () => this.#host.requestUpdate(), { once: true });
      this.#awaitsLoad = true;
      // No credential counts as missing until then, so there is no error and no connection.
      this.error = undefined;
      return made;
    }
    return true;
  }
}
