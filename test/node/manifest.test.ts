// The Custom Elements Manifest and the tables of the API reference (docs/api.md) describe the same element: this
// generates the manifest afresh (as `npm run manifest` does, without writing it) and checks, kind by kind, that the
// reference's tables list exactly what the manifest lists. Tables are found by their header row, wherever they stand
// in the reference.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { before, describe, it } from 'node:test';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The guide whose tables are the public API (CHANGELOG.md says so). */
const REFERENCE = 'docs/api.md';

interface Named {
  name: string;
  description?: string;
  default?: string;
}
interface Attribute extends Named {
  fieldName?: string;
}
interface Member extends Named {
  kind: 'field' | 'method';
  static?: boolean;
  privacy?: string;
  attribute?: string;
}
interface Event extends Named {
  type?: { text: string };
}
interface Declaration {
  kind: string;
  name: string;
  customElement?: boolean;
  tagName?: string;
  attributes?: Attribute[];
  members?: Member[];
  events?: Event[];
  slots?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
  cssStates?: Named[];
  superclass?: { name: string; module?: string; package?: string };
}
interface Reference {
  name: string;
  module?: string;
  package?: string;
}
interface Manifest {
  modules: Array<{ path: string; declarations?: Declaration[]; exports?: Array<{ kind: string; name: string; declaration: Reference }> }>;
}

/** The analyzer's programmatic entry: reads custom-elements-manifest.config.mjs and returns the manifest. */
async function analyze(): Promise<Manifest> {
  // A variable specifier: the analyzer ships no types for its CLI module.
  const specifier = '@custom-elements-manifest/analyzer/cli.js';
  const { cli } = (await import(specifier)) as { cli(options: { argv: string[]; cwd: string; noWrite: boolean }): Promise<Manifest> };
  return cli({ argv: ['analyze', '--quiet'], cwd: root, noWrite: true });
}

/** A Markdown table: its header cells and its rows, each cell as written. */
interface Table {
  line: number;
  header: string[];
  rows: string[][];
}

/** Splits `| a | b |` into cells; a `|` inside a code span or escaped as `\|` belongs to its cell. */
function cells(line: string): string[] {
  const result: string[] = [];
  let cell = '';
  let inCode = false;
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char === '\\' && body[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (char === '`') {
      inCode = !inCode;
      cell += char;
    } else if (char === '|' && !inCode) {
      result.push(cell.trim());
      cell = '';
    } else {
      cell += char;
    }
  }
  result.push(cell.trim());
  return result;
}

function markdownTables(markdown: string): Table[] {
  const lines = markdown.split('\n');
  const tables: Table[] = [];
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*(```|~~~)/.test(lines[i]!)) inFence = !inFence;
    if (inFence || !lines[i]!.trim().startsWith('|') || !/^\s*\|?\s*:?-{3,}/.test(lines[i + 1] ?? '')) continue;
    const table: Table = { line: i + 1, header: cells(lines[i]!), rows: [] };
    for (i += 2; i < lines.length && lines[i]!.trim().startsWith('|'); i++) table.rows.push(cells(lines[i]!));
    tables.push(table);
  }
  return tables;
}

/** The name a row documents: the first code span of its first cell, without the `()` of a method. */
const rowName = (row: string[]) => (/`([^`]+)`/.exec(row[0] ?? '')?.[1] ?? row[0] ?? '').replace(/\(\)$/, '').trim();

type Kind = 'attributes' | 'properties' | 'events' | 'parts' | 'slots' | 'custom properties' | 'states';

/** Which kind of API a table documents, from the first cell of its header; undefined for every other table. */
function kindOf(table: Table): Kind | undefined {
  const first = table.header[0]!.toLowerCase().replaceAll('`', '').trim();
  const names = table.rows.map(rowName);
  if (first === 'attribute') return 'attributes';
  if (first === 'property') return names.length > 0 && names.every((name) => name.startsWith('--')) ? 'custom properties' : 'properties';
  if (['custom property', 'css custom property', 'css property'].includes(first)) return 'custom properties';
  if (first === 'event') return 'events';
  if (first === 'part' || first === 'css part') return 'parts';
  if (first === 'slot') return 'slots';
  if (['state', 'css state', 'custom state'].includes(first)) return 'states';
  return undefined;
}

/** "The reference lists / manifest lists" in both directions, or undefined when they agree. */
function difference(kind: Kind, reference: string[], manifest: string[], tables: Table[]): string | undefined {
  const onlyReference = reference.filter((name) => !manifest.includes(name));
  const onlyManifest = manifest.filter((name) => !reference.includes(name));
  const duplicated = reference.filter((name, index) => reference.indexOf(name) !== index);
  if (onlyReference.length + onlyManifest.length + duplicated.length === 0) return undefined;
  const where = tables.length
    ? `${REFERENCE}'s table(s) of ${kind} at line ${tables.map((table) => table.line).join(', ')}`
    : `${REFERENCE} (no table of ${kind} found)`;
  return [
    `${where} and custom-elements.json disagree:`,
    ...onlyManifest.map((name) => `  + ${name}    (in the manifest, missing from ${REFERENCE})`),
    ...onlyReference.map(
      (name) => `  - ${name}    (in ${REFERENCE}, not in the manifest: a typo, or no JSDoc for it in src/prepaid-upgrade.ts?)`,
    ),
    ...duplicated.map((name) => `  = ${name}    (listed more than once in ${REFERENCE})`),
  ].join('\n');
}

/** A default cell that is one code span is a value; "—", "required" or words say there is no fixed one. */
const documentedDefault = (cell: string | undefined) => /^`([^`]+)`$/.exec((cell ?? '').trim())?.[1];

describe('custom-elements.json', () => {
  let manifest: Manifest;
  let element: Declaration;
  let tables: Array<Table & { kind: Kind }>;

  before(async () => {
    manifest = await analyze();
    const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.customElement);
    assert.equal(elements.length, 1, 'the manifest describes one custom element');
    element = elements[0]!;
    tables = markdownTables(await readFile(`${root}${REFERENCE}`, 'utf8')).flatMap((table) => {
      const kind = kindOf(table);
      return kind ? [{ ...table, kind }] : [];
    });
  });

  describe('describes the element from its JSDoc', () => {
    it('names the tag, and the registration in the package entry', () => {
      assert.equal(element.tagName, 'prepaid-upgrade');
      const definitions = manifest.modules.flatMap((module) =>
        (module.exports ?? [])
          .filter((entry) => entry.kind === 'custom-element-definition')
          .map((entry) => ({ module: module.path, ...entry })),
      );
      assert.deepEqual(definitions, [
        {
          module: 'dist/lib/index.js',
          kind: 'custom-element-definition',
          name: 'prepaid-upgrade',
          declaration: { name: 'PrepaidUpgrade', module: 'dist/lib/prepaid-upgrade.js' },
        },
      ]);
    });

    it('documents every attribute, property, event, slot, part, custom property and state', () => {
      const described = (list: Named[] | undefined, what: string) => {
        assert.ok(list && list.length > 0, `no ${what}`);
        for (const item of list) assert.ok(item.description, `${what} ${item.name} has no description`);
      };
      described(element.attributes, 'attribute');
      described(element.members, 'member');
      described(element.events, 'event');
      described(element.slots, 'slot');
      described(element.cssParts, 'part');
      described(element.cssProperties, 'custom property');
      described(element.cssStates, 'state');
      for (const property of element.cssProperties!) assert.ok(property.default, `${property.name} has no default`);
    });

    it('keeps the styling names of earlier releases: a theme written for them still applies', () => {
      const names = (list: Named[] | undefined) => (list ?? []).map((item) => item.name);
      const parts = ['base', 'header', 'picker', 'product', 'form', 'orders', 'orders-option', 'renewal', 'renewal-option', 'summary'];
      parts.push('savings', 'submit', 'manage', 'manage-submit', 'status', 'error', 'retry', 'success');
      const properties = ['accent', 'text', 'background', 'border', 'radius', 'gap', 'font', 'error'].map(
        (name) => `--prepaid-upgrade-${name}`,
      );
      const states = ['loading', 'ready', 'ineligible', 'prepaid', 'submitting', 'success', 'error'];
      assert.deepEqual(
        parts.filter((name) => !names(element.cssParts).includes(name)),
        [],
        'parts',
      );
      assert.deepEqual(
        properties.filter((name) => !names(element.cssProperties).includes(name)),
        [],
        'custom properties',
      );
      assert.deepEqual(
        states.filter((name) => !names(element.cssStates).includes(name)),
        [],
        'states',
      );
    });

    it('leaves out private members and reactive state', () => {
      for (const member of element.members!)
        assert.ok(!member.privacy || member.privacy === 'public', `${member.name} is ${member.privacy}`);
      const fields = new Set(element.members!.map((member) => member.name));
      // `lang` is HTML's own global attribute: HTMLElement already has its property.
      const global = new Set(['lang']);
      for (const attribute of element.attributes!) {
        assert.ok(global.has(attribute.name) || fields.has(attribute.fieldName!), `attribute ${attribute.name} has no public field`);
      }
    });

    it('types each event with its class, which the package exports', () => {
      const exported = new Set(
        manifest.modules.find((module) => module.path === 'dist/lib/events.js')!.exports!.map((entry) => entry.name),
      );
      for (const event of element.events!)
        assert.ok(event.type && exported.has(event.type.text), `${event.name} has type ${event.type?.text}`);
    });

    it('points at the published JavaScript, compiled from existing sources', () => {
      const references: string[] = [];
      for (const module of manifest.modules) {
        references.push(module.path);
        for (const entry of module.exports ?? []) if (entry.declaration.module) references.push(entry.declaration.module);
        for (const declaration of module.declarations ?? [])
          if (declaration.superclass?.module) references.push(declaration.superclass.module);
      }
      for (const path of references) {
        const match = /^dist\/lib\/(.+)\.js$/.exec(path);
        assert.ok(match, `${path} is not a published module`);
        assert.ok(existsSync(`${root}src/${match[1]}.ts`), `${path} has no source src/${match[1]}.ts`);
      }
    });
  });

  describe('agrees with the API reference', () => {
    const check = (kind: Kind, manifestNames: () => string[]) => {
      it(`lists the same ${kind}`, () => {
        const ofKind = tables.filter((table) => table.kind === kind);
        const documentedNames = ofKind.flatMap((table) => table.rows.map(rowName));
        const message = difference(kind, documentedNames, manifestNames(), ofKind);
        if (message) assert.fail(message);
      });
    };
    check('attributes', () => element.attributes!.map((attribute) => attribute.name));
    check('properties', () => element.members!.filter((member) => !member.attribute && !member.static).map((member) => member.name));
    check('events', () => element.events!.map((event) => event.name));
    check('parts', () => element.cssParts!.map((part) => part.name));
    check('slots', () => element.slots!.map((slot) => slot.name));
    check('custom properties', () => element.cssProperties!.map((property) => property.name));
    check('states', () => element.cssStates!.map((state) => state.name));

    it('gives each attribute the same default', () => {
      const problems: string[] = [];
      for (const table of tables.filter((table) => table.kind === 'attributes')) {
        const column = table.header.findIndex((cell) => cell.toLowerCase() === 'default');
        assert.ok(column > 0, `the table of attributes at line ${table.line} has no "default" column`);
        for (const row of table.rows) {
          const attribute = element.attributes!.find((candidate) => candidate.name === rowName(row));
          if (!attribute) continue; // reported by "lists the same attributes"
          const documented = documentedDefault(row[column]);
          if (documented !== attribute.default) {
            problems.push(
              `  ${attribute.name}: ${REFERENCE} ${row[column]} (${documented === undefined ? 'no fixed value' : `\`${documented}\``}), ` +
                `manifest ${attribute.default === undefined ? 'none' : `\`${attribute.default}\``} (from "${attribute.description}")`,
            );
          }
        }
      }
      if (problems.length) {
        assert.fail(
          [
            `${REFERENCE} and custom-elements.json disagree on attribute defaults (a default there in one code span is a value;`,
            'the manifest takes it from "Default `x`", "`x` (default)" or "default <number>" in the property\'s doc comment):',
            ...problems,
          ].join('\n'),
        );
      }
    });
  });
});
