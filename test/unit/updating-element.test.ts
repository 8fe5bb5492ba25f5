/**
 * The element's base class keeps Lit's update cycle: declared properties and their attributes, one update per task,
 * the first once in a page, controllers around each update, one shared style sheet, listeners bound to the element.
 */
import { expect } from '@open-wc/testing';
import { html, type TemplateResult } from 'lit-html';
import { css } from '../../src/element/css.js';
import { UpdatingElement, type PropertyValues } from '../../src/element/updating-element.js';
import type { ReactiveController } from '../../src/reactive-controller.js';

/** Logs what happens to it. */
class Probe extends UpdatingElement {
  static override styles = css`
    p {
      margin: 3px;
    }
  `;
  static override properties = {
    label: {},
    pageSize: { attribute: 'page-size', type: Number },
    callback: { attribute: false },
  };
  declare label: string | undefined;
  declare pageSize: number | undefined;
  declare callback: (() => void) | undefined;
  log: string[] = [];
  changes: PropertyValues[] = [];
  clicks: unknown[] = [];

  protected override willUpdate(changed: PropertyValues): void {
    this.log.push('willUpdate');
    this.changes.push(new Map(changed));
  }
  protected override render(): TemplateResult {
    this.log.push('render');
    return html`<p @click=${this.onClick}>${this.label}</p>`;
  }
  protected override updated(): void {
    this.log.push('updated');
  }
  onClick(): void {
    this.clicks.push(this);
  }
}

let tags = 0;

/** A tag of its own (a tag is defined once) for a fresh subclass of `Probe`, and a way to make one. */
function defineProbe(): { tag: string; elementClass: typeof Probe; create: () => Probe } {
  const tag = `updating-probe-${++tags}`;
  const elementClass = class extends Probe {};
  customElements.define(tag, elementClass);
  return { tag, elementClass, create: () => document.createElement(tag) as Probe };
}

const tick = () => new Promise((resolve) => setTimeout(resolve));

describe('UpdatingElement', () => {
  it('renders once it is in a page, not before, and resolves updateComplete after', async () => {
    const { create } = defineProbe();
    const el = create();
    el.label = 'away';
    await tick();
    expect(el.hasUpdated).to.be.false;
    expect(el.log).to.deep.equal([]);
    document.body.append(el);
    expect(await el.updateComplete).to.be.true;
    expect(el.log).to.deep.equal(['willUpdate', 'render', 'updated']);
    expect(el.shadowRoot!.querySelector('p')!.textContent).to.equal('away');
    el.remove();
  });

  it('makes one update for the changes of one task, with the value each had before', async () => {
    const { create } = defineProbe();
    const el = create();
    document.body.append(el);
    await el.updateComplete;
    el.label = 'a';
    el.label = 'b';
    el.pageSize = 20;
    await el.updateComplete;
    expect(el.log.filter((entry) => entry === 'render')).to.have.length(2);
    expect([...el.changes[1]!]).to.deep.equal([
      ['label', undefined],
      ['pageSize', undefined],
    ]);
    el.label = 'b';
    el.pageSize = Number.NaN;
    await el.updateComplete;
    el.pageSize = Number.NaN;
    expect(await el.updateComplete, 'NaN to NaN is no change').to.be.true;
    expect(el.log.filter((entry) => entry === 'render')).to.have.length(3);
    el.remove();
  });

  it('reads the declared attributes into their properties: named, lower case by default, as numbers when typed', async () => {
    const { elementClass, create } = defineProbe();
    expect(elementClass.observedAttributes).to.have.members(['label', 'page-size']);
    const el = create();
    el.setAttribute('label', 'Hello');
    el.setAttribute('page-size', '12');
    expect(el.label).to.equal('Hello');
    expect(el.pageSize).to.equal(12);
    el.setAttribute('page-size', 'twelve');
    expect(el.pageSize).to.be.NaN;
    el.removeAttribute('page-size');
    expect(el.pageSize).to.equal(null);
    el.setAttribute('callback', 'alert(1)');
    expect(el.callback, 'a property without an attribute').to.equal(undefined);
  });

  it('takes a property set before the element was defined through its accessor', async () => {
    const tag = `updating-probe-${++tags}`;
    const early = document.createElement(tag) as HTMLElement & { label?: string };
    early.label = 'set early';
    document.body.append(early);
    customElements.define(tag, class extends Probe {});
    expect(early).to.be.instanceOf(Probe);
    await (early as Probe).updateComplete;
    expect(Object.hasOwn(early, 'label')).to.be.false;
    expect(early.shadowRoot!.querySelector('p')!.textContent).to.equal('set early');
    early.remove();
  });

  it('lets its controllers follow the connection and wrap each update', async () => {
    const { create } = defineProbe();
    const el = create();
    const controller: ReactiveController = {
      hostConnected: () => el.log.push('hostConnected'),
      hostDisconnected: () => el.log.push('hostDisconnected'),
      hostUpdate: () => el.log.push('hostUpdate'),
      hostUpdated: () => el.log.push('hostUpdated'),
    };
    el.addController(controller);
    document.body.append(el);
    await el.updateComplete;
    el.remove();
    expect(el.log).to.deep.equal(['hostConnected', 'willUpdate', 'hostUpdate', 'render', 'hostUpdated', 'updated', 'hostDisconnected']);

    el.log = [];
    document.body.append(el);
    await tick();
    expect(el.log, 'coming back is no update by itself').to.deep.equal(['hostConnected']);
    const late: ReactiveController = { hostConnected: () => el.log.push('late hostConnected') };
    el.addController(late);
    expect(el.log, 'a controller added to a connected host hears it at once').to.include('late hostConnected');
    el.removeController(controller);
    el.label = 'again';
    await el.updateComplete;
    expect(el.log).to.not.include('hostUpdate');
    el.remove();
  });

  it('calls template listeners with the element as this', async () => {
    const { create } = defineProbe();
    const el = create();
    document.body.append(el);
    await el.updateComplete;
    el.shadowRoot!.querySelector('p')!.click();
    expect(el.clicks).to.deep.equal([el]);
    el.remove();
  });

  it('adopts one style sheet, shared by every element of the class', async () => {
    const { create } = defineProbe();
    const [first, second] = [create(), create()];
    document.body.append(first!, second!);
    await Promise.all([first!.updateComplete, second!.updateComplete]);
    expect(first!.shadowRoot!.adoptedStyleSheets).to.have.length(1);
    expect(first!.shadowRoot!.adoptedStyleSheets[0]).to.equal(second!.shadowRoot!.adoptedStyleSheets[0]);
    expect(getComputedStyle(first!.shadowRoot!.querySelector('p')!).marginTop).to.equal('3px');
    first!.remove();
    second!.remove();
  });

  it('takes what willUpdate and the controllers ask for into the same update, and what updated asks for into the next', async () => {
    const { create } = defineProbe();
    const el = create();
    let askDuringUpdate = true;
    el.addController({ hostUpdate: () => askDuringUpdate && el.requestUpdate() });
    document.body.append(el);
    await el.updateComplete;
    await tick();
    expect(
      el.log.filter((entry) => entry === 'render'),
      'a request during the update is that update',
    ).to.have.length(1);
    askDuringUpdate = false;
    el.addController({ hostUpdated: () => el.log.length < 10 && el.requestUpdate() });
    el.label = 'next';
    await el.updateComplete;
    await tick();
    expect(el.log.filter((entry) => entry === 'render').length, 'a request after the render is another update').to.be.greaterThan(2);
    el.remove();
  });

  it('makes the update at once when asked to, and only once', async () => {
    const { create } = defineProbe();
    const el = create();
    document.body.append(el);
    el.performUpdate();
    expect(el.hasUpdated).to.be.true;
    await el.updateComplete;
    await tick();
    expect(el.log.filter((entry) => entry === 'render')).to.have.length(1);
    el.remove();
  });
});
