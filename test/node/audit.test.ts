// Lighthouse's scores of the demo store with the widgets ready, measured by bench/audit.ts in this same run and
// checked against bench/budgets.ts: an outside audit of accessibility and best practices.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { AUDITED_PAGES, formatAudit, runAudit, type AuditFigures } from '../../bench/audit.js';
import { BUDGETS } from '../../bench/budgets.js';

describe('Lighthouse on the demo store', { timeout: 180_000 }, () => {
  let figures: AuditFigures;
  before(
    async () => {
      figures = await runAudit();
      console.log(formatAudit(figures));
    },
    { timeout: 180_000 },
  );

  it('audits every page with its widgets loaded, the picker on "Prepay and save"', () => {
    assert.deepEqual(
      figures.pages.map((page) => page.name),
      AUDITED_PAGES.map((page) => page.name),
    );
    for (const page of figures.pages) {
      assert.ok(page.states.length > 0, `${page.name} has widgets`);
      assert.ok(!page.states.includes('loading') && !page.states.includes('error'), `${page.name}: ${page.states.join(', ')}`);
    }
  });

  for (const [category, budget] of [
    ['accessibility', BUDGETS.lighthouseAccessibility],
    ['best-practices', BUDGETS.lighthouseBestPractices],
  ] as const) {
    it(`scores ${budget} for ${category} on every page`, () => {
      for (const page of figures.pages) {
        assert.ok(page.scores[category] >= budget, `${page.name}: ${category} ${page.scores[category]}; ${page.failing.join('; ')}`);
      }
    });
  }
});
