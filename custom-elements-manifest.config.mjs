// `npm run manifest` writes custom-elements.json from the JSDoc of src/prepaid-upgrade.ts (the class header and the
// doc comment of each public property), src/events.ts (the event classes) and src/index.ts (the registration).
// test/node/manifest.test.ts checks that the README's API tables list exactly what this manifest lists.

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

export default {
  globs: ['src/index.ts', 'src/prepaid-upgrade.ts', 'src/events.ts'],
  outdir: '.',
  litelement: true,
  // package.json names the manifest itself ("customElements"); the analyzer would otherwise rewrite the file.
  packagejson: false,
  plugins: [prepaidUpgradePlugin()],
};
