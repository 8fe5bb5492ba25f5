// The README is the front door and the guides of docs/ hold the rest. `npm run lint:docs` (remark-validate-links, in
// .remarkrc.mjs) checks that every Markdown link and picture of the README, the guides, CONTRIBUTING.md and CHANGELOG.md
// leads to a file and heading that exist; these tests hold that check to its word on made-up mistakes, check the
// addresses it does not read (inline HTML: the pictures, for their width), and hold the README to a front page that links every
// guide; the demo's reference page must link every guide at an address that `npm start` serves.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ViteDevServer } from 'vite';
import { startDemoServer } from '../../bench/demo-server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The bar of a front page: short enough to read to the end. */
const README_MAX_LINES = 300;

async function guides(): Promise<string[]> {
  return (await readdir(join(root, 'docs'))).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`);
}

/** The text outside fenced code blocks, where markup is markup and not an example of it. */
const outsideCode = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');

/** The link check of `npm run lint:docs`, with the project's configuration, over `files` (paths relative to `cwd`). */
async function checkLinks(cwd: string, files: string[]): Promise<{ failed: boolean; report: string }> {
  const remark = join(root, 'node_modules/.bin/remark');
  const args = ['--rc-path', join(root, '.remarkrc.mjs'), '--frail', '--quiet', '--no-stdout', '--no-color', ...files];
  try {
    const { stderr } = await promisify(execFile)(remark, args, { cwd });
    return { failed: false, report: stderr };
  } catch (error) {
    return { failed: true, report: (error as { stderr: string }).stderr };
  }
}

describe('the link check of `npm run lint:docs`', () => {
  it('fails on a missing file, a missing heading here or in another document, and a missing picture', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prepaid-upgrade-links-'));
    try {
      await writeFile(join(dir, 'other.md'), '# Other\n\n## A heading\n');
      await writeFile(
        join(dir, 'guide.md'),
        [
          '# Guide',
          '',
          '[fine](other.md#a-heading) [fine too](#guide)',
          '',
          '[a](missing.md) [b](#no-such-heading) [c](other.md#nope) ![d](missing.png)',
          '',
        ].join('\n'),
      );
      const { failed, report } = await checkLinks(dir, ['guide.md', 'other.md']);
      assert.equal(failed, true, report);
      for (const target of ['missing.md', '#no-such-heading', '#nope', 'missing.png'])
        assert.ok(report.includes(`\`${target}\``), `${target}: ${report}`);
      assert.equal(report.match(/^\s*\d+:\d+\S*\s+warning\b/gm)?.length, 4, `exactly these four: ${report}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the README and the guides', () => {
  it('point inline HTML (pictures with a width, which the link check does not read) at files that exist', async () => {
    const missing: string[] = [];
    let checked = 0;
    for (const document of ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...(await guides())]) {
      const markdown = outsideCode(await readFile(join(root, document), 'utf8'));
      for (const [, target] of markdown.matchAll(/<[a-z]+\b[^>]*\b(?:src|href)="([^"#]+)[^"]*"/g)) {
        // Addresses with a scheme (https:, mailto:) and absolute paths (a page of the demo, say) are not files here.
        if (/^[a-z][a-z0-9+.-]*:/i.test(target!) || target!.startsWith('/')) continue;
        checked++;
        if (!existsSync(join(dirname(join(root, document)), decodeURIComponent(target!)))) missing.push(`${document}: ${target}`);
      }
    }
    assert.ok(checked >= 2, `only ${checked} inline HTML addresses found: is the pattern still right?`);
    assert.deepEqual(missing, []);
  });

  it('are reached from the README, which stays a front page with a picture of the widget', async () => {
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    const linked = new Set([...outsideCode(readme).matchAll(/\]\((docs\/[^)#\s]+)/g)].map((match) => match[1]));
    const all = await guides();
    assert.ok(all.length >= 5, `the guides: ${all.join(', ')}`);
    assert.deepEqual(
      all.filter((guide) => !linked.has(guide)),
      [],
      'every guide is linked from the README',
    );
    const lines = readme.trimEnd().split('\n').length;
    assert.ok(lines <= README_MAX_LINES, `the README has ${lines} lines, more than ${README_MAX_LINES}: move the detail into a guide`);
    assert.match(
      readme,
      /<img\b[^>]*\bsrc="test\/e2e\/__screenshots__\/default-/,
      'the README shows the widget with a screenshot baseline of the default theme',
    );
  });
});

describe('the demo’s reference page', () => {
  let server: ViteDevServer;
  let base: string;
  let links: string[];

  before(async () => {
    const page = await readFile(join(root, 'demo/reference.html'), 'utf8');
    links = [...page.matchAll(/href="\.?(\/docs\/[^"]+)"/g)].map((match) => match[1]!);
    ({ server, base } = await startDemoServer());
  });

  after(async () => {
    await server?.close();
  });

  it('links every guide', async () => {
    assert.deepEqual([...links].sort(), (await guides()).map((guide) => `/${guide}`).sort());
  });

  it('gets each guide from the demo’s server as readable text', async () => {
    for (const link of links) {
      const answer = await fetch(`${base}${link}`);
      assert.equal(answer.status, 200, `${link} answered ${answer.status}`);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/plain; charset=utf-8/, link);
      assert.equal(await answer.text(), await readFile(join(root, link), 'utf8'), link);
    }
  });

  it('serves nothing but the guides under /docs/', async () => {
    for (const path of ['/docs/missing.md', '/docs/..%2fpackage.json', '/docs/api.md.bak', '/docs/']) {
      const answer = await fetch(`${base}${path}`);
      assert.equal(answer.status, 404, `${path} answered ${answer.status}`);
      await answer.body?.cancel();
    }
  });
});
