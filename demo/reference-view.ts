// The element's reference, read from custom-elements.json: the Custom Elements Manifest that the build writes from the
// element's JSDoc. Every table here is what the manifest says, nothing more: a property documented in the source
// shows up here without a line of this file changing. Everything is inserted as text.

/** The parts of the manifest this page reads (the Custom Elements Manifest schema, reduced). */
interface Described {
  name: string;
  description?: string;
}
interface Typed extends Described {
  type?: { text?: string };
  default?: string;
}
export interface ManifestElement {
  tagName: string;
  description?: string;
  attributes?: Array<Typed & { fieldName?: string }>;
  members?: Array<Typed & { kind: 'field' | 'method'; static?: boolean; readonly?: boolean; privacy?: string }>;
  events?: Typed[];
  cssParts?: Described[];
  cssProperties?: Array<Described & { default?: string }>;
  cssStates?: Described[];
  slots?: Described[];
}
interface Manifest {
  modules: Array<{ declarations?: Array<Partial<ManifestElement> & { customElement?: boolean }> }>;
}

export interface Section {
  id: string;
  title: string;
  columns: string[];
  rows: string[][];
}

/** The manifest's declaration of `tagName`. */
export function elementOf(manifest: Manifest, tagName: string): ManifestElement {
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.customElement && declaration.tagName === tagName) return declaration as ManifestElement;
    }
  }
  throw new Error(`custom-elements.json declares no <${tagName}>`);
}

const text = (value: string | undefined) => value ?? '';

/** The reference's tables, in the order of the API reference guide (docs/api.md). */
export function sectionsOf(element: ManifestElement): Section[] {
  const attributeFields = new Set((element.attributes ?? []).map((attribute) => attribute.fieldName));
  const members = element.members ?? [];
  return [
    {
      id: 'attributes',
      title: 'Attributes',
      columns: ['attribute', 'property', 'type', 'default', 'description'],
      rows: (element.attributes ?? []).map((a) => [a.name, text(a.fieldName), text(a.type?.text), text(a.default), text(a.description)]),
    },
    {
      id: 'properties',
      title: 'Properties only',
      columns: ['property', 'type', 'description'],
      rows: members
        .filter((m) => m.kind === 'field' && !attributeFields.has(m.name))
        .map((m) => [m.readonly ? `${m.name} (read-only)` : m.name, text(m.type?.text), text(m.description)]),
    },
    {
      id: 'methods',
      title: 'Methods',
      columns: ['method', 'description'],
      rows: members.filter((m) => m.kind === 'method').map((m) => [`${m.name}()`, text(m.description)]),
    },
    { id: 'events', title: 'Events', columns: ['event', 'description'], rows: rowsOf(element.events) },
    { id: 'parts', title: 'Parts', columns: ['part', 'description'], rows: rowsOf(element.cssParts) },
    {
      id: 'custom-properties',
      title: 'Custom properties',
      columns: ['custom property', 'default', 'description'],
      rows: (element.cssProperties ?? []).map((p) => [p.name, text(p.default), text(p.description)]),
    },
    { id: 'slots', title: 'Slots', columns: ['slot', 'description'], rows: rowsOf(element.slots) },
    { id: 'states', title: 'Custom states', columns: ['state', 'description'], rows: rowsOf(element.cssStates) },
  ];
}

const rowsOf = (entries: Described[] | undefined) => (entries ?? []).map((entry) => [entry.name, text(entry.description)]);

/** Each section as a heading and a table, appended to `container`. */
export function renderSections(container: HTMLElement, sections: Section[]): void {
  for (const section of sections) {
    const wrapper = document.createElement('section');
    wrapper.id = section.id;
    const heading = document.createElement('h2');
    heading.id = `${section.id}-heading`;
    heading.textContent = section.title;
    const table = document.createElement('table');
    const head = table.createTHead().insertRow();
    for (const column of section.columns) {
      const cell = document.createElement('th');
      cell.scope = 'col';
      cell.textContent = column;
      head.append(cell);
    }
    const body = table.createTBody();
    for (const row of section.rows) {
      const tableRow = body.insertRow();
      row.forEach((value, index) => {
        const cell = index === 0 ? document.createElement('th') : tableRow.insertCell();
        if (index === 0) {
          cell.setAttribute('scope', 'row');
          tableRow.append(cell);
        }
        const code = index === 0 || section.columns[index] === 'type' || section.columns[index] === 'default';
        if (code && value) cell.append(Object.assign(document.createElement('code'), { textContent: value }));
        else cell.textContent = value;
      });
    }
    // A wide table scrolls on its own on a narrow screen, and can be reached by keyboard to do so.
    const scroller = document.createElement('div');
    scroller.className = 'table-scroll';
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-labelledby', heading.id);
    scroller.append(table);
    wrapper.append(heading, scroller);
    container.append(wrapper);
  }
}

/** The playground's part rules, one style sheet of the document's, made once and emptied for each new widget. */
let partRules: CSSStyleSheet | undefined;

/**
 * The playground's controls: a text field for each attribute and each custom property the manifest lists, which
 * sets it on `widget` as it is typed (an empty field removes it), and one for each part, whose declarations become the
 * rule `::part(name)` of `widget`. The fields start with the widget's own values. The part rules are set through the
 * CSSOM, declaration text only: what is typed cannot close the rule and style anything else.
 */
export function renderPlayground(form: HTMLElement, element: ManifestElement, widget: HTMLElement): void {
  if (!partRules) {
    partRules = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, partRules];
  }
  const rules = partRules;
  rules.replaceSync('');
  widget.setAttribute('data-playground', '');
  const field = (group: string, name: string, value: string, placeholder: string | undefined, apply: (value: string) => void) => {
    const id = `${group}-${name.replace(/^-+/, '')}`;
    const label = Object.assign(document.createElement('label'), { htmlFor: id, textContent: name });
    const input = Object.assign(document.createElement('input'), { id, type: 'text', value, spellcheck: false });
    if (placeholder) input.placeholder = placeholder;
    input.addEventListener('input', () => apply(input.value.trim()));
    const row = document.createElement('div');
    row.className = 'field';
    row.append(label, input);
    return row;
  };
  const fieldset = (legend: string, rows: HTMLElement[]) => {
    const set = document.createElement('fieldset');
    set.append(Object.assign(document.createElement('legend'), { textContent: legend }), ...rows);
    return set;
  };
  form.append(
    fieldset(
      'Attributes',
      (element.attributes ?? []).map((attribute) =>
        field('attribute', attribute.name, widget.getAttribute(attribute.name) ?? '', attribute.default, (value) =>
          value ? widget.setAttribute(attribute.name, value) : widget.removeAttribute(attribute.name),
        ),
      ),
    ),
    fieldset(
      'Custom properties',
      (element.cssProperties ?? []).map((property) =>
        field('property', property.name, widget.style.getPropertyValue(property.name), property.default, (value) =>
          value ? widget.style.setProperty(property.name, value) : widget.style.removeProperty(property.name),
        ),
      ),
    ),
    fieldset(
      'Parts',
      (element.cssParts ?? []).map((part) => {
        const rule = rules.cssRules[rules.insertRule(`[data-playground]::part(${part.name}) {}`, rules.cssRules.length)] as CSSStyleRule;
        const row = field('part', part.name, '', 'declarations, such as color: teal', (value) => (rule.style.cssText = value));
        row.querySelector('label')!.textContent = `::part(${part.name})`;
        return row;
      }),
    ),
  );
}
