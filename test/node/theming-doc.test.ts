// The theming guide (docs/theming.md) quotes the demo's worked themes "as is": each quote is the whole file, so that
// what a theme developer copies is what the screenshot tests picture.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the theming guide', () => {
  it('quotes each worked theme whole, as the demo has it', async () => {
    const guide = await readFile(`${root}docs/theming.md`, 'utf8');
    const quoted = [...guide.matchAll(/`demo\/themes\/([\w-]+)\.css`, as is:\n\n```css\n([\s\S]*?)```/g)];
    assert.deepEqual(
      quoted.map(([, theme]) => theme),
      ['brand', 'dawn', 'midnight'],
    );
    for (const [, theme, text] of quoted) {
      assert.equal(text, await readFile(`${root}demo/themes/${theme}.css`, 'utf8'), `docs/theming.md quotes demo/themes/${theme}.css`);
    }
  });
});
