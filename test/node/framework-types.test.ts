// The framework types (run after `npm run build`): the entries of types/ (`prepaid-upgrade/types/react`, `/preact`,
// `/solid`, `/svelte`, `/vue`, package.json's "exports") declare the tag in each framework with the props that
// @wc-toolkit/jsx-types writes to dist/types/jsx.d.ts from custom-elements.json, as a plugin of the manifest's
// analyzer (custom-elements-manifest.config.mjs, which also makes its attributes text and its imports whole):
// - each entry, with that file, names every attribute, settable property and event of custom-elements.json in its
//   framework's form, and no read-only property;
// - each entry and that file type-check without `skipLibCheck`, which the checkers below have on;
// - one vue-tsc run over test/frameworks/tsconfig.json type-checks the React, Preact, Solid and Vue apps and the
//   purpose-made mistakes of test/frameworks/type-mistakes/, whose every `@ts-expect-error` / `@vue-expect-error` must
//   be used (an uncaught mistake is an "unused directive" error), against the built package, not src/;
// - one svelte-check run does the same for Svelte, which has no such directive: exactly the lines marked
//   `expect error <kind>:` in the mistakes must have errors, and the app none;
// - each mistakes file has every kind of mistake, so that emptying one fails; and once, the TSX mistakes without their
//   directives must have an error on each of those lines.
// The two checkers run side by side (started in `before`); each one's time is reported as a diagnostic.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { before, describe, it } from 'node:test';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
const frameworksDir = join(root, 'test/frameworks');
const mistakesDir = join(frameworksDir, 'type-mistakes');
/** What @wc-toolkit/jsx-types writes, and every entry of types/ reads. */
const JSX_TYPES = join(root, 'dist/types/jsx.d.ts');

/** The kinds of mistake every framework's mistakes file must show at least once. */
const KINDS = ['attribute-type', 'property-type', 'event', 'unknown-property', 'read-only'];

/** Each framework with types, its mistakes file, and its checker's directive: the mistake is on the line after it. */
const MISTAKES = {
  react: { file: 'react.tsx', directive: /@ts-expect-error ([a-z-]+):/ },
  preact: { file: 'preact.tsx', directive: /@ts-expect-error ([a-z-]+):/ },
  solid: { file: 'solid.tsx', directive: /@ts-expect-error ([a-z-]+):/ },
  vue: { file: 'vue.vue', directive: /<!-- @vue-expect-error ([a-z-]+):/ },
  svelte: { file: 'svelte.svelte', directive: /<!-- expect error ([a-z-]+):/ },
};
type Framework = keyof typeof MISTAKES;
const FRAMEWORKS = Object.keys(MISTAKES) as Framework[];

/** The entry `prepaid-upgrade/types/<framework>` (types/<framework>.d.ts) and the empty module beside it. */
const entry = (framework: Framework) => ({ types: join(root, `types/${framework}.d.ts`), module: join(root, `types/${framework}.js`) });

// ---------------------------------------------------------------------------------------------------------------------
// The manifest, read here on its own (not through the generator's code).

interface Manifest {
  modules: Array<{
    declarations?: Array<{
      customElement?: boolean;
      attributes?: Array<{ name: string; fieldName?: string; type?: { text: string } }>;
      members?: Array<{ kind: string; name: string; static?: boolean; privacy?: string; readonly?: boolean }>;
      events?: Array<{ name: string; type?: { text: string } }>;
    }>;
  }>;
}

interface Element {
  attributes: Array<{ name: string; fieldName?: string; type?: string }>;
  settable: string[];
  readonly: string[];
  events: Array<{ name: string; className: string }>;
}

async function readManifest(): Promise<Element> {
  const manifest = JSON.parse(await readFile(join(root, 'custom-elements.json'), 'utf8')) as Manifest;
  const element = manifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.customElement)!;
  const fields = (element.members ?? []).filter(
    (member) => member.kind === 'field' && !member.static && (member.privacy ?? 'public') === 'public',
  );
  return {
    attributes: (element.attributes ?? []).map((attribute) => ({
      name: attribute.name,
      fieldName: attribute.fieldName,
      type: attribute.type?.text,
    })),
    settable: fields.filter((field) => !field.readonly).map((field) => field.name),
    readonly: fields.filter((field) => field.readonly).map((field) => field.name),
    events: (element.events ?? []).map((event) => ({ name: event.name, className: event.type!.text })),
  };
}

/** The names of every member of every interface and type literal of a declaration file. */
function memberNames(source: string): Set<string> {
  const file = ts.createSourceFile('types.d.ts', source, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isPropertySignature(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

const hyphenate = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** How each framework's file names an attribute, a property and an event (any of the names given will do). */
const FORMS: Record<
  Framework,
  { attribute(name: string, fieldName?: string): string[]; property(name: string): string[]; event(name: string): string[] }
> = {
  react: { attribute: (name) => [name], property: (name) => [name], event: (name) => [`on${name}`] },
  preact: { attribute: (name) => [name], property: (name) => [name], event: (name) => [`on${name}`] },
  svelte: { attribute: (name) => [name], property: (name) => [name], event: (name) => [`on${name}`] },
  solid: { attribute: (name) => [`attr:${name}`], property: (name) => [`prop:${name}`, hyphenate(name)], event: (name) => [`on:${name}`] },
  // vue-tsc reads `:subscription-id` as `subscriptionId`: an attribute is typed by its property's name, and the
  // global attribute (`lang`, no property) by Vue's own HTMLAttributes. The entry makes its events (`$emit`) of the
  // JSX handlers (`onprepaid-upgrade-ready`).
  vue: { attribute: (_name, fieldName) => (fieldName ? [fieldName] : []), property: (name) => [name], event: (name) => [`on${name}`] },
};

// ---------------------------------------------------------------------------------------------------------------------
// The checkers.

interface Run {
  code: number;
  output: string;
  milliseconds: number;
}

function runNode(args: string[], cwd: string): Promise<Run> {
  const start = performance.now();
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}`, milliseconds: Math.round(performance.now() - start) });
    });
  });
}

const vueTsc = () =>
  runNode([join(root, 'node_modules/vue-tsc/bin/vue-tsc.js'), '-p', join(frameworksDir, 'tsconfig.json'), '--listFiles'], root);

// `--config`: the Svelte app's Vite config is the one Svelte config of everything under test/frameworks (without it,
// svelte-check would try the root's and the Angular app's Vite configs for type-mistakes/).
const svelteCheck = () =>
  runNode(
    [
      join(root, 'node_modules/svelte-check/bin/svelte-check'),
      ...['--workspace', frameworksDir, '--tsconfig', 'tsconfig.svelte.json', '--config', 'svelte/vite.config.ts', '--output', 'machine'],
    ],
    root,
  );

/** The lines of a mistakes file after each directive, by kind, 1-based. */
async function markedLines(framework: Framework): Promise<Array<{ kind: string; line: number }>> {
  const { file, directive } = MISTAKES[framework];
  const lines = (await readFile(join(mistakesDir, file), 'utf8')).split('\n');
  return lines.flatMap((text, index) => {
    const kind = directive.exec(text)?.[1];
    return kind ? [{ kind, line: index + 2 }] : [];
  });
}

// ---------------------------------------------------------------------------------------------------------------------

describe('the framework types', { timeout: 120_000 }, () => {
  let element: Element;
  let vue: Promise<Run>;
  let svelte: Promise<Run>;

  before(async () => {
    assert.ok(existsSync(JSX_TYPES), 'run `npm run build` first');
    element = await readManifest();
    vue = vueTsc();
    svelte = svelteCheck();
  });

  describe('types/', () => {
    it("is package.json's types/ entries, one for each framework with mistakes", async () => {
      const { exports } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
      const entries = Object.keys(exports).filter((name) => name.startsWith('./types/'));
      assert.deepEqual(entries.sort(), FRAMEWORKS.map((framework) => `./types/${framework}`).sort());
      for (const framework of FRAMEWORKS)
        assert.deepEqual(exports[`./types/${framework}`], { types: `./types/${framework}.d.ts`, default: `./types/${framework}.js` });
    });

    for (const framework of FRAMEWORKS) {
      it(`${framework}.d.ts, with jsx.d.ts, names every attribute, settable property and event of the manifest, and no read-only property`, async () => {
        const generated = await readFile(JSX_TYPES, 'utf8');
        const source = await readFile(entry(framework).types, 'utf8');
        assert.ok(source.includes("from '../dist/types/jsx.js';"), `${framework}.d.ts declares the tag with the generated props`);
        const names = new Set([...memberNames(source), ...memberNames(generated)]);
        const forms = FORMS[framework];
        const missing: string[] = [];
        const expect = (what: string, candidates: string[]) => {
          if (candidates.length && !candidates.some((name) => names.has(name))) missing.push(`${what} (as ${candidates.join(' or ')})`);
        };
        for (const attribute of element.attributes)
          expect(`attribute ${attribute.name}`, forms.attribute(attribute.name, attribute.fieldName));
        for (const property of element.settable) expect(`property ${property}`, forms.property(property));
        for (const event of element.events) {
          expect(`event ${event.name}`, forms.event(event.name));
          assert.match(
            generated,
            new RegExp(`\\(e: ${event.className}\\) => void`),
            `jsx.d.ts types ${event.name} with ${event.className}`,
          );
        }
        assert.deepEqual(missing, [], `${framework}.d.ts lacks these`);

        const readonly = element.readonly.flatMap((property) => [property, hyphenate(property), ...forms.property(property)]);
        assert.deepEqual(
          readonly.filter((name) => names.has(name)),
          [],
          `${framework}.d.ts names read-only properties`,
        );
        assert.match(generated, /Generated from custom-elements\.json by @wc-toolkit\/jsx-types/);
        assert.ok(source.includes(`import type {} from 'prepaid-upgrade/types/${framework}';`), `${framework}.d.ts says how to use it`);
        assert.equal(await readFile(entry(framework).module, 'utf8'), 'export {};\n');
      });
    }

    it("types the boolean attributes as the text that their converter reads ('true' | 'false')", async () => {
      // The manifest cannot say how an attribute is read; the `'true' | 'false'` of custom-elements-manifest.config.mjs
      // (textTypeOf) holds for onUnlessFalse.
      const { PrepaidUpgrade } = (await import(pathToFileURL(join(root, 'dist/lib/prepaid-upgrade.js')).href)) as {
        PrepaidUpgrade: { properties: Record<string, { converter?: { name: string } }> };
      };
      const booleans = element.attributes.filter((attribute) => attribute.type?.split('|').some((type) => type.trim() === 'boolean'));
      assert.ok(booleans.length > 0);
      for (const { name, fieldName } of booleans) {
        assert.equal(PrepaidUpgrade.properties[fieldName!]?.converter?.name, 'onUnlessFalse', `${name} is read by onUnlessFalse`);
      }
    });

    it('type-check, with jsx.d.ts, for an app without skipLibCheck', () => {
      // The checkers below skip declaration files, as most apps do; an app that checks them must find no error in ours.
      const files = [...FRAMEWORKS.map((framework) => entry(framework).types), JSX_TYPES];
      const program = ts.createProgram(files, {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
        types: [],
        strict: true,
        skipLibCheck: false,
        noEmit: true,
      });
      const errors = files.flatMap((file) =>
        ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => {
          const where = diagnostic.file ? `${relative(root, diagnostic.file.fileName)}: ` : '';
          return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
        }),
      );
      assert.deepEqual(errors, []);
    });
  });

  describe('type-mistakes/', () => {
    for (const framework of FRAMEWORKS) {
      it(`${MISTAKES[framework].file} has every kind of mistake`, async () => {
        const kinds = new Set((await markedLines(framework)).map((marked) => marked.kind));
        assert.deepEqual(
          KINDS.filter((kind) => !kinds.has(kind)),
          [],
          `${MISTAKES[framework].file} lacks these kinds`,
        );
        assert.deepEqual(
          [...kinds].filter((kind) => !KINDS.includes(kind)),
          [],
          'unknown kinds',
        );
      });
    }

    it('without their directives, the TSX mistakes have an error on each marked line, and nowhere else', () => {
      // The files as checked, with each `@ts-expect-error` comment emptied (the lines stay where they are), in one
      // program of test/frameworks/tsconfig.json's options: nothing is written to disk.
      const config = ts.getParsedCommandLineOfConfigFile(
        join(frameworksDir, 'tsconfig.json'),
        {},
        {
          ...ts.sys,
          onUnRecoverableConfigFileDiagnostic: (diagnostic) => assert.fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
        },
      )!;
      const files = (['react', 'preact', 'solid'] as const).map((framework) => join(mistakesDir, MISTAKES[framework].file));
      const host = ts.createCompilerHost(config.options);
      const readSource = host.readFile.bind(host);
      host.readFile = (path) => {
        const text = readSource(path);
        return files.includes(path)
          ? text?.replace(/\{\/\* @ts-expect-error [^*]*\*\/\}/g, (comment) => `{/*${' '.repeat(comment.length - 6)}*/}`)
          : text;
      };
      const program = ts.createProgram(files, config.options, host);
      for (const [index, file] of files.entries()) {
        const source = program.getSourceFile(file)!;
        const errorLines = new Set(
          [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
            (diagnostic) => source.getLineAndCharacterOfPosition(diagnostic.start!).line + 1,
          ),
        );
        const marked = source.text.split('\n').flatMap((text, line) => (/\{\/\*\s+\*\/\}/.test(text) ? [line + 2] : []));
        const expected = readSource(file)!
          .split('\n')
          .flatMap((text, line) => (MISTAKES.react.directive.test(text) ? [line + 2] : []));
        assert.deepEqual(marked, expected, `${relative(root, file)}: the directives were emptied in place`);
        assert.deepEqual(
          [...errorLines].sort((a, b) => a - b),
          expected,
          `${relative(root, file)} (${['react', 'preact', 'solid'][index]}): lines with errors`,
        );
      }
    });
  });

  it('vue-tsc finds no error in the React, Preact, Solid and Vue apps, and every mistake (one program, the built package)', async (t) => {
    const run = await vue;
    t.diagnostic(`vue-tsc: ${run.milliseconds} ms`);
    const lines = run.output.split('\n');
    const errors = lines.filter((line) => /error TS\d+/.test(line) || /^\s/.test(line));
    assert.equal(run.code, 0, `vue-tsc failed:\n${errors.join('\n')}`);
    const files = new Set(lines.map((line) => line.trim()).filter(Boolean));
    for (const framework of ['react', 'preact', 'solid', 'vue'] as const) {
      assert.ok(files.has(join(mistakesDir, MISTAKES[framework].file)), `the program checks ${MISTAKES[framework].file}`);
      assert.ok(files.has(entry(framework).types), `the program reads types/${framework}.d.ts`);
    }
    assert.ok(files.has(JSX_TYPES), 'the program reads dist/types/jsx.d.ts');
    assert.deepEqual(
      [...files].filter((file) => file.startsWith(join(root, 'src/'))),
      [],
      'the program reads the sources rather than the built package',
    );
  });

  it('svelte-check finds errors on exactly the marked lines of the Svelte mistakes, and none in the Svelte app', async (t) => {
    const run = await svelte;
    t.diagnostic(`svelte-check: ${run.milliseconds} ms`);
    // Machine output: `<time> ERROR "<file>" <line>:<column> "<message>"`, the file relative to the workspace.
    const diagnostics = [...run.output.matchAll(/^\d+ (ERROR|WARNING) "([^"]+)" (\d+):\d+ (".*")$/gm)].map(
      ([, level, file, line, message]) => ({
        level,
        file,
        line: Number(line),
        message: JSON.parse(message!) as string,
      }),
    );
    assert.match(run.output, /COMPLETED/, `svelte-check did not complete:\n${run.output}`);
    for (const warning of diagnostics.filter((diagnostic) => diagnostic.level === 'WARNING')) {
      t.diagnostic(`warning: ${warning.file}:${warning.line}: ${warning.message}`);
    }
    const errors = diagnostics.filter((diagnostic) => diagnostic.level === 'ERROR');
    const mistakes = `type-mistakes/${MISTAKES.svelte.file}`;
    const marked = await markedLines('svelte');
    assert.deepEqual(
      errors.filter((error) => error.file !== mistakes).map((error) => `${error.file}:${error.line}: ${error.message}`),
      [],
      'errors outside the mistakes',
    );
    const errorLines = new Set(errors.map((error) => error.line));
    assert.deepEqual(
      marked.filter(({ line }) => !errorLines.has(line)).map(({ kind, line }) => `${mistakes}:${line} (${kind})`),
      [],
      'mistakes that svelte-check did not catch',
    );
    const markedSet = new Set(marked.map(({ line }) => line));
    assert.deepEqual(
      errors.filter((error) => !markedSet.has(error.line)).map((error) => `${mistakes}:${error.line}: ${error.message}`),
      [],
      'errors on lines not marked',
    );
  });
});
