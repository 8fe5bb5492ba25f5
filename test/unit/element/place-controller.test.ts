/**
 * The place a widget takes while the page's widgets load (`PlaceController`), on a minimal element of its own: the
 * room it holds while loading, and `_away` (hidden) for a widget out of view while any widget of the page loads.
 */
import { expect, fixture, html as fixtureHtml, waitUntil } from '@open-wc/testing';
import { LitElement, css, html } from 'lit';
import { PlaceController } from '../../../src/element/place-controller.js';

class PlaceFixture extends LitElement {
  static override styles = css`
    :host {
      display: block;
      block-size: 50px;
    }
  `;
  loading = true;
  readonly internals = this.attachInternals();
  readonly place = new PlaceController(this, this.internals, () => this.loading);

  /** Settles, as a widget does once what it shows has loaded. */
  async settle(): Promise<void> {
    this.loading = false;
    this.requestUpdate();
    await this.updateComplete;
  }

  override render() {
    return html`<p>widget</p>`;
  }
}
customElements.define('place-fixture', PlaceFixture);

/**
 * Whether the widget is hidden, as the page's style sees it. Not through `states.has()`: WebKit makes the set's script
 * object anew after it collects it as garbage, and the new one's `has()` no longer sees the states that were added
 * before, though the element keeps them and `:state()` still matches.
 */
const away = (element: PlaceFixture) => element.matches(':state(_away)');

/** A page with a widget in view and one far below it, out of view. */
async function page() {
  const container = await fixture<HTMLDivElement>(fixtureHtml`<div></div>`);
  const above = document.createElement('place-fixture') as PlaceFixture;
  const spacer = document.createElement('div');
  spacer.style.blockSize = `${3 * innerHeight}px`;
  const below = document.createElement('place-fixture') as PlaceFixture;
  container.append(above, spacer, below);
  await Promise.all([above.updateComplete, below.updateComplete]);
  return { above, below };
}

describe('PlaceController', () => {
  afterEach(() => scrollTo(0, 0));

  it('holds the room while the widget loads, and not after', async () => {
    const { above, below } = await page();
    expect(above.place.holdsRoom).to.equal(true);
    await above.settle();
    expect(above.place.holdsRoom).to.equal(false);
    await below.settle();
  });

  it('hides a widget from its insertion until it is known to be in view', async () => {
    const container = await fixture<HTMLDivElement>(fixtureHtml`<div></div>`);
    const element = document.createElement('place-fixture') as PlaceFixture;
    container.append(element);
    expect(away(element), 'at once').to.equal(true);
    await waitUntil(() => !away(element), 'a widget in view stayed hidden', { timeout: 2000 });
    await element.settle();
  });

  it('hides a widget out of view while a widget of the page loads, and shows every one once none does', async () => {
    const { above, below } = await page();
    await below.settle();
    await waitUntil(() => !away(above), 'the widget in view stayed hidden', { timeout: 2000 });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(away(below), 'settled, but out of view while another loads').to.equal(true);
    await above.settle();
    expect(away(below)).to.equal(false);
    expect(away(above)).to.equal(false);
  });

  it('shows a hidden widget when it comes into view while others still load', async () => {
    const { above, below } = await page();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await waitUntil(() => away(below), 'the widget out of view was shown', { timeout: 2000 });
    below.scrollIntoView();
    await waitUntil(() => !away(below), 'the widget come into view stayed hidden', { timeout: 2000 });
    await Promise.all([above.settle(), below.settle()]);
  });

  it('no longer holds the others back once a loading widget is taken off the page', async () => {
    const { above, below } = await page();
    await below.settle();
    await waitUntil(() => away(below), 'the widget out of view was shown', { timeout: 2000 });
    above.remove();
    expect(away(below)).to.equal(false);
  });
});
