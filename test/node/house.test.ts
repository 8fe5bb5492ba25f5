/**
 * The house rules of CONTRIBUTING.md ("Layout") that a file's length can tell: no file of `src/` is over 250 lines
 * but the seed data (`src/sandbox/seed.ts`), the locale files (`src/i18n/locales/*`) and the styles (`*.styles.ts`),
 * which have no limit, and the element (`src/prepaid-upgrade.ts`), whose limit is 400. A file over its limit is named
 * with its count; the check itself is held to its word on made-up files.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

const LINE_LIMIT = 250;
const ELEMENT = 'src/prepaid-upgrade.ts';
const ELEMENT_LINE_LIMIT = 400;

/** The lines of `path` (relative to the project, with `/`) may number at most this; `undefined`: no limit. */
function lineLimit(path: string): number | undefined {
  if (path === 'src/sandbox/seed.ts' || path.startsWith('src/i18n/locales/') || path.endsWith('.styles.ts')) return undefined;
  return path === ELEMENT ? ELEMENT_LINE_LIMIT : LINE_LIMIT;
}

/** The lines of `text`, as an editor numbers them (and `wc -l` counts them when the last one ends in a newline). */
const lineCount = (text: string) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

/** Each of `files` over its limit, as `path: N lines (limit L)`. */
function overLimit(files: ReadonlyArray<{ path: string; text: string }>): string[] {
  return files.flatMap(({ path, text }) => {
    const limit = lineLimit(path);
    const lines = lineCount(text);
    return limit !== undefined && lines > limit ? [`${path}: ${lines} lines (limit ${limit})`] : [];
  });
}

/** Every `.ts` file of `src/`, with its text. */
async function sourceFiles(): Promise<Array<{ path: string; text: string }>> {
  const entries = await readdir(`${root}src`, { recursive: true });
  const paths = entries
    .map((entry) => `src/${entry.split('\\').join('/')}`)
    .filter((path) => path.endsWith('.ts'))
    .sort();
  return Promise.all(paths.map(async (path) => ({ path, text: await readFile(`${root}${path}`, 'utf8') })));
}

describe('house rules: the length of the files of src/', () => {
  it('has no file over its limit: 250 lines, the element 400, the seed data, locale files and styles none', async () => {
    const files = await sourceFiles();
    assert.ok(
      files.some(({ path }) => path === ELEMENT),
      `${ELEMENT} is among the files read`,
    );
    const over = overLimit(files);
    assert.deepEqual(over, [], `over the limit of CONTRIBUTING.md ("Layout"):\n${over.join('\n')}`);
  });

  it('names each file over its limit with its count, and only those', () => {
    const lines = (count: number) => 'x;\n'.repeat(count);
    const files = [
      { path: 'src/api/at-the-limit.ts', text: lines(250) },
      { path: 'src/api/one-over.ts', text: lines(251) },
      { path: 'src/api/no-last-newline.ts', text: lines(250) + 'x;' },
      { path: ELEMENT, text: lines(400) },
      { path: 'src/element/long.ts', text: lines(400) },
      { path: 'src/sandbox/seed.ts', text: lines(1000) },
      { path: 'src/i18n/locales/fr.ts', text: lines(1000) },
      { path: 'src/element/form.styles.ts', text: lines(1000) },
      { path: 'src/sandbox/seed-helpers.ts', text: lines(251) },
    ];
    assert.deepEqual(overLimit(files), [
      'src/api/one-over.ts: 251 lines (limit 250)',
      'src/api/no-last-newline.ts: 251 lines (limit 250)',
      'src/element/long.ts: 400 lines (limit 250)',
      'src/sandbox/seed-helpers.ts: 251 lines (limit 250)',
    ]);
    assert.deepEqual(overLimit([{ path: ELEMENT, text: lines(401) }]), [`${ELEMENT}: 401 lines (limit 400)`]);
  });
});
