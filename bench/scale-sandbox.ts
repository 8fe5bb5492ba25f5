/**
 * The bench's own copy of the sandbox, with the customer of the pages of many widgets (bench/scale-seed.ts): the
 * sandbox's modules as published, built by Vite with that module wherever they import their seed.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import type { Sandbox, SandboxOptions } from '../src/sandbox/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const sandboxDir = join(root, 'src/sandbox');
const seedFile = join(sandboxDir, 'seed.ts');

/** Has the sandbox's modules import bench/scale-seed.ts where they import their seed; that module still imports the real one. */
export function scaleSeedPlugin(): Plugin {
  return {
    name: 'scale-seed',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || dirname(importer) !== sandboxDir) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved?.id === seedFile ? join(root, 'bench/scale-seed.ts') : null;
    },
  };
}

/** Builds the copy into `outDir` and returns its `createSandbox`. */
export async function buildScaleSandbox(outDir: string): Promise<(options: SandboxOptions) => Sandbox> {
  await build({
    configFile: false,
    logLevel: 'error',
    plugins: [scaleSeedPlugin()],
    // Everything in the one file, so that it runs from wherever it is written.
    ssr: { noExternal: true },
    build: {
      ssr: join(sandboxDir, 'index.ts'),
      outDir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'scale-sandbox.js' } },
    },
  });
  const copy = (await import(pathToFileURL(join(outDir, 'scale-sandbox.js')).href)) as {
    createSandbox: (options: SandboxOptions) => Sandbox;
  };
  return copy.createSandbox;
}
