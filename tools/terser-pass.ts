/**
 * The last step of the browser builds: Terser over the bundler's already minified output. Each minifier finds
 * what the other leaves (on dist/prepaid-upgrade.js, 173 bytes brotli, more than a third of a language file), and
 * every byte of these files is downloaded by every customer of every store. Licence comments stay.
 */
import { minify } from 'terser';
import type { Plugin } from 'vite';

export function terserPass(): Plugin {
  return {
    name: 'prepaid-upgrade:terser-pass',
    apply: 'build',
    async generateBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        // Each license once: Lit's modules repeat the same notice, and one copy of it says all they say.
        const kept = new Set<string>();
        const result = await minify(file.code, {
          module: options.format === 'es',
          // What every engine of the browser list runs; newer syntax in the input is kept as it is.
          ecma: 2020,
          compress: { passes: 3 },
          format: {
            comments: (_node, { value }) => /@license|@preserve|^!/.test(value) && !kept.has(value) && !!kept.add(value),
          },
        });
        if (result.code === undefined) throw new Error(`${file.fileName}: Terser returned no code`);
        file.code = result.code;
      }
    },
  };
}
