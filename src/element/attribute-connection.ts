/**
 * The connection the widget reads and writes through, made from its attributes (`api/connection.ts`) by the element's
 * updates. The first of them comes in a task after the one that inserted the element (the element's
 * `scheduleUpdate`): a framework may insert the element first and set its properties after, in the same task
 * (React's wrapper and Angular do), and a credential set then was never missing. A page's own script may set one
 * later still (a module after the bundle, say): no credential is missing until the document has loaded; until then the
 * widget waits, and sends nothing.
 *
 * A plain class the element asks in `willUpdate`, not a reactive controller: it needs none of the host's lifecycle.
 */
import type { PropertyValues, ReactiveControllerHost } from 'lit';
import { CONNECTION_PROPERTIES, NO_CREDENTIAL, connect, type Connection, type ConnectionSettings } from '../api/connection.js';

export class AttributeConnection {
  readonly #host: ReactiveControllerHost & ConnectionSettings;
  readonly #warn: (warning: string) => void;
  /** The connection requests go through; `undefined` while the attributes make none. */
  connected: Connection | undefined;
  /** What is wrong with the attributes, so that no connection can be made. */
  error: string | undefined;
  #awaitsLoad = false;

  constructor(host: ReactiveControllerHost & ConnectionSettings, warn: (warning: string) => void) {
    this.#host = host;
    this.#warn = warn;
  }

  /**
   * Makes the connection again when an attribute it reads changed, or none was made; says whether it did. A new
   * `tokenProvider` function in place of another is no change: a framework hands one on each render (an inline arrow
   * in React), and the connection asks whichever the element holds.
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
      // Read again once the document has loaded (or sooner, as any property changes).
      if (!this.#awaitsLoad) addEventListener('load', () => this.#host.requestUpdate(), { once: true });
      this.#awaitsLoad = true;
      // No credential is missing until then: no error, and no connection.
      this.error = undefined;
      return made;
    }
    return true;
  }
}
