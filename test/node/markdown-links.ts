/**
 * The link checks of the project's Markdown, for the repository (doc-links.test.ts) and for the packed tarball
 * (package.test.ts) alike: remark-validate-links with the project's configuration for Markdown links and pictures,
 * and a look at the addresses of inline HTML, which it does not read.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The text outside fenced code blocks, where markup is markup and not an example of it. */
export const outsideCode = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');

/** The link check of `npm run lint:docs`, with the project's configuration, over `files` (paths relative to `cwd`). */
export async function checkLinks(cwd: string, files: string[]): Promise<{ failed: boolean; report: string }> {
  const remark = join(root, 'node_modules/.bin/remark');
  const args = ['--rc-path', join(root, '.remarkrc.mjs'), '--frail', '--quiet', '--no-stdout', '--no-color', ...files];
  try {
    const { stderr } = await promisify(execFile)(remark, args, { cwd });
    return { failed: false, report: stderr };
  } catch (error) {
    return { failed: true, report: (error as { stderr: string }).stderr };
  }
}

/**
 * The relative `src` and `href` addresses of inline HTML in `documents` (paths relative to `cwd`) that lead to no
 * file, and how many were checked. Addresses with a scheme (https:, mailto:) and absolute paths (a page of the demo,
 * say) are not files and are left out.
 */
export async function missingInlineTargets(cwd: string, documents: string[]): Promise<{ missing: string[]; checked: number }> {
  const missing: string[] = [];
  let checked = 0;
  for (const document of documents) {
    const markdown = outsideCode(await readFile(join(cwd, document), 'utf8'));
    for (const [, target] of markdown.matchAll(/<[a-z]+\b[^>]*\b(?:src|href)="([^"#]+)[^"]*"/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target!) || target!.startsWith('/')) continue;
      checked++;
      if (!existsSync(join(dirname(join(cwd, document)), decodeURIComponent(target!)))) missing.push(`${document}: ${target}`);
    }
  }
  return { missing, checked };
}
