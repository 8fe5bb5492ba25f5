/**
 * The element's console lines, for the page's developer. Each line names the element it comes from, because a page may
 * hold one widget per subscription. A warning about the same thing is given once.
 */
export class ConsoleLines {
  readonly #name: () => string;
  readonly #said = new Set<string>();

  constructor(name: () => string) {
    this.#name = name;
  }

  warn(message: string): void {
    this.#line('warn', message);
  }

  /**
   * Whether this is the first time that `message` comes up for this element. Anything that is reported only once asks
   * this first.
   */
  first(message: string): boolean {
    const first = !this.#said.has(message);
    this.#said.add(message);
    return first;
  }

  /** Warns of `message` unless this element has already said it. */
  warnOnce(message: string): void {
    if (this.first(message)) this.warn(message);
  }

  error(message: string): void {
    this.#line('error', message);
  }

  #line(level: 'warn' | 'error', message: string): void {
    console[level](`${this.#name()}: ${message}`);
  }
}
