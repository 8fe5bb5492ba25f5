// The README is the front door and the guides of docs/ hold the rest. `npm run lint:docs` (remark-validate-links, in
// .remarkrc.mjs) checks that every Markdown link and picture of the README, the guides, CONTRIBUTING.md and CHANGELOG.md
// leads to a file and heading that exist; these tests hold that check to its word on made-up mistakes, check the
// addresses it does not read (inline HTML: the pictures, for their width), and hold the README to a front page that links every
// guide; the demo's reference page must link every guide at an address that `npm start` serves, as a page whose links
// and pictures all answer from the demo's server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { startDemoServer } from '../../bench/demo-server.js';
import { checkLinks, missingInlineTargets, outsideCode } from './markdown-links.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The bar of a front page: short enough to read to the end. */
const README_MAX_LINES = 300;

async function guides(): Promise<string[]> {
  return (await readdir(join(root, 'docs'))).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`);
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
    const { missing, checked } = await missingInlineTargets(root, ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...(await guides())]);
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
      /<img\b[^>]*\bsrc="docs\/pictures\/default-/,
      'the README shows the widget with a picture of the default theme that the screenshot tests make',
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

  it('gets each guide from the demo’s server as a page, with GitHub’s heading ids', async () => {
    for (const link of links) {
      const answer = await fetch(`${base}${link}`);
      assert.equal(answer.status, 200, `${link} answered ${answer.status}`);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/html; charset=utf-8/, link);
      const html = await answer.text();
      const title = /^# (.+)$/m.exec(await readFile(join(root, link), 'utf8'))![1]!.replaceAll('`', '');
      assert.ok(html.includes(`<title>${title.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')} ·`), link);
      assert.match(html, /<a [^>]*href="\/"/, `${link} links back to the store`);
    }
    const troubleshooting = await (await fetch(`${base}/docs/troubleshooting.md`)).text();
    assert.match(troubleshooting, /<h2 id="fault-matrix">/);
  });

  it('answers 200 for every relative link and picture of the guides, following them, and has the headings they name', async () => {
    /** What the server answered for each address: its status and, for a page, the ids in it. */
    const answers = new Map<string, { status: number; ids?: Set<string> }>();
    const pages: string[] = links.map((link) => new URL(link, base).href);
    const problems: string[] = [];
    const checks: Array<{ from: string; target: URL }> = [];
    // A page served from the documents (a guide, the README, an index): its links are followed in turn.
    const isDocument = (url: URL) => /\.md$|^\/docs\/$/.test(url.pathname);
    for (let i = 0; i < pages.length; i++) {
      const page = pages[i]!;
      const answer = await fetch(page);
      const html = await answer.text();
      answers.set(page, { status: answer.status, ids: new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!)) });
      for (const [, address] of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
        const raw = address!.replaceAll('&amp;', '&');
        // Addresses with a scheme (https:, mailto:, data:) are not this server's.
        if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) continue;
        const target = new URL(raw, page);
        checks.push({ from: page, target });
        const document = `${target.origin}${target.pathname}`;
        if (isDocument(target) && !pages.includes(document)) pages.push(document);
      }
    }
    for (const { from, target } of checks) {
      const address = `${target.origin}${target.pathname}`;
      if (!answers.has(address)) {
        const answer = await fetch(address);
        answers.set(address, { status: answer.status });
        await answer.body?.cancel();
      }
      const { status, ids } = answers.get(address)!;
      const shown = `${new URL(from).pathname} → ${target.pathname}${target.hash}`;
      if (status !== 200) problems.push(`${shown}: ${status}`);
      else if (target.hash && ids && !ids.has(decodeURIComponent(target.hash.slice(1)))) problems.push(`${shown}: no such heading`);
    }
    assert.ok(pages.length > links.length + 3, `the pages followed: ${pages.join(', ')}`);
    assert.ok(
      checks.some(({ target }) => target.pathname.endsWith('.png')),
      'pictures are among the addresses checked',
    );
    assert.ok(
      checks.some(({ target }) => target.hash),
      'headings are among the addresses checked',
    );
    assert.deepEqual(problems, []);
  });

  it('lists the guides at /docs/, and serves nothing else of the project', async () => {
    const index = await fetch(`${base}/docs/`);
    assert.equal(index.status, 200);
    const html = await index.text();
    for (const guide of await guides()) assert.ok(html.includes(`href="${guide.slice('docs/'.length)}"`), guide);
    const paths = [
      '/docs/missing.md',
      '/docs/..%2fpackage.json',
      '/docs/api.md.bak',
      '/docs/.remarkrc.mjs',
      '/docs',
      '/package.json',
      '/LICENSE',
      '/examples/',
      '/examples/..%2fpackage.json',
      '/test/e2e/__screenshots__/default-ready.png',
      '/test/e2e/screenshots.test.ts',
      '/dist/lib/index.js',
      '/dist/types/jsx.d.ts',
    ];
    for (const path of paths) {
      const answer = await fetch(`${base}${path}`);
      assert.equal(answer.status, 404, `${path} answered ${answer.status}`);
      await answer.body?.cancel();
    }
  });

  it('serves the built script for trying the README’s embed', async () => {
    for (const path of ['/dist/prepaid-upgrade.js', '/dist/prepaid-upgrade.iife.js', '/dist/discovery.js', '/dist/i18n/fr.js']) {
      const answer = await fetch(`${base}${path}`);
      assert.equal(answer.status, 200, `${path} answered ${answer.status}: run \`npm run build\` first`);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/javascript/, path);
      assert.equal(await answer.text(), await readFile(join(root, path), 'utf8'), path);
    }
  });
});
