/**
 * The demo's reference page (demo/reference-view.ts) against the built custom-elements.json: every attribute,
 * property, event, part, custom property, slot and state the manifest lists is in its tables, and the playground's
 * fields set the attributes and custom properties the manifest lists on the widget they drive.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { elementOf, renderPlayground, renderSections, sectionsOf, type ManifestElement } from '../../../demo/reference-view.js';

async function manifestElement(): Promise<ManifestElement> {
  const answer = await fetch('/custom-elements.json');
  expect(answer.status, 'custom-elements.json is built (npm run build)').to.equal(200);
  return elementOf(await answer.json(), 'prepaid-upgrade');
}

const firstCells = (container: HTMLElement, id: string) =>
  [...container.querySelectorAll(`#${id} tbody th`)].map((cell) => cell.textContent!.replace(/\(\)$| \(read-only\)$/, ''));

describe('the reference page', () => {
  it('shows what the manifest lists, each in its table', async () => {
    const element = await manifestElement();
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    renderSections(container, sectionsOf(element));
    const names = (entries: Array<{ name: string }> | undefined) => (entries ?? []).map((entry) => entry.name);
    expect(firstCells(container, 'attributes')).to.deep.equal(names(element.attributes));
    expect(firstCells(container, 'events')).to.deep.equal(names(element.events));
    expect(firstCells(container, 'parts')).to.deep.equal(names(element.cssParts));
    expect(firstCells(container, 'custom-properties')).to.deep.equal(names(element.cssProperties));
    expect(firstCells(container, 'slots')).to.deep.equal(names(element.slots));
    expect(firstCells(container, 'states')).to.deep.equal(names(element.cssStates));
    // Every member is in one table: an attribute's property beside its attribute, the others on their own.
    const listed = new Set([
      ...(element.attributes ?? []).map((attribute) => attribute.fieldName),
      ...firstCells(container, 'properties'),
      ...firstCells(container, 'methods'),
    ]);
    for (const member of element.members ?? []) expect(listed.has(member.name), member.name).to.be.true;
    // Spot checks that the manifest is the element's: what the contract names is there.
    expect(firstCells(container, 'parts')).to.include.members(['picker', 'submit', 'manage']);
    expect(firstCells(container, 'events')).to.include('prepaid-upgrade-ready');
    expect(firstCells(container, 'properties')).to.include.members(['tokenProvider', 'strings', 'subscription', 'state']);
    // Descriptions are text: markup in the manifest would show as written.
    expect(container.querySelector('script, img')).to.equal(null);
    await expect(container).to.be.accessible();
  });

  it('lets the playground set each attribute and custom property the manifest lists, and remove it', async () => {
    const element = await manifestElement();
    const widget = document.createElement('div');
    widget.setAttribute('api-base', '/sandbox');
    const form = await fixture<HTMLFormElement>(html`<form></form>`);
    renderPlayground(form, element, widget);
    const inputs = [...form.querySelectorAll('input')];
    expect(inputs).to.have.length(
      (element.attributes ?? []).length + (element.cssProperties ?? []).length + (element.cssParts ?? []).length,
    );
    const type = (id: string, value: string) => {
      const input = form.querySelector<HTMLInputElement>(`#${id}`)!;
      expect(document.querySelector(`label[for="${id}"]`) ?? form.querySelector(`label[for="${id}"]`)).to.not.equal(null);
      input.value = value;
      input.dispatchEvent(new Event('input'));
    };
    expect(form.querySelector<HTMLInputElement>('#attribute-api-base')!.value, 'a field starts from the widget').to.equal('/sandbox');
    type('attribute-orders-options', '3,6');
    expect(widget.getAttribute('orders-options')).to.equal('3,6');
    type('attribute-orders-options', '');
    expect(widget.hasAttribute('orders-options')).to.be.false;
    type('property-prepaid-upgrade-accent', '#b91c1c');
    expect(widget.style.getPropertyValue('--prepaid-upgrade-accent')).to.equal('#b91c1c');
    type('property-prepaid-upgrade-accent', '');
    expect(widget.style.getPropertyValue('--prepaid-upgrade-accent')).to.equal('');
    await expect(form).to.be.accessible();
  });

  it('lets the playground style each part the manifest lists, with declarations only', async () => {
    const element = await manifestElement();
    const widget = document.createElement('div');
    const form = await fixture<HTMLFormElement>(html`<form></form>`);
    renderPlayground(form, element, widget);
    const parts = (element.cssParts ?? []).map((part) => part.name);
    expect([...form.querySelectorAll('[id^=part-]')].map((input) => input.id)).to.deep.equal(parts.map((part) => `part-${part}`));
    expect(form.querySelector('label[for="part-chosen"]')!.textContent).to.equal('::part(chosen)');
    const input = form.querySelector<HTMLInputElement>('#part-submit')!;
    const rule = () =>
      document.adoptedStyleSheets
        .flatMap((sheet) => [...sheet.cssRules])
        .find((each) => each instanceof CSSStyleRule && each.selectorText === '[data-playground]::part(submit)') as CSSStyleRule;
    input.value = 'border-radius: 0; color: teal';
    input.dispatchEvent(new Event('input'));
    expect(rule().style.cssText).to.equal('border-radius: 0px; color: teal;');
    // A brace cannot close the rule: the declarations are parsed as declarations, and what is not one is dropped.
    input.value = 'color: red } body { display: none';
    input.dispatchEvent(new Event('input'));
    expect(rule().style.display).to.equal('');
    expect(getComputedStyle(document.body).display).to.equal('block');
    expect(widget.hasAttribute('data-playground')).to.be.true;
  });
});
