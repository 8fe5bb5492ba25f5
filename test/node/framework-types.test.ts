// The framework types of dist/types/ (tools/write-framework-types.ts, the last step of `npm run build`; run after it):
// - each file names every attribute, settable property and event of custom-elements.json, and no read-only property;
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
import { FRAMEWORK_TYPES } from '../../tools/write-framework-types.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const frameworksDir = join(root, 'test/frameworks');
const mistakesDir = join(frameworksDir, 'type-mistakes');

const FRAMEWORKS = FRAMEWORK_TYPES;
type Framework = (typeof FRAMEWORKS)[number];

/** The kinds of mistake every framework's mistakes file must show at least once. */
const KINDS = ['attribute-type', 'property-type', 'event', 'unknown-property', 'read-only'];

/** Each mistakes file, and its checker's directive: the mistake is on the line after it. */
const MISTAKES: Record<Framework, { file: string; directive: RegExp }> = {
  react: { file: 'react.tsx', directive: /@ts-expect-error ([a-z-]+):/ },
  preact: { file: 'preact.tsx', directive: /@ts-expect-error ([a-z-]+):/ },
  solid: { file: 'solid.tsx', directive: /@ts-expect-error ([a-z-]+):/ },
  vue: { file: 'vue.vue', directive: /<!-- @vue-expect-error ([a-z-]+):/ },
  svelte: { file: 'svelte.svelte', directive: /<!-- expect error ([a-z-]+):/ },
};

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
const pascal = (name: string) => name.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase());

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
  // global attribute (`lang`, no property) by Vue's own HTMLAttributes.
  vue: {
    attribute: (_name, fieldName) => (fieldName ? [fieldName] : []),
    property: (name) => [name],
    event: (name) => [name, `on${pascal(name)}`],
  },
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
    assert.ok(existsSync(join(root, 'dist/types/react.d.ts')), 'run `npm run build` first');
    element = await readManifest();
    vue = vueTsc();
    svelte = svelteCheck();
  });

  describe('dist/types/', () => {
    for (const framework of FRAMEWORKS) {
      it(`${framework}.d.ts names every attribute, settable property and event of the manifest, and no read-only property`, async () => {
        const source = await readFile(join(root, `dist/types/${framework}.d.ts`), 'utf8');
        const names = memberNames(source);
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
          assert.match(source, new RegExp(`\\b${event.className}\\b`), `${framework}.d.ts types ${event.name} with ${event.className}`);
        }
        assert.deepEqual(missing, [], `${framework}.d.ts lacks these`);

        const readonly = element.readonly.flatMap((property) => [property, hyphenate(property), ...forms.property(property)]);
        assert.deepEqual(
          readonly.filter((name) => names.has(name)),
          [],
          `${framework}.d.ts names read-only properties`,
        );
        assert.match(source, /Generated from custom-elements\.json by tools\/write-framework-types\.ts/);
        assert.ok(source.includes(`import type {} from 'prepaid-upgrade/types/${framework}';`), `${framework}.d.ts says how to use it`);
        assert.equal(await readFile(join(root, `dist/types/${framework}.js`), 'utf8'), 'export {};\n');
      });
    }

    it("types the boolean attributes as the text that their converter reads ('true' | 'false')", async () => {
      // The manifest cannot say how an attribute is read; the generator's `'true' | 'false'` holds for onUnlessFalse.
      const { PrepaidUpgrade } = (await import(pathToFileURL(join(root, 'dist/lib/prepaid-upgrade.js')).href)) as {
        PrepaidUpgrade: { properties: Record<string, { converter?: { name: string } }> };
      };
      const booleans = element.attributes.filter((attribute) => attribute.type?.split('|').some((type) => type.trim() === 'boolean'));
      assert.ok(booleans.length > 0);
      for (const { name, fieldName } of booleans) {
        assert.equal(PrepaidUpgrade.properties[fieldName!]?.converter?.name, 'onUnlessFalse', `${name} is read by onUnlessFalse`);
      }
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
      assert.ok(files.has(join(root, `dist/types/${framework}.d.ts`)), `the program reads dist/types/${framework}.d.ts`);
    }
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
