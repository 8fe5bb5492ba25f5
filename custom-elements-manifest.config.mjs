// `npm run manifest` writes custom-elements.json from the JSDoc of src/prepaid-upgrade.ts (the class header and the
// doc comment of each public property), src/events.ts (the event classes) and src/index.ts (the registration).
// test/node/manifest.test.ts checks that the API reference's tables (docs/api.md) list exactly what this manifest lists.
// It then writes the framework types from the manifest: @wc-toolkit/jsx-types makes dist/types/jsx.d.ts, which the
// entries of types/ (`prepaid-upgrade/types/react`, `/preact`, `/solid`, `/svelte`, `/vue`) declare in each framework.
import { readFileSync, writeFileSync } from 'node:fs';
import { jsxTypesPlugin } from '@wc-toolkit/jsx-types';

/**
 * Where a module or a reference points once published: the manifest ships without src/, so `src/x.ts` (and the
 * analyzer's `./x.js`, `/src/x.js` or `src/x.js` forms of it) becomes `dist/lib/x.js`.
 */
function publishedPath(path, from = '') {
  let resolved = path;
  if (/^\.\.?\//.test(path)) resolved = new URL(path, `file:///${from}`).pathname.slice(1);
  resolved = resolved.replace(/^\//, '');
  return resolved.replace(/^src\/(.*)\.(ts|js)$/, 'dist/lib/$1.js');
}

/**
 * The default an attribute's doc comment states: "Default `3,6,12`.", "`production` (default)", "default 6000".
 * A default in words ("default the first option") is not a value, and is left out.
 */
function statedDefault(description = '') {
  const match =
    /\bdefault:? `([^`]+)`/i.exec(description) ??
    /`([^`]+)` \(default\)/i.exec(description) ??
    /\bdefault:? (-?\d+(?:\.\d+)?)\b/i.exec(description);
  return match?.[1];
}

/** LitElement plumbing the analyzer reports as public statics; not part of the element's API. */
const LIT_STATICS = new Set(['styles', 'properties', 'shadowRootOptions', 'elementStyles']);

/**
 * Tidies what the analyzer reads from a Lit element written with `static properties` and `declare` fields:
 * - reactive state (`state: true`) and private members are not API: they go, with the attributes the analyzer
 *   invents for them;
 * - attributes and their fields get the default their doc comment states;
 * - each `@event` tag of the header gets as its type the event class whose `static eventName` it names; an event
 *   the analyzer sees dispatched (`dispatchEvent(new PrepaidUpgradeReadyEvent(…))`) without a tag fails the run;
 * - module paths point at the published JavaScript.
 */
function prepaidUpgradePlugin() {
  // The event classes are made by a factory (`class X extends publicEvent<D>()('prepaid-upgrade-ready') {}`): their
  // name is the string the factory is called with, read here from the source.
  const eventNameOfClass = new Map();
  return {
    name: 'prepaid-upgrade:tidy',
    analyzePhase({ ts, node }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      for (const clause of node.heritageClauses ?? []) {
        const call = clause.types[0]?.expression;
        const name = call && ts.isCallExpression(call) ? call.arguments[0] : undefined;
        if (name && ts.isStringLiteral(name)) eventNameOfClass.set(node.name.text, name.text);
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          const eventName = declaration.members?.find((member) => member.static && member.name === 'eventName');
          if (eventName?.default) eventNameOfClass.set(declaration.name, eventName.default.replace(/^['"]|['"]$/g, ''));
        }
      }

      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          if (!declaration.customElement) continue;
          const isPublic = (member) => !member.privacy || member.privacy === 'public';
          const publicFields = new Set(declaration.members.filter(isPublic).map((member) => member.name));
          declaration.members = declaration.members.filter(
            (member) => isPublic(member) && !(member.static && LIT_STATICS.has(member.name)),
          );
          declaration.attributes = (declaration.attributes ?? []).filter(
            (attribute) => !attribute.fieldName || publicFields.has(attribute.fieldName),
          );

          for (const attribute of declaration.attributes) {
            const field = declaration.members.find((member) => member.name === attribute.fieldName);
            const value = statedDefault(attribute.description ?? field?.description);
            if (value === undefined) continue;
            attribute.default ??= value;
            if (field) field.default ??= field.type?.text?.startsWith('number') ? value : `'${value}'`;
          }

          for (const event of declaration.events ?? []) {
            if (event.name) continue;
            const name = eventNameOfClass.get(event.type?.text);
            if (!declaration.events.some((documented) => documented.name === name)) {
              throw new Error(`custom-elements-manifest: ${name ?? event.type?.text} is dispatched but has no @event tag`);
            }
          }
          const classOfEvent = new Map([...eventNameOfClass].map(([className, eventName]) => [eventName, className]));
          const named = (declaration.events ?? []).filter((event) => event.name);
          for (const event of named) {
            const className = classOfEvent.get(event.name);
            if (!className) throw new Error(`custom-elements-manifest: no event class has the eventName ${event.name}`);
            event.type = { text: className };
          }
          declaration.events = named;
        }
      }

      for (const module of customElementsManifest.modules) {
        const source = module.path;
        const relink = (reference) => {
          if (reference?.module) reference.module = publishedPath(reference.module, source);
        };
        for (const declaration of module.declarations ?? []) {
          // The analyzer gives a global superclass (`Event`) the module it is used in.
          const superclass = declaration.superclass;
          if (superclass?.module === source && !module.declarations.some((other) => other.name === superclass.name)) {
            declaration.superclass = { name: superclass.name, package: 'global:' };
          }
          relink(declaration.superclass);
          for (const member of declaration.members ?? []) relink(member.inheritedFrom);
        }
        for (const entry of module.exports ?? []) relink(entry.declaration);
        module.path = publishedPath(source);
      }
    },
  };
}

/** Where @wc-toolkit/jsx-types writes the element's props in JSX and Solid's forms of them, for the entries of types/. */
const JSX_TYPES = { outdir: 'dist/types', fileName: 'jsx.d.ts' };

/**
 * An attribute's value is text. What a framework may write for one, from the manifest's type:
 * - `string`: `string`;
 * - `number`: number | `${number}`: frameworks write a number as its text, and the text must read as one (the
 *   element's `type: Number` makes anything else `NaN`);
 * - `boolean`: `'true' | 'false'`. The manifest cannot say how a boolean attribute is read: this element's one,
 *   `manage-renewal`, is read by the converter `onUnlessFalse`, on unless the text `false` (test/node/framework-types
 *   checks that every boolean attribute is). A `boolean` would mean different things per framework: React and Preact
 *   remove the attribute for `false`, which leaves the switch on; Vue, Svelte and Solid write the text `false`.
 */
function textTypeOf(attribute) {
  const forms = { string: 'string', number: 'number | `${number}`', boolean: "'true' | 'false'" };
  const types = (attribute.type?.text ?? 'string').split('|').map((type) => type.trim());
  const text = types.filter((type) => type !== 'undefined' && type !== 'null').map((type) => forms[type]);
  if (text.includes(undefined)) throw new Error(`custom-elements-manifest: no text form for ${attribute.name}: ${attribute.type.text}`);
  return [...new Set(text), 'undefined'].join(' | ');
}

/**
 * `source` with each member of its `export type <name> = { … }` whose key matches `key` (a pattern) replaced by
 * `edit(member, head, type)`: `head` is the member's doc comment and `"<key>"?:`, `type` what follows, up to `;`.
 */
function editMembers(source, name, key, edit) {
  const start = source.indexOf(`export type ${name} = {`);
  const end = source.indexOf('\n};', start);
  if (start < 0 || end < 0) throw new Error(`custom-elements-manifest: @wc-toolkit/jsx-types wrote no type ${name}`);
  const member = new RegExp(`(\\n(?:[ \\t]*/\\*\\*(?:(?!\\*/)[^])*\\*/\\s*)?[ \\t]*"?(?:${key})"?\\?:)([^;]*);`, 'g');
  return source.slice(0, start) + source.slice(start, end).replace(member, edit) + source.slice(end);
}

/**
 * What no option of @wc-toolkit/jsx-types does, done to its dist/types/jsx.d.ts:
 * - it imports only what the element's own module exports: the event classes its handlers name are imported too;
 * - it types an attribute with its property's type: in `<Element>Props`, an attribute named apart from its property
 *   (which React, Preact and Svelte write as an attribute, `manage-renewal`, where they set `timeout` as the property)
 *   takes its text form (`textTypeOf`). Solid's `attr:` forms are made again, for every attribute: it makes them only
 *   for those, typed with the property, a boolean one as `bool:`;
 * - it adds a member named `undefined` for an attribute without a property (`lang`): that member goes;
 * - it declares the tag for nine JSX flavours at once, and with them the global `JSX`: those declarations go, and each
 *   entry of types/ declares the tag for its own framework, with that framework's own attributes.
 */
function frameworkTypesFixes() {
  return {
    name: 'prepaid-upgrade:framework-types',
    packageLinkPhase({ customElementsManifest }) {
      const declarations = customElementsManifest.modules.flatMap((module) => module.declarations ?? []);
      const element = declarations.find((declaration) => declaration.customElement);
      const path = `${JSX_TYPES.outdir}/${JSX_TYPES.fileName}`;
      let types = readFileSync(path, 'utf8').replace(/\ndeclare (?:module|global) [^]*$/, '\n');
      for (const type of [`${element.name}Props`, `${element.name}SolidJsProps`]) {
        types = editMembers(types, type, '(?:prop:)?undefined', () => '');
      }
      for (const attribute of element.attributes.filter((attribute) => attribute.name !== attribute.fieldName)) {
        types = editMembers(types, `${element.name}Props`, attribute.name, (_, key) => `${key} ${textTypeOf(attribute)};`);
      }
      const attr = element.attributes.map(
        (attribute) =>
          `\n  /** ${attribute.description?.replaceAll('\n', ' ') ?? ''} */\n  "attr:${attribute.name}"?: ${textTypeOf(attribute)};`,
      );
      types = editMembers(types, `${element.name}SolidJsProps`, '(?:attr|bool):[^"]+', () => '');
      types = types.replace(`export type ${element.name}SolidJsProps = {`, (start) => start + attr.join(''));
      writeFileSync(
        path,
        `/**
 * <${element.tagName}>'s props in JSX, and Solid's forms of them, for the entries of prepaid-upgrade/types/.
 *
 * Generated from custom-elements.json by @wc-toolkit/jsx-types, then custom-elements-manifest.config.mjs
 * (\`npm run manifest\`, part of the build): do not edit.
 */
import type { ${element.events.map((event) => event.type.text).join(', ')} } from "../lib/index.js";
${types}`,
      );
    },
  };
}

export default {
  globs: ['src/index.ts', 'src/prepaid-upgrade.ts', 'src/events.ts'],
  outdir: '.',
  litelement: true,
  // package.json names the manifest itself ("customElements"); the analyzer would otherwise rewrite the file.
  packagejson: false,
  plugins: [
    prepaidUpgradePlugin(),
    // Each property typed with the class's own type (`PrepaidUpgrade['tokenProvider']`, the class imported from the
    // package's entry), each handler with its event's class (the manifest's event type); read-only properties left out.
    jsxTypesPlugin({ ...JSX_TYPES, globalTypePath: '../lib/index.js' }),
    frameworkTypesFixes(),
  ],
};
