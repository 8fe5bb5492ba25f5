// docs/accessibility.md shows what a screen reader hears in each state: its transcripts are written from those the
// transcript test checks the widget against (`npm run docs:transcripts`), and fail here when the two part ways.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { TRANSCRIPT_LANGUAGES, TRANSCRIPTS } from '../fixtures/transcripts.js';
import { withTranscripts } from '../../tools/transcripts-doc.js';

describe('docs/accessibility.md', () => {
  let current: string;
  let written: string;
  before(async () => ({ current, written } = await withTranscripts()));

  it('has the transcripts the widget is checked against', () => {
    assert.ok(
      current === written,
      'docs/accessibility.md and the transcripts part ways: run `npm run docs:transcripts` and commit the page',
    );
  });

  it('shows every state in every language, none of them silent', () => {
    for (const language of TRANSCRIPT_LANGUAGES) {
      for (const [state, lines] of Object.entries(TRANSCRIPTS[language]))
        assert.ok(lines.length > 0, `${language} ${state}: nothing heard`);
    }
    assert.equal(current.match(/^### /gm)?.length, Object.keys(TRANSCRIPTS.en).length, 'a section per state');
  });
});
