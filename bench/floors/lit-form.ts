/**
 * The first floor of the first visits (bench/first-visit.ts): a minimal `LitElement` with a small form, the least a
 * Lit element does to show a form and answer a choice. Three radios of orders per billing (`#orders-3`, `#orders-6`,
 * `#orders-12`, as the widget's), a line that follows the choice, and a button. It registers as `prepaid-upgrade`, so
 * that its page is the widget's page with another script, and ignores the widget's attributes. Built in each bench
 * run, minified as the widget's bundle is, for the same browsers.
 */
import { LitElement, css, html } from 'lit';

const ORDERS = [3, 6, 12];

export class LitForm extends LitElement {
  static override properties = { orders: { state: true } };
  static override styles = css`
    :host {
      display: block;
      line-height: 1.5;
    }
    form {
      display: grid;
      gap: 1rem;
      padding: 1rem;
      border: 1px solid #6b7280;
      border-radius: 0.5rem;
    }
    fieldset {
      display: grid;
      gap: 0.5rem;
      margin: 0;
      border: 0;
      padding: 0;
    }
    button {
      min-block-size: 2.75rem;
      font: inherit;
    }
  `;

  declare orders: number;

  constructor() {
    super();
    this.orders = 3;
  }

  #chose = (event: Event) => {
    this.orders = Number((event.target as HTMLInputElement).value);
    this.dispatchEvent(new CustomEvent('lit-form-change', { detail: { orders: this.orders }, bubbles: true, composed: true }));
  };

  protected override render() {
    return html`
      <form @submit=${(event: Event) => event.preventDefault()}>
        <fieldset>
          <legend>Orders per billing</legend>
          ${ORDERS.map(
            (count) => html`
              <div>
                <input
                  type="radio"
                  id="orders-${count}"
                  name="orders"
                  .value=${String(count)}
                  .checked=${count === this.orders}
                  @change=${this.#chose}
                />
                <label for="orders-${count}">${count} orders</label>
              </div>
            `,
          )}
        </fieldset>
        <p>${this.orders} orders per billing, billed together.</p>
        <button type="submit">Prepay</button>
      </form>
    `;
  }
}

customElements.define('prepaid-upgrade', LitForm);
