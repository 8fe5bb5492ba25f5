/**
 * The code blocks of a guide that a test runs as written, so that the guide cannot drift from what runs. A block is
 * marked by an HTML comment just before its fence, `<!-- snippet: django-view -->`, which no reader sees.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Snippet {
  /** The fence's language, such as `python`. */
  language: string;
  code: string;
}

// Prettier puts a blank line between the comment and the fence; the comment marks the next block all the same.
const MARKED_BLOCK = /<!-- snippet: ([\w-]+) -->\n\n?```(\w*)\n([\s\S]*?)\n```/g;

/** Every marked block of the document at `path` (relative to the project's root), by name. */
export function snippetsOf(path: string): Map<string, Snippet> {
  const text = readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');
  const snippets = new Map<string, Snippet>();
  for (const [, name, language, code] of text.matchAll(MARKED_BLOCK)) {
    if (snippets.has(name!)) throw new Error(`${path}: the snippet "${name}" is marked twice`);
    snippets.set(name!, { language: language!, code: code! });
  }
  return snippets;
}

/** One marked block's code, or an error that names the snippet and the document. */
export function snippet(path: string, name: string): string {
  const found = snippetsOf(path).get(name);
  if (!found) throw new Error(`${path} has no block marked <!-- snippet: ${name} -->`);
  return found.code;
}
