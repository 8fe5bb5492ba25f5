// The guides of docs/ as `npm start` serves them: each Markdown file as a page of its own, with the heading ids GitHub
// gives them, so that a link such as `troubleshooting.md#fault-matrix` lands where it does on GitHub. Links stay as
// written and resolve on this server: from /docs/api.md, `embedding.md` is /docs/embedding.md and `../README.md` is
// /README.md. So this serves what the guides link too (the README, CHANGELOG.md and CONTRIBUTING.md, the examples, the
// pictures of docs/pictures/), and nothing else of the project.
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The documents at the project's root that the guides link. */
const ROOT_DOCUMENTS = ['README.md', 'CHANGELOG.md', 'CONTRIBUTING.md'];

/** Where the dev server hands requests to `serveDocument`. */
export const DOCUMENT_PREFIXES = ['/docs', '/examples', ...ROOT_DOCUMENTS.map((name) => `/${name}`)];

// The guides hold inline HTML (their pictures, with a width), as GitHub shows it: they are the project's own files.
const markdown = new MarkdownIt({ html: true, linkify: true }).use(anchor, {
  // GitHub's ids: github-slugger's, numbered from the second heading of the same text in a document (hence one
  // slugger a rendering, kept in its env).
  slugifyWithState: (title: string, state: { env: { slugger?: GithubSlugger } }) => (state.env.slugger ??= new GithubSlugger()).slug(title),
  tabIndex: false,
});
// A table as wide as its columns scrolls inside itself rather than widen the page.
markdown.renderer.rules.table_open = () => '<div class="table-scroll"><table>\n';
markdown.renderer.rules.table_close = () => '</table></div>\n';

const escape = (text: string) => markdown.utils.escapeHtml(text);

/** A page of the demo's guides: the store's header and stylesheet, `body` in one readable column. */
function page(title: string, body: string, source: string): Response {
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escape(title)} · prepaid-upgrade</title>
    <link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='16' fill='%237a3e1d'/%3E%3C/svg%3E" />
    <link rel="stylesheet" href="/demo.css" />
  </head>
  <body>
    <a class="skip-link" href="#main">Skip to main content</a>
    <header class="site-header">
      <div class="site-header__inner">
        <a class="brand" href="/"><span class="brand__mark" aria-hidden="true">N</span><span>Northwind Pantry</span></a>
        <nav class="store-nav" aria-label="Demo">
          <ul>
            <li><a href="/">Back to the store</a></li>
            <li><a href="/reference.html">Reference</a></li>
            <li><a href="/docs/">Guides</a></li>
          </ul>
        </nav>
      </div>
    </header>
    <main id="main" class="guide">
${body}
    </main>
    <footer class="site-footer"><p>${escape(source)} of the prepaid-upgrade package, as the demo's server shows it.</p></footer>
  </body>
</html>
`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } });
}

/** A Markdown document's title: the text of its first heading. */
function titleOf(text: string): string {
  const tokens = markdown.parse(text, {});
  const heading = tokens.findIndex((token) => token.type === 'heading_open');
  const inline = tokens[heading + 1]?.children ?? [];
  return (
    inline
      .filter((token) => token.type === 'text' || token.type === 'code_inline')
      .map((token) => token.content)
      .join('') || 'Untitled'
  );
}

async function renderDocument(path: string): Promise<Response> {
  const text = await readFile(`${root}${path}`, 'utf8');
  return page(titleOf(text), markdown.render(text, {}), path);
}

/** /docs/: every guide, by its title. */
async function guideIndex(): Promise<Response> {
  const names = (await readdir(`${root}docs`)).filter((name) => name.endsWith('.md'));
  const guides = await Promise.all(names.map(async (name) => ({ name, title: titleOf(await readFile(`${root}docs/${name}`, 'utf8')) })));
  guides.sort((a, b) => a.title.localeCompare(b.title, 'en'));
  const items = guides.map(({ name, title }) => `<li><a href="${name}">${escape(title)}</a></li>`);
  const more = ROOT_DOCUMENTS.map((name) => `<a href="../${name}">${name}</a>`).join(', ');
  return page('Guides', `<h1>Guides</h1>\n<ul>\n${items.join('\n')}\n</ul>\n<p>And the package's ${more}.</p>`, 'docs/');
}

const notFound = () => new Response('Not found: this server has the guides of docs/ and what they link, nothing else', { status: 404 });
const file = async (path: string, type: string) =>
  new Response(await readFile(`${root}${path}`), { headers: { 'content-type': type, 'x-content-type-options': 'nosniff' } });

/** Answers a request for a path under one of `DOCUMENT_PREFIXES`. */
export async function serveDocument(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  // A name of one folder's own files: no `/`, no `%` (an encoded `/` or `.`), no leading dot.
  const [, folder = '', name = ''] = /^\/(?:(docs\/pictures|docs|examples)\/)?([\w-][\w.-]*)?$/.exec(pathname) ?? [];
  try {
    if (folder === 'docs' && !name) return await guideIndex();
    if (folder === 'docs' && name.endsWith('.md')) return await renderDocument(`docs/${name}`);
    if (!folder && ROOT_DOCUMENTS.includes(name)) return await renderDocument(name);
    // The examples in every language the guides link, and their test vectors, as text to read.
    if (folder === 'examples' && /\.(?:[jt]s|php|py|rb|java|json)$/.test(name))
      return await file(`examples/${name}`, 'text/plain; charset=utf-8');
    // The pictures the README and the guides show, which the screenshot tests make.
    if (folder === 'docs/pictures' && name.endsWith('.png')) return await file(`docs/pictures/${name}`, 'image/png');
  } catch {
    // No such file.
  }
  return notFound();
}
