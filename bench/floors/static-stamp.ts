/**
 * The second floor of the first visits (bench/first-visit.ts): a static stamp of the very shadow DOM and styles the
 * widget renders, the least any code can do to show what the widget shows. A plain custom element that sets its shadow
 * root's `innerHTML` and adopts one shared style sheet; no template engine, no requests, no handlers. It registers as
 * `prepaid-upgrade`, so that its page is the widget's page with another script, and shows for each `subscription-id`
 * what the widget showed for it once settled.
 *
 * `STAMPS` is written by the bench in each run, when it builds this file: copied from the real widget's shadow roots in
 * the same page (its markup without Lit's comment markers, its style sheets' text), so that it is the very DOM of this
 * build of the widget.
 */
declare const STAMPS: { css: string; html: Record<string, string> };

const sheet = new CSSStyleSheet();
sheet.replaceSync(STAMPS.css);

class StaticStamp extends HTMLElement {
  connectedCallback(): void {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open', delegatesFocus: true });
    root.adoptedStyleSheets = [sheet];
    root.innerHTML = STAMPS.html[this.getAttribute('subscription-id') ?? ''] ?? '';
  }
}

customElements.define('prepaid-upgrade', StaticStamp);
