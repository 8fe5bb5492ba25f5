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
import type { ReactiveControllerHost } from 'lit';
import { CONNECTION_PROPERTIES, NO_CREDENTIAL, connect, type Connection, type ConnectionSettings } from '../api/connection.js';
import { nextTask } from '../shared/scheduling.js';

export class AttributeConnection {
  readonly #host: ReactiveControllerHost & ConnectionSettings;
  readonly #warn: (warning: string) => void;
  /** The connection that requests go through. `undefined` while the attributes make none. */
  connected: Connection | undefined;
  /** What is wrong with the attributes, so that no connection can be made. */
  error: string | undefined;
  #awaitsLoad = false;
  /** The settings that the connection, or the error, was made of: the values of `CONNECTION_PROPERTIES`. */
  #madeOf: unknown[] | undefined;

  constructor(host: ReactiveControllerHost & ConnectionSettings, warn: (warning: string) => void) {
    this.#host = host;
    this.#warn = warn;
  }

  /**
   * Makes the connection again when a setting that it is made of changed, or when none was made yet. Returns whether it
   * did. The element asks `early`, as it connects, so that the token is asked for before its first render, and again
   * at each update. Early, attributes that make no connection count for nothing yet: a framework may set a credential right after
   * inserting the element, in the same task, and the first update reads them again. A
   * new `tokenProvider` function in place of another does not count as a change. A framework hands over a new one on
   * each render, such as an inline arrow in React, and the connection calls whichever one the element holds.
   */
  read(early?: boolean): boolean {
    const settings = CONNECTION_PROPERTIES.map((name) => this.#host[name]);
    const made = this.#madeOf !== undefined;
    if (
      this.#madeOf?.every(
        (value, index) => value === settings[index] || (typeof value === 'function' && typeof settings[index] === 'function'),
      )
    )
      return false;
    this.#madeOf = settings;
    const connection = connect(this.#host, {
      pageUrl: document.baseURI,
      readCookies: () => document.cookie,
      onWarning: this.#warn,
      nextTask,
    });
    if (early && 'error' in connection) return ((this.#madeOf = undefined), false);
    this.connected = 'error' in connection ? undefined : connection;
    this.error = 'error' in connection ? connection.error : undefined;
    if (this.error === NO_CREDENTIAL && document.readyState !== 'complete') {
      // The attributes are read again once the document has loaded, or sooner when any property changes.
      if (!this.#awaitsLoad) addEventListener('load', () => this.#host.requestUpdate(), { once: true });
      this.#awaitsLoad = true;
      // No credential counts as missing until then, so there is no error and no connection, and the next update asks
      // again.
      this.error = this.#madeOf = undefined;
      return made;
    }
    return true;
  }
}
