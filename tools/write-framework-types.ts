/**
 * The last step of `npm run build`: dist/types/{react,preact,solid,vue,svelte}.d.ts, the types that let each framework's
 * own checker (tsc, vue-tsc, svelte-check) check `<prepaid-upgrade>` in its templates, each beside an empty module
 * (`react.js`: `export {};`) so that `import 'prepaid-upgrade/types/react'` also works at run time.
 *
 * Everything comes from custom-elements.json: the tag, the attributes, the settable properties and the events. Nothing
 * is written here per attribute or event. The types of the properties are the class's own, by indexed access
 * (`PrepaidUpgrade['tokenProvider']`), and each event's type is the class the manifest names, all imported from the
 * package's entry (`../lib/index.js`). test/node/framework-types.test.ts checks the output against the manifest, and
 * type-checks the framework apps of test/frameworks and the mistakes of test/frameworks/type-mistakes with it.
 *
 * An attribute's value is text; what each framework accepts for one, from the manifest's type:
 * - `string`: `string`;
 * - `number`: number | `${number}` — frameworks write a number as its text, and the text must read as one (the
 *   element's `type: Number` makes anything else `NaN`);
 * - `boolean`: `'true' | 'false'`. The manifest cannot say how a boolean attribute is read. This element has no
 *   presence-only attribute: its boolean one, `manage-renewal`, is read by the converter `onUnlessFalse` (on unless
 *   the text `false`). A `boolean` value would
 *   also mean different things per framework: React and Preact remove the attribute for `false` (which leaves the
 *   switch on), Vue, Svelte and Solid write the text `false`. The test checks that every boolean attribute is
 *   read by `onUnlessFalse`.
 * The property forms (camelCase, or an attribute whose name is its property's, such as `timeout`, which React,
 * Preact and Svelte set as a property because the element has one by that name) take the property's own type.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'dist/types');

// ---------------------------------------------------------------------------------------------------------------------
// The manifest, read once into what every framework's file needs.

interface ManifestAttribute {
  name: string;
  fieldName?: string;
  type?: { text: string };
  description?: string;
}
interface ManifestMember {
  kind: 'field' | 'method';
  name: string;
  static?: boolean;
  privacy?: 'public' | 'protected' | 'private';
  readonly?: boolean;
  attribute?: string;
  description?: string;
}
interface ManifestEvent {
  name: string;
  type?: { text: string };
  description?: string;
}
interface ManifestDeclaration {
  kind: string;
  name: string;
  customElement?: boolean;
  tagName?: string;
  attributes?: ManifestAttribute[];
  members?: ManifestMember[];
  events?: ManifestEvent[];
  slots?: Array<{ name: string }>;
}
interface Manifest {
  modules: Array<{ path: string; declarations?: ManifestDeclaration[]; exports?: Array<{ kind: string; name: string }> }>;
}

interface Attribute {
  /** The attribute's name (kebab-case). */
  name: string;
  /** The property it sets, if any (`lang`, the global attribute, has none). */
  fieldName: string | undefined;
  /** The TypeScript type of its value when written as an attribute (text). */
  textType: string;
  description: string | undefined;
}
interface Property {
  /** The property's name (camelCase). */
  name: string;
  /** The attribute that also sets it, if any. */
  attribute: string | undefined;
  description: string | undefined;
}
interface ElementEvent {
  /** The event's name, as dispatched: `prepaid-upgrade-success`. */
  name: string;
  /** The event's class, exported by the package's entry. */
  className: string;
  description: string | undefined;
}
interface ElementTypes {
  tagName: string;
  className: string;
  attributes: Attribute[];
  /** The public fields that can be set (not `readonly`, not static); the read-only ones are named by no file. */
  properties: Property[];
  events: ElementEvent[];
  /** The names of its slots (`''` for the default one). */
  slots: string[];
}

/** The attribute form's type, from the manifest's type text (see the file's comment). */
function textTypeOf(attribute: ManifestAttribute): string {
  const types = (attribute.type?.text ?? 'string')
    .split('|')
    .map((type) => type.trim())
    .filter((type) => type !== 'undefined' && type !== 'null');
  const forms = types.map((type) => {
    if (type === 'string') return 'string';
    if (type === 'number') return 'number | `${number}`';
    if (type === 'boolean') return "'true' | 'false'";
    throw new Error(`<${attribute.name}>: no attribute form for the type \`${type}\` (teach tools/write-framework-types.ts)`);
  });
  return [...new Set(forms)].join(' | ');
}

function readElement(manifest: Manifest): ElementTypes {
  const declarations = manifest.modules.flatMap((module) => module.declarations ?? []);
  const elements = declarations.filter((declaration) => declaration.customElement && declaration.tagName);
  if (elements.length !== 1) throw new Error(`custom-elements.json: expected one custom element, found ${elements.length}`);
  const element = elements[0]!;
  const exported = new Set(manifest.modules.flatMap((module) => (module.exports ?? []).map((entry) => entry.name)));

  const fields = (element.members ?? []).filter(
    (member) => member.kind === 'field' && !member.static && (member.privacy ?? 'public') === 'public',
  );
  const events = (element.events ?? []).map((event) => {
    const className = event.type?.text;
    if (!className || !exported.has(className)) {
      throw new Error(`custom-elements.json: the event ${event.name} needs the name of an exported class as its type`);
    }
    return { name: event.name, className, description: event.description };
  });
  return {
    tagName: element.tagName!,
    className: element.name,
    attributes: (element.attributes ?? []).map((attribute) => ({
      name: attribute.name,
      fieldName: attribute.fieldName,
      textType: textTypeOf(attribute),
      description: attribute.description,
    })),
    properties: fields
      .filter((field) => !field.readonly)
      .map((field) => ({ name: field.name, attribute: field.attribute, description: field.description })),
    events,
    slots: (element.slots ?? []).map((slot) => slot.name),
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Pieces of TypeScript that several files share.

/** `'subscription-id'`, quoted when it is not an identifier. */
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

/** A JSDoc comment, one `*` line per line of the description. */
function doc(description: string | undefined, ...notes: string[]): string {
  const lines = [description, ...notes].filter(Boolean).join('\n\n').split('\n');
  if (!lines.join('')) return '';
  if (lines.length === 1) return `/** ${lines[0]!.replaceAll('*/', '*\\/')} */\n`;
  return `/**\n${lines.map((line) => ` * ${line.replaceAll('*/', '*\\/')}`.trimEnd()).join('\n')}\n */\n`;
}

/** `    name?: type;`, with its comment. */
const member = (name: string, type: string, description?: string, ...notes: string[]) =>
  `${doc(description, ...notes)}${key(name)}?: ${type};\n`;

const propertyType = (element: ElementTypes, property: string) => `${element.className}['${property}']`;

/**
 * The attributes by their own names, for the frameworks (React, Preact, Svelte) that set a name as a property when
 * the element has a property by that name, and as an attribute otherwise.
 */
function attributesByName(element: ElementTypes): string {
  return element.attributes
    .map((attribute) =>
      attribute.fieldName === attribute.name
        ? member(attribute.name, propertyType(element, attribute.fieldName), attribute.description, 'Set as the property of the same name.')
        : member(attribute.name, `${attribute.textType} | undefined`, attribute.description),
    )
    .join('');
}

/** The settable properties by their camelCase names (skipping those an attribute of the same name already gave). */
function propertiesByName(element: ElementTypes, skip: ReadonlySet<string> = new Set()): string {
  return element.properties
    .filter((property) => !skip.has(property.name))
    .map((property) => member(property.name, propertyType(element, property.name), property.description))
    .join('');
}

const attributeNames = (element: ElementTypes) => new Set(element.attributes.map((attribute) => attribute.name));

/** Each event as `<prefix><event name>?: <handler>`. */
function eventHandlers(element: ElementTypes, prefix: string, handler: (event: ElementEvent) => string): string {
  return element.events.map((event) => member(`${prefix}${event.name}`, `${handler(event)} | undefined`, event.description)).join('');
}

const typeImports = (element: ElementTypes) =>
  `import type { ${[element.className, ...element.events.map((event) => event.className)].join(', ')} } from '../lib/index.js';\n`;

/** Names of the element's own for the examples of each file's comment: an attribute, a property and an event. */
function examplesOf(element: ElementTypes) {
  const attribute = element.attributes.find((attribute) => attribute.fieldName && attribute.fieldName !== attribute.name);
  const sameName = element.attributes.find((attribute) => attribute.fieldName === attribute.name);
  const propertyOnly = element.properties.find((property) => !property.attribute) ?? element.properties[0];
  const switchAttribute = element.attributes.find((attribute) => attribute.textType === "'true' | 'false'");
  return {
    /** An attribute that sets a property of another name: `subscription-id`. */
    attribute: attribute?.name ?? 'an-attribute',
    /** Properties that React, Preact, Svelte and Vue set as properties: `tokenProvider`, and `timeout`. */
    properties: [propertyOnly?.name ?? 'aProperty', ...(sameName ? [sameName.name] : [])].map((name) => `\`${name}\``).join(', '),
    property: propertyOnly?.name ?? 'aProperty',
    event: element.events[0]?.name ?? 'an-event',
    switchAttribute: switchAttribute?.name,
  };
}

function header(element: ElementTypes, framework: string, where: string, usage: string): string {
  return `/**
 * ${framework} types of <${element.tagName}>: its attributes, properties and events in ${where}.
 *
 * Generated from custom-elements.json by tools/write-framework-types.ts (\`npm run build\`): do not edit.
 *
 * Use: ${usage}
 */
`;
}

// ---------------------------------------------------------------------------------------------------------------------
// One function per framework.

function react(element: ElementTypes): string {
  const props = `${element.className}ReactProps`;
  const example = examplesOf(element);
  return `${header(
    element,
    'React 19',
    "React 19's JSX",
    `import it once in a file of the app, \`import type {} from 'prepaid-upgrade/types/react';\` (or list
 * \`prepaid-upgrade/types/react\` in tsconfig.json's \`compilerOptions.types\`).
 *
 * React 19 sets a prop as the element's property when the element has one by that name (${example.properties}), as an
 * attribute otherwise (\`${example.attribute}\`), and listens to \`on\` + the exact event name (\`on${example.event}\`).`,
  )}
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
${typeImports(element)}
/** The props of <${element.tagName}> in React 19's JSX. */
export interface ${props} extends DetailedHTMLProps<HTMLAttributes<${element.className}>, ${element.className}> {
${attributesByName(element)}
${propertiesByName(element, attributeNames(element))}
${eventHandlers(element, 'on', (event) => `((event: ${event.className}) => void)`)}
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      '${element.tagName}': ${props};
    }
  }
}
`;
}

function preact(element: ElementTypes): string {
  const props = `${element.className}PreactProps`;
  const example = examplesOf(element);
  return `${header(
    element,
    'Preact',
    "Preact's JSX",
    `import it once in a file of the app, \`import type {} from 'prepaid-upgrade/types/preact';\` (or list
 * \`prepaid-upgrade/types/preact\` in tsconfig.json's \`compilerOptions.types\`).
 *
 * Preact sets a prop as the element's property when the element has one by that name (${example.properties}), as an
 * attribute otherwise (\`${example.attribute}\`), and listens to what follows \`on\` (\`on${example.event}\`).`,
  )}
import type { HTMLAttributes } from 'preact';
${typeImports(element)}
/** The props of <${element.tagName}> in Preact's JSX (\`ref\` and \`key\` included). */
export interface ${props} extends HTMLAttributes<${element.className}> {
${attributesByName(element)}
${propertiesByName(element, attributeNames(element))}
${eventHandlers(element, 'on', (event) => `((event: ${event.className}) => void)`)}
}

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      '${element.tagName}': ${props};
    }
  }
}
`;
}

/** \`tokenProvider\` → \`token-provider\`: the plain name that Solid's compiler turns back into the property's. */
const hyphenate = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function solid(element: ElementTypes): string {
  const props = `${element.className}SolidProps`;
  const example = examplesOf(element);
  const plain = element.properties.map((property) => {
    const name = hyphenate(property.name);
    return member(name, propertyType(element, property.name), property.description, `Sets the property \`${property.name}\`.`);
  });
  // A camelCase name would set a property in lower case (`el.tokenprovider`): a mistake to report.
  const camelCase = element.properties
    .filter((property) => hyphenate(property.name) !== property.name)
    .map((property) =>
      member(
        property.name,
        'never',
        undefined,
        `Solid would set \`${property.name.toLowerCase()}\`, in lower case: write \`prop:${property.name}\` or \`${hyphenate(property.name)}\`.`,
      ),
    );
  return `${header(
    element,
    'Solid',
    "Solid's JSX",
    `import it once in a file of the app, \`import type {} from 'prepaid-upgrade/types/solid';\` (or list
 * \`prepaid-upgrade/types/solid\` in tsconfig.json's \`compilerOptions.types\`).
 *
 * Solid's explicit forms: \`attr:${example.attribute}\` sets the attribute, \`prop:${example.property}\` the property, and
 * \`on:${example.event}\` listens to the event. On a custom element Solid sets any other prop as a property, named by
 * turning kebab-case into camelCase and lowering the rest (\`${hyphenate(example.property)}\` sets \`${example.property}\`, but
 * \`${example.property}\` would set \`${example.property.toLowerCase()}\`): the kebab-case names are typed as the properties they
 * set, and the camelCase ones are errors.`,
  )}
import type { JSX } from 'solid-js';
${typeImports(element)}
/** The props of <${element.tagName}> in Solid's JSX. */
export interface ${props} extends JSX.HTMLAttributes<${element.className}> {
${element.attributes.map((attribute) => member(`attr:${attribute.name}`, `${attribute.textType} | undefined`, attribute.description)).join('')}
${element.properties.map((property) => member(`prop:${property.name}`, propertyType(element, property.name), property.description)).join('')}
${plain.join('')}
${camelCase.join('')}
${eventHandlers(element, 'on:', (event) => `JSX.EventHandlerWithOptionsUnion<${element.className}, ${event.className}>`)}
}

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements {
      '${element.tagName}': ${props};
    }
  }
}
`;
}

/** `prepaid-upgrade-success` → `onPrepaidUpgradeSuccess`: the prop of Vue's `@prepaid-upgrade-success`. */
const vueEventProp = (name: string) => `on${name.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase())}`;

function vue(element: ElementTypes): string {
  const events = `${element.className}VueEvents`;
  const props = `${element.className}VueProps`;
  const component = `${element.className}VueElement`;
  const example = examplesOf(element);
  const camelAttribute = element.attributes.find((attribute) => attribute.name === example.attribute)?.fieldName ?? example.attribute;
  return `${header(
    element,
    'Vue 3',
    'Vue templates (vue-tsc)',
    `import it once in a file of the app, \`import type {} from 'prepaid-upgrade/types/vue';\` (or list
 * \`prepaid-upgrade/types/vue\` in tsconfig.json's \`compilerOptions.types\`), for vue-tsc (with
 * \`vueCompilerOptions.strictTemplates\`, unknown props and events are errors too). Vite's Vue plugin still needs
 * \`isCustomElement: (tag) => tag === '${element.tagName}'\`, so that Vue renders the tag rather than resolving a component.
 *
 * Vue's documented pattern for custom elements not built with Vue ("Non-Vue Web Components and TypeScript"): a
 * constructor type whose \`$props\` are the properties and whose \`$emit\` are the events. vue-tsc reads
 * \`:${example.attribute}\` as \`${camelAttribute}\`, so both spellings take the property's type. Vue sets a name as the
 * element's property when the element has one by that name (${example.properties}), as an attribute otherwise
 * (\`:${example.attribute}\`, whose value Vue writes as text${example.switchAttribute ? `: \`:${example.switchAttribute}="false"\` turns it off` : ''}).`,
  )}
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
${typeImports(element)}
/** The events of <${element.tagName}>, by name. */
export interface ${events} {
${element.events.map((event) => `${doc(event.description)}${key(event.name)}: ${event.className};\n`).join('')}
}

/** The props of <${element.tagName}> in Vue templates: its properties, and a handler per event. */
export interface ${props} {
${propertiesByName(element)}
${element.events.map((event) => member(vueEventProp(event.name), `((event: ${event.className}) => void) | undefined`, event.description)).join('')}
}

/** <${element.tagName}> as vue-tsc sees a component: the element, with the props and events of its template. */
export type ${component} = new () => ${element.className} & {
  /** @deprecated Not on the element: the props of Vue's template type checking only. */
  $props: HTMLAttributes & PublicProps & ${props};
  /** @deprecated Not on the element: the events of Vue's template type checking only. */
  $emit: EmitFn<{ [Name in keyof ${events}]: (event: ${events}[Name]) => void }>;
};

declare module 'vue' {
  interface GlobalComponents {
    '${element.tagName}': ${component};
  }${
    element.slots.some(Boolean)
      ? `

  // Children go into the element's slots (${element.slots.filter(Boolean).join(', ')}) by the HTML attribute \`slot\`, which
  // Vue's HTMLAttributes leave out (Vue 2's slot syntax): with strictTemplates, \`<h3 slot="heading">\` is then an
  // unknown prop. Vue 3 renders it as the attribute it is.
  interface HTMLAttributes {
    slot?: string | undefined;
  }`
      : ''
  }
}
`;
}

function svelte(element: ElementTypes): string {
  const attributes = `${element.className}SvelteAttributes`;
  const example = examplesOf(element);
  return `${header(
    element,
    'Svelte 5',
    'Svelte templates (svelte-check)',
    `import it once in a file of the app, \`import type {} from 'prepaid-upgrade/types/svelte';\` in a
 * \`<script lang="ts">\` (or list \`prepaid-upgrade/types/svelte\` in tsconfig.json's \`compilerOptions.types\`), for
 * svelte-check.
 *
 * Svelte 5 sets a name as the element's property when the element has a setter by that name (${example.properties}), as
 * an attribute otherwise (\`${example.attribute}\`), and listens to what follows \`on\` (\`on${example.event}\`).`,
  )}
import type { HTMLAttributes } from 'svelte/elements';
${typeImports(element)}
/** The attributes of <${element.tagName}> in Svelte 5 templates. */
export interface ${attributes} extends HTMLAttributes<${element.className}> {
${attributesByName(element)}
${propertiesByName(element, attributeNames(element))}
${eventHandlers(element, 'on', (event) => `((event: ${event.className}) => void)`)}
}

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    '${element.tagName}': ${attributes};
  }
}
`;
}

const frameworks = { react, preact, solid, vue, svelte } satisfies Record<string, (element: ElementTypes) => string>;

/** The frameworks with a file in dist/types/ (and so an entry `prepaid-upgrade/types/<name>`). */
export const FRAMEWORK_TYPES = Object.keys(frameworks) as Array<keyof typeof frameworks>;

async function writeFrameworkTypes(): Promise<void> {
  const manifest = JSON.parse(await readFile(join(root, 'custom-elements.json'), 'utf8')) as Manifest;
  const element = readElement(manifest);
  const prettier = { ...(await resolveConfig(join(outDir, 'react.d.ts'))), parser: 'typescript' };
  await mkdir(outDir, { recursive: true });
  for (const [name, write] of Object.entries(frameworks)) {
    await writeFile(join(outDir, `${name}.d.ts`), await format(write(element), prettier));
    await writeFile(join(outDir, `${name}.js`), 'export {};\n');
  }
  console.log(`dist/types/: ${FRAMEWORK_TYPES.join(', ')}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) await writeFrameworkTypes();
