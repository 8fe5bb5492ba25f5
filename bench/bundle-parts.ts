/**
 * Where the bytes of `dist/prepaid-upgrade.js` go: Lit's reactive core (`lit-element` and `@lit/reactive-element`),
 * `lit-html`, `@lit/task`, zod, and our own code. The script bundle is built again with the build's own configuration
 * and plugins, once whole and once with each part left out (an import of it stays instead), and each part is what it
 * adds to the built file, brotli-compressed as a customer downloads it. Lit's core is what is left when the others
 * are taken away; our own code is the bundle without any of the libraries. The next feature is weighed against that
 * last figure.
 */
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { build, type Rolldown } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bytes brotli at quality 11, as the budgets count them. */
export const brotliBytes = (bytes: Uint8Array | string): number =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export interface BundleParts {
  /** The whole bundle, as built here: the same bytes as `dist/prepaid-upgrade.js`. */
  whole: number;
  litCore: number;
  litHtml: number;
  task: number;
  zod: number;
  ours: number;
}

/** The ES script bundle, built with the packages that `external` matches left out; its size in bytes brotli. */
async function bundleWithout(external: RegExp[]): Promise<number> {
  const result = (await build({
    configFile: `${root}vite.config.ts`,
    mode: 'production',
    logLevel: 'error',
    build: {
      write: false,
      lib: { entry: `${root}src/script.ts`, formats: ['es'], fileName: () => 'prepaid-upgrade.js' },
      rolldownOptions: { external },
    },
  })) as Rolldown.RolldownOutput[];
  const entry = result[0]!.output.find((file) => file.type === 'chunk' && file.isEntry) as Rolldown.OutputChunk;
  return brotliBytes(entry.code);
}

export async function measureBundleParts(): Promise<BundleParts> {
  const whole = await bundleWithout([]);
  const litHtml = whole - (await bundleWithout([/^lit-html(\/|$)/]));
  const task = whole - (await bundleWithout([/^@lit\/task(\/|$)/]));
  const zod = whole - (await bundleWithout([/^zod(\/|$)/]));
  const ours = await bundleWithout([/^lit(-html|-element)?(\/|$)/, /^@lit\//, /^zod(\/|$)/]);
  return { whole, litCore: whole - litHtml - task - zod - ours, litHtml, task, zod, ours };
}
