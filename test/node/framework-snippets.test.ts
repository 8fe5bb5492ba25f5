// The snippets of the frameworks guide (docs/frameworks.md) are the code the framework apps run
// (test/e2e/frameworks.test.ts clicks them through in Chromium, test/node/framework-types.test.ts type-checks them): a
// snippet is marked with the file it shows, `<!-- snippet: test/frameworks/vue/prepaid-panel.vue -->` just before its
// code block, and must equal that file.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const GUIDE = 'docs/frameworks.md';
const MARKED_BLOCK = /^<!-- snippet: (\S+) -->\n\n?```\w*\n([\s\S]*?)^```$/gm;

/** Each app's component: the file named `prepaid-panel.*` or `PrepaidPanel.*` in each folder of test/frameworks/. */
async function panelFiles(): Promise<string[]> {
  const folders = await readdir(`${root}test/frameworks`, { withFileTypes: true });
  const panels = await Promise.all(
    folders
      .filter((entry) => entry.isDirectory())
      .map(async ({ name }) =>
        (await readdir(`${root}test/frameworks/${name}`))
          .filter((file) => /^(prepaid-panel|PrepaidPanel)\b/.test(file))
          .map((file) => `test/frameworks/${name}/${file}`),
      ),
  );
  return panels.flat().sort();
}

describe('the frameworks guide’s snippets', () => {
  it('shows each framework app’s component, exactly as the app runs it', async () => {
    const guide = await readFile(`${root}${GUIDE}`, 'utf8');
    const snippets = [...guide.matchAll(MARKED_BLOCK)].map(([, path, code]) => ({ path: path!, code: code! }));
    const panels = await panelFiles();
    assert.ok(panels.length >= 7, `the framework apps' components: ${panels.join(', ')}`);
    assert.deepEqual(snippets.map(({ path }) => path).sort(), panels, 'one snippet for each app component');
    for (const { path, code } of snippets) {
      assert.equal(code, await readFile(`${root}${path}`, 'utf8'), `${GUIDE}'s snippet of ${path}`);
    }
  });
});
