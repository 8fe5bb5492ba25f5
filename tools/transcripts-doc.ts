/**
 * `npm run docs:transcripts`: what a screen reader hears in each state, in docs/accessibility.md, written from the
 * transcripts that test/component/element/transcript.test.ts checks the widget against, between the two markers below.
 * test/node/accessibility-doc.test.ts fails when the page and the transcripts part ways, so that what the page says is
 * heard is what the widget gives.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { transcriptsMarkdown } from '../test/fixtures/transcripts.js';

export const ACCESSIBILITY_DOC = fileURLToPath(new URL('../docs/accessibility.md', import.meta.url));
export const START = '<!-- The transcripts up to the end marker are written by `npm run docs:transcripts`: edit them there. -->';
export const END = '<!-- End of the transcripts written by `npm run docs:transcripts`. -->';

/** docs/accessibility.md with its transcripts written anew, laid out as `npm run lint` (Prettier) wants them. */
export async function withTranscripts(): Promise<{ current: string; written: string }> {
  const current = await readFile(ACCESSIBILITY_DOC, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/accessibility.md lacks the markers:\n${START}\n${END}`);
  const written = `${current.slice(0, start)}${START}\n\n${transcriptsMarkdown()}\n\n${END}${current.slice(end + END.length)}`;
  return { current, written: await format(written, { ...(await resolveConfig(ACCESSIBILITY_DOC)), filepath: ACCESSIBILITY_DOC }) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { current, written } = await withTranscripts();
  if (written !== current) await writeFile(ACCESSIBILITY_DOC, written);
  console.log(
    written === current ? 'docs/accessibility.md: the transcripts were up to date' : 'docs/accessibility.md: transcripts written',
  );
}
