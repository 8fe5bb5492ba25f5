/**
 * Lit's controller protocol, which the element's controllers follow (the load, the writes, the language): a
 * controller added to its host hears the host's connection and each of its updates. The element's base class,
 * `element/updating-element.ts`, is such a host. Here, where the element's helpers and `i18n/` both see it.
 */
export interface ReactiveController {
  hostConnected?(): void;
  hostDisconnected?(): void;
  hostUpdate?(): void;
  hostUpdated?(): void;
}

export interface ReactiveControllerHost {
  addController(controller: ReactiveController): void;
  removeController(controller: ReactiveController): void;
  requestUpdate(): void;
  readonly updateComplete: Promise<boolean>;
}
