/**
 * The last step of `npm run build`: dist/integrity.json, the Subresource Integrity hash (SHA-384) of every file a
 * page loads from dist/ (the two script bundles, discovery.js and the language files), by its path under dist/. A
 * store that loads the bundle from a CDN pins it with `integrity`; test/node/integrity.test.ts checks the hashes
 * against the files.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

/** The files of dist/ a browser loads: every script outside dist/lib, the library for bundlers, which a page never loads. */
async function browserFiles(dir = distDir): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.startsWith('lib/'))
    .sort();
}

const integrityOf = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

const integrity: Record<string, string> = {};
for (const path of await browserFiles()) integrity[path] = integrityOf(await readFile(join(distDir, path)));
await writeFile(join(distDir, 'integrity.json'), `${JSON.stringify(integrity, null, 2)}\n`);
console.log(`dist/integrity.json: ${Object.keys(integrity).length} files`);
