/**
 * Bundles a test app as a store's build would: Vite resolves `prepaid-upgrade` by the package's name, so through
 * package.json's exports to the built files (run `npm run build` first), into one ES module the test server serves.
 */
import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { distDir } from './server.js';

export interface AppToBundle {
  /** The app's folder: Vite's root. */
  root: string;
  /** The module that starts the app, in that folder. */
  entry: string;
  /** The app's own vite.config.ts, for its framework's plugin; without it, Vite's defaults. */
  configFile?: string;
  /** A built module the app must have been bundled with, relative to dist/. */
  expect: string;
}

/** The app as one ES module, its framework and the package included. */
export async function bundleApp({ root, entry, configFile, expect }: AppToBundle): Promise<string> {
  await stat(join(distDir, expect)).catch(() => assert.fail(`dist/${expect} is missing: run \`npm run build\` first`));
  const result = await build({
    configFile: configFile ?? false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      rolldownOptions: { input: join(root, entry), output: { format: 'es', codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((item) => item.type === 'chunk');
  assert.equal(chunks.length, 1, 'the app is one module');
  const [chunk] = chunks;
  assert.ok(
    chunk!.moduleIds.some((id) => id.startsWith(join(distDir, expect))),
    `prepaid-upgrade resolved to the built dist/${expect}`,
  );
  return chunk!.code;
}
