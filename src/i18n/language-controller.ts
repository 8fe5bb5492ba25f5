/**
 * The language of one element. It follows `lang` live, from the element or its nearest ancestor that has one, through
 * shadow roots. It loads the texts of that language on demand, and keeps the page's own tag for numbers and money.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { en } from './en.js';
import { loadStrings } from './index.js';
import { canonicalTag, matchLanguage, type Language } from './languages.js';
import type { ElementStrings } from './strings.js';

/** The element and its ancestors, crossing from each shadow root to its host. */
function* composedAncestors(from: Element): Generator<Element> {
  for (let node: Node | null = from; node; node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null)) {
    if (node instanceof Element) yield node;
  }
}

/**
 * The `lang` of the nearest element that has a well-formed one, through shadow roots, in its canonical form. It is
 * English when there is none. A malformed `lang`, such as `en-` or `en US`, is passed over for the next ancestor's, and
 * `warn` is told about it.
 */
function nearestLang(from: Element, warn: (message: string) => void): string {
  for (const element of composedAncestors(from)) {
    const lang = element.getAttribute('lang');
    if (!lang?.trim()) continue;
    const tag = canonicalTag(lang);
    if (tag) return tag;
    warn(`lang ${JSON.stringify(lang)} is not a language tag (such as "fr" or "pt-BR"), so the widget passes over it`);
  }
  return 'en';
}

export class LanguageController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #warn: (message: string) => void;
  /**
   * The language of the texts. It becomes the language that the page asks for once that language's texts have arrived.
   */
  language: Language = 'en';
  strings: ElementStrings = en;
  /**
   * The page's own tag, such as `fr-CA`, for numbers and money. It is English's when the widget does not speak the
   * page's language.
   */
  formatLocale = 'en';
  /**
   * Settles once the texts of the requested language are in place. A load waits for it, so that no English text
   * flashes.
   */
  arrival: Promise<void> = Promise.resolve();
  #requested: Language = 'en';
  #observer: MutationObserver | undefined;

  /** `warn` tells the page's developer about a malformed `lang`. */
  constructor(host: ReactiveControllerHost & HTMLElement, warn: (message: string) => void) {
    this.#host = host;
    this.#warn = warn;
    host.addController(this);
  }

  /** Watches `lang` on the element and every ancestor, so that the widget switches its language when the page does. */
  hostConnected(): void {
    // The observer is made on the page, not with the element, because a server that renders the page has no
    // MutationObserver.
    this.#observer ??= new MutationObserver(() => this.#apply());
    for (const element of composedAncestors(this.#host)) this.#observer.observe(element, { attributes: true, attributeFilter: ['lang'] });
    this.#apply();
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
  }

  #apply(): void {
    const host = this.#host;
    const tag = nearestLang(host, this.#warn);
    const language = matchLanguage(tag);
    this.formatLocale = language === 'en' && !/^en\b/i.test(tag) ? 'en' : tag;
    host.requestUpdate();
    if (language === this.#requested) return;
    this.#requested = language;
    this.arrival = loadStrings(language).then((strings) => {
      // A later change of language wins over this one, whichever arrives first.
      if (this.#requested !== language) return;
      this.language = language;
      this.strings = strings;
      host.requestUpdate();
    });
  }
}
