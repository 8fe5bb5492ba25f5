/**
 * The layers of src/, and that imports point one way. The widget is built from the bottom up: the service client, the
 * texts and the public events; what the features share; the features; what the element is made of; the element; and
 * the entry points. A file may import from its own folder and from the layers below its own. Within a layer, one
 * folder may use another (the subscription's read uses discovery), but never the other way too. Beside the widget
 * stand the token signer and doctor (`server/`), the sandbox that uses them, and the commands that use both.
 *
 * Each failure names the import that breaks the rule.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** The widget's layers, from the bottom. Each names its folders and its files at the top of src/. */
const WIDGET_LAYERS: ReadonlyArray<{ name: string; units: readonly string[] }> = [
  { name: 'the service client, the texts and the public events', units: ['api', 'i18n', 'events.ts', 'token.ts', 'script-address.ts'] },
  { name: 'what the features share', units: ['changes', 'shared'] },
  { name: 'the features', units: ['subscription', 'discovery', 'upgrade', 'prepaid'] },
  { name: 'what the element is made of', units: ['element'] },
  { name: 'the element', units: ['prepaid-upgrade.ts', 'prepaid-upgrade.styles.ts'] },
  { name: 'the entry points', units: ['public-api.ts', 'index.ts', 'script.ts', 'react.ts', 'global.ts'] },
];

/** Beside the widget, from the bottom: each may use those before it, and the widget's lowest layer. */
const TOOLS = ['server', 'sandbox', 'cli'] as const;

/** Where a unit stands: its rank, and whether it is one of the tools. */
function placeOf(unit: string): { rank: number; tool: boolean } | undefined {
  const layer = WIDGET_LAYERS.findIndex(({ units }) => units.includes(unit));
  if (layer >= 0) return { rank: layer, tool: false };
  const tool = (TOOLS as readonly string[]).indexOf(unit);
  return tool >= 0 ? { rank: tool, tool: true } : undefined;
}

/** The unit of a path under src/: its folder, or the file itself at the top. */
const unitOf = (path: string): string => path.split('/')[0]!;

async function sourceFiles(): Promise<string[]> {
  const entries = await readdir(src, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(src, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** The files of src/ that `file` imports, types included, as paths under src/ (`api/client.ts`). */
async function importsOf(file: string): Promise<string[]> {
  const code = await readFile(join(src, file), 'utf8');
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)].map((match) => match[1]!);
  return specifiers.map((specifier) => join(dirname(file), specifier).split('\\').join('/').replace(/\.js$/, '.ts'));
}

/** Every import from one unit into another, as `from → to` with the file that makes it. */
async function crossings(): Promise<Array<{ file: string; imported: string; from: string; to: string }>> {
  const found = [];
  for (const file of await sourceFiles()) {
    for (const imported of await importsOf(file)) {
      const [from, to] = [unitOf(file), unitOf(imported)];
      if (from !== to) found.push({ file, imported, from, to });
    }
  }
  return found;
}

describe('layers of src/', () => {
  it('places every folder and every file at the top of src/', async () => {
    const files = await sourceFiles();
    assert.ok(files.length > 100, `src/ holds ${files.length} files`);
    const units = [...new Set(files.map(unitOf))];
    assert.deepEqual(
      units.filter((unit) => !placeOf(unit)),
      [],
      'a new folder or top-level file: place it in a layer here',
    );
  });

  it('imports only from its own layer or one below it, and the widget never from the tools', async () => {
    const all = await crossings();
    assert.ok(all.length > 50, `${all.length} imports between folders`);
    const wrong = all.flatMap(({ file, imported, from, to }) => {
      const [a, b] = [placeOf(from)!, placeOf(to)!];
      const allowed = a.tool ? (!b.tool ? b.rank === 0 : b.rank < a.rank) : !b.tool && b.rank <= a.rank;
      return allowed ? [] : [`${file} imports ${imported}`];
    });
    assert.deepEqual(wrong, [], 'an import runs up or sideways into the tools: move what it needs down, or the file up');
  });

  it('has no folder that imports a folder importing it back, directly or round a loop', async () => {
    const uses = new Map<string, Set<string>>();
    for (const { from, to } of await crossings()) uses.set(from, (uses.get(from) ?? new Set()).add(to));
    const loops: string[] = [];
    // A depth-first walk from each unit: reaching the unit again is a loop.
    for (const start of uses.keys()) {
      const walk = (unit: string, path: string[]): void => {
        for (const next of uses.get(unit) ?? []) {
          if (next === start) loops.push([...path, next].join(' → '));
          else if (!path.includes(next)) walk(next, [...path, next]);
        }
      };
      walk(start, [start]);
    }
    assert.deepEqual(loops, [], 'folders that depend on each other: one of them should not know the other');
  });
});
