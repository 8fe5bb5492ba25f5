// The README is the front door and the guides of docs/ hold the rest: every relative link and picture of the README,
// the guides, CONTRIBUTING.md and CHANGELOG.md must point at a file that exists and, for a `#fragment`, at a heading
// of that file (named as GitHub names it); the README must link every guide; and the demo's reference page must link
// every guide at an address that `npm start` serves.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { startDemoServer } from '../../bench/demo-server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The bar of a front page: short enough to read to the end. */
const README_MAX_LINES = 300;

async function guides(): Promise<string[]> {
  return (await readdir(join(root, 'docs'))).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`);
}

async function documents(): Promise<string[]> {
  return ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...(await guides())];
}

/** The text outside fenced code blocks and code spans, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every link target: Markdown links and pictures, reference definitions, and `href`/`src` of inline HTML. */
function targets(markdown: string): string[] {
  const text = prose(markdown);
  return [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]!),
    ...[...text.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((match) => match[1]!),
  ];
}

/** The fragment GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
  for (const [, heading] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*_]/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count ? `${base}-${count}` : base);
  }
  return ids;
}

describe('the README and the guides', () => {
  it('link only to files that exist, and to headings those files have', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const document of await documents()) {
      const markdown = await readFile(join(root, document), 'utf8');
      for (const target of targets(markdown)) {
        // Addresses with a scheme (https:, mailto:) and absolute paths (a page of the demo, say) are not files here.
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
        checked++;
        const [path = '', fragment] = target.split('#');
        const file = path ? join(dirname(join(root, document)), decodeURIComponent(path)) : join(root, document);
        const shown = `${document}: ${target}`;
        if (!file.startsWith(root) || !existsSync(file)) {
          problems.push(`${shown} (no ${relative(root, file)})`);
        } else if (fragment !== undefined) {
          if (!file.endsWith('.md')) problems.push(`${shown} (a fragment of a file that has no headings)`);
          else if (!headingIds(await readFile(file, 'utf8')).has(fragment)) problems.push(`${shown} (no such heading)`);
        }
      }
    }
    assert.ok(checked > 50, `only ${checked} relative links found: is the link pattern still right?`);
    if (problems.length) assert.fail(['Links that lead nowhere:', ...problems.map((problem) => `  ${problem}`)].join('\n'));
  });

  it('are reached from the README, which stays a front page with a picture of the widget', async () => {
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    const linked = new Set(targets(readme).map((target) => target.split('#')[0]));
    const all = await guides();
    assert.ok(all.length >= 5, `the guides: ${all.join(', ')}`);
    assert.deepEqual(
      all.filter((guide) => !linked.has(guide)),
      [],
      'every guide is linked from the README',
    );
    const lines = readme.trimEnd().split('\n').length;
    assert.ok(lines <= README_MAX_LINES, `the README has ${lines} lines, more than ${README_MAX_LINES}: move the detail into a guide`);
    const pictures = targets(readme).filter((target) => target.startsWith('test/e2e/__screenshots__/default-'));
    assert.ok(pictures.length > 0, 'the README shows the widget with a screenshot baseline of the default theme');
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
