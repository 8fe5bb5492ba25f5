/**
 * The connection the widget reads and writes through, made from its attributes (`api/connection.ts`), and when they
 * are read. The update made as the element is inserted renders the placeholder only; the attributes are read, and the
 * reads started, by the update after it, in a task of its own. A page's widgets are inserted together (all of them
 * at once, as the script defines the element), and the work of each would make one long task of that. A framework
 * may also insert the element first and set its properties after, in the same task (React's wrapper and Angular do):
 * a credential set then was never missing.
 */
import type { PropertyValues, ReactiveController, ReactiveControllerHost } from 'lit';
import { CONNECTION_PROPERTIES, connect, type Connection, type ConnectionSettings } from '../api/connection.js';
import { inNextTask } from './next-task.js';

export class ConnectionController implements ReactiveController {
  readonly #host: ReactiveControllerHost & ConnectionSettings;
  readonly #warn: (warning: string) => void;
  #connection: Connection | { error: string } | undefined;
  /** Whether the attributes are read: not by the first update, made as the element is inserted. */
  judged = false;

  constructor(host: ReactiveControllerHost & ConnectionSettings, warn: (warning: string) => void) {
    (this.#host = host).addController(this);
    this.#warn = warn;
  }

  /** Has the attributes read by an update in the task after the one that inserts the element. */
  hostConnected(): void {
    if (this.judged) return;
    inNextTask(() => {
      this.judged = true;
      this.#host.requestUpdate();
    });
  }

  /** Makes the connection again when an attribute it reads changed, or none was made; says whether it did. */
  read(changed: PropertyValues): boolean {
    if (this.#connection !== undefined && !CONNECTION_PROPERTIES.some((name) => changed.has(name))) return false;
    this.#connection = connect(this.#host, { pageUrl: document.baseURI, readCookies: () => document.cookie, onWarning: this.#warn });
    return true;
  }

  /** What is wrong with the attributes, so that no connection can be made. */
  get error(): string | undefined {
    const connection = this.#connection;
    return connection && 'error' in connection ? connection.error : undefined;
  }

  /** The connection requests go through; `undefined` while the attributes make none. */
  get connected(): Connection | undefined {
    const connection = this.#connection;
    return connection && !('error' in connection) ? connection : undefined;
  }
}
