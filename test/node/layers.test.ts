/**
 * The layers of src/: the service client (`api/`) and the texts with their formatting (`i18n/`) sit under the element
 * and its features, and know nothing of them. A file of either that imports from the element, a feature folder or the
 * element's own module fails here, with the import named.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** The lower layers. */
const LOWER = ['api', 'i18n'];

/** What sits above them: the element, its own folder and the feature folders. */
const ABOVE = ['prepaid-upgrade.ts', 'prepaid-upgrade.styles.ts', 'element', 'upgrade', 'prepaid', 'subscription', 'discovery', 'changes'];

async function filesOf(folder: string): Promise<string[]> {
  const entries = await readdir(join(src, folder), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts')).map((entry) => join(entry.parentPath, entry.name));
}

/** The files of src/ that `file` imports, types included, as paths under src/ (`api/client.ts`). */
async function importsOf(file: string): Promise<string[]> {
  const code = await readFile(file, 'utf8');
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)].map((match) => match[1]!);
  return specifiers.map((specifier) => relative(src, join(dirname(file), specifier)).replace(/\.js$/, '.ts'));
}

describe('layers of src/', () => {
  it('knows every folder of src/', async () => {
    const folders = (await readdir(src, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    // The token signer and the sandbox are entries of their own, beside the widget.
    assert.deepEqual(
      folders.filter((folder) => ![...LOWER, ...ABOVE, 'server', 'sandbox'].includes(folder)),
      [],
      'a new folder: add it to a list here',
    );
  });

  for (const layer of LOWER) {
    it(`${layer}/ imports nothing from the element or a feature folder`, async () => {
      const wrong: string[] = [];
      for (const file of await filesOf(layer)) {
        for (const imported of await importsOf(file)) {
          if (ABOVE.includes(imported.split('/')[0]!)) wrong.push(`${relative(src, file)} imports ${imported}`);
        }
      }
      assert.deepEqual(wrong, [], `src/${layer}/ is a lower layer: move what it needs down, or the file up`);
    });
  }
});
