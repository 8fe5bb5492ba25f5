/**
 * What the first visits (bench/first-visit.ts) say, free of the browser: each page's medians, the budgets' verdicts
 * against the floors of the same run (bench/budgets.ts), and the printout. test/bench/budgets.test.ts asserts the
 * verdicts, and checks on made-up visits that each of them can fail.
 */
import { BUDGETS } from './budgets.js';
import { ACCOUNT_WIDGETS, PAGE_NAMES, type FirstVisitRun, type PageKind, type Visit } from './first-visit.js';
import { median } from './stats.js';

/** The Long Tasks API reports tasks over this, and nothing shorter. */
export const LONG_TASK_MS = 50;
/** The least event duration the browser reports (`durationThreshold`); a shorter event has no entry. */
export const EVENT_THRESHOLD_MS = 16;

/** The visit's longest task over 50 ms; `null` when it had none. */
export const longestTaskOf = (visit: Visit): number | null => (visit.longTasks.length ? Math.max(...visit.longTasks) : null);
/** Total blocking time: what each long task took beyond 50 ms, summed. */
export const blockingTimeOf = (visit: Visit): number => visit.longTasks.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0);

export interface RunSummary {
  settledMs: number;
  /** The median of each visit's longest task, a visit without a long task counting as 50 ms (it had none longer). */
  longestTaskMs: number;
  blockingTimeMs: number;
  /** In how many visits a task took over 50 ms. */
  visitsWithLongTask: number;
  cls: number;
  movedBelowPx: number;
  /** The median of each visit's tap, a tap without an entry counting as 16 ms (it took no longer). */
  tapMs: number;
}

export function summarize({ visits }: FirstVisitRun): RunSummary {
  return {
    settledMs: median(visits.map((visit) => visit.settledMs)),
    longestTaskMs: median(visits.map((visit) => longestTaskOf(visit) ?? LONG_TASK_MS)),
    blockingTimeMs: median(visits.map(blockingTimeOf)),
    visitsWithLongTask: visits.filter((visit) => visit.longTasks.length > 0).length,
    cls: median(visits.map((visit) => visit.cls)),
    movedBelowPx: median(visits.map((visit) => visit.movedBelowPx)),
    tapMs: median(visits.map((visit) => visit.tapMs ?? EVENT_THRESHOLD_MS)),
  };
}

const runOf = (runs: readonly FirstVisitRun[], kind: PageKind, rate: number) => {
  const run = runs.find((r) => r.kind === kind && r.setting.rate === rate);
  if (!run) throw new Error(`no first visits of the ${PAGE_NAMES[kind]} at ${rate}× CPU`);
  return run;
};

export interface Verdict {
  /** What is checked, as the printout and the test name it. */
  check: string;
  /** The figure and its bar, worked out: `widget 207 ms ≤ 1.5 × Lit floor 129 ms = 194 ms`. */
  detail: string;
  pass: boolean;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Each first-visit budget of bench/budgets.ts, checked against the floors of the same run. */
export function firstVisitVerdicts(runs: readonly FirstVisitRun[]): Verdict[] {
  const budget = BUDGETS.firstVisit;
  const slow = { widget: runOf(runs, 'widget', 4), lit: runOf(runs, 'lit', 4), static: runOf(runs, 'static', 4) };
  const fast = runOf(runs, 'widget', 1);
  const [widget, lit, stamp, desktop] = [slow.widget, slow.lit, slow.static, fast].map(summarize) as [
    RunSummary,
    RunSummary,
    RunSummary,
    RunSummary,
  ];
  const longestBar = budget.longestTaskVsLitFloor * lit.longestTaskMs;
  const blockingBar = lit.blockingTimeMs + budget.blockingTimeOverLitFloorMs;
  const quiet = fast.visits.length - desktop.visitsWithLongTask;
  const quietBar = Math.ceil(fast.visits.length * budget.visitsWithoutLongTaskAt1x);
  const tapBar = budget.tapVsStaticFloor * stamp.tapMs;
  const widthOf = (run: FirstVisitRun) => `${run.setting.viewport.width} px`;
  return [
    {
      check: 'longest task at 4×',
      detail: `widget ${ms(widget.longestTaskMs)} ≤ ${budget.longestTaskVsLitFloor} × Lit floor ${ms(lit.longestTaskMs)} = ${ms(longestBar)}`,
      pass: widget.longestTaskMs <= longestBar,
    },
    {
      check: 'total blocking time at 4×',
      detail: `widget ${ms(widget.blockingTimeMs)} ≤ Lit floor ${ms(lit.blockingTimeMs)} + ${budget.blockingTimeOverLitFloorMs} ms = ${ms(blockingBar)}`,
      pass: widget.blockingTimeMs <= blockingBar,
    },
    {
      check: 'long tasks at 1×',
      detail: `widget: no task over ${LONG_TASK_MS} ms in ${quiet} of ${fast.visits.length} visits, at least ${quietBar}`,
      pass: quiet >= quietBar,
    },
    {
      check: 'tap on a choice at 4×',
      detail: `widget ${ms(widget.tapMs)} ≤ ${budget.tapVsStaticFloor} × static floor ${ms(stamp.tapMs)} = ${ms(tapBar)}`,
      pass: widget.tapMs <= tapBar,
    },
    ...[slow.widget, fast].map((run) => {
      const { cls } = summarize(run);
      return {
        check: `layout shift at ${widthOf(run)}`,
        detail: `widget ${cls.toFixed(3)} ≤ ${budget.layoutShift}`,
        pass: cls <= budget.layoutShift,
      };
    }),
  ];
}

/** Whether every widget of every visit settled in the state it is there to show: the page is the page it claims. */
export function unexpectedStates(runs: readonly FirstVisitRun[]): string[] {
  const expected = ACCOUNT_WIDGETS.map((widget) => widget.outcome).join(', ');
  return runs
    .filter((run) => run.kind === 'widget')
    .flatMap((run) => run.visits.map((visit) => visit.states.join(', ')).filter((states) => states !== expected));
}

/** The visit whose longest task is the median one. */
const medianVisit = ({ visits }: FirstVisitRun): Visit =>
  [...visits].sort((a, b) => (longestTaskOf(a) ?? 0) - (longestTaskOf(b) ?? 0))[Math.floor(visits.length / 2)]!;

const FIGURES: Array<{ name: string; median: (summary: RunSummary) => string; each: (visit: Visit) => string }> = [
  { name: 'settled after (ms)', median: (s) => s.settledMs.toFixed(0), each: (v) => v.settledMs.toFixed(0) },
  { name: 'longest task (ms)', median: (s) => s.longestTaskMs.toFixed(0), each: (v) => longestTaskOf(v)?.toFixed(0) ?? '-' },
  { name: 'total blocking (ms)', median: (s) => s.blockingTimeMs.toFixed(0), each: (v) => blockingTimeOf(v).toFixed(0) },
  { name: 'layout shift (CLS)', median: (s) => s.cls.toFixed(3), each: (v) => v.cls.toFixed(3) },
  { name: 'moved below (px)', median: (s) => s.movedBelowPx.toFixed(0), each: (v) => v.movedBelowPx.toFixed(0) },
  { name: 'tap on a choice (ms)', median: (s) => s.tapMs.toFixed(0), each: (v) => v.tapMs?.toFixed(0) ?? '-' },
];

/** The printout: each setting's figures, page by page (median, then each visit), then the budgets' verdicts. */
export function formatFirstVisits(runs: readonly FirstVisitRun[]): string[] {
  const visits = Math.max(...runs.map((run) => run.visits.length));
  const lines = [
    `first visits: an account page of ${ACCOUNT_WIDGETS.length} widgets (${ACCOUNT_WIDGETS.map((w) => w.outcome).join(', ')}), ${visits} visits`,
    `of each page in fresh contexts; the median, then each visit ("-": no task over ${LONG_TASK_MS} ms, no event entry of ${EVENT_THRESHOLD_MS} ms)`,
  ];
  const settings = [...new Map(runs.map((run) => [run.setting.rate, run.setting])).values()];
  for (const setting of settings) {
    const these = runs.filter((run) => run.setting.rate === setting.rate);
    lines.push('', `${setting.rate}× CPU, ${setting.viewport.width} × ${setting.viewport.height}`);
    for (const figure of FIGURES) {
      these.forEach((run, i) => {
        const each = run.visits.map((visit) => figure.each(visit).padStart(6)).join('');
        lines.push(
          `  ${(i ? '' : figure.name).padEnd(22)}${PAGE_NAMES[run.kind].padEnd(13)}${figure.median(summarize(run)).padStart(6)}  ${each}`,
        );
      });
    }
    these.forEach((run, i) => {
      const ran = medianVisit(run).longestTaskRan || '-';
      lines.push(`  ${['its frame ran (ms)', '(median visit)'][i] ?? ''}`.padEnd(24) + `${PAGE_NAMES[run.kind].padEnd(13)}${ran}`);
    });
  }
  const verdicts = firstVisitVerdicts(runs);
  lines.push('', 'budgets, against the floors of this run');
  const width = Math.max(...verdicts.map((verdict) => verdict.detail.length));
  for (const verdict of verdicts)
    lines.push(`  ${verdict.check.padEnd(27)} ${verdict.detail.padEnd(width)}  ${verdict.pass ? 'ok' : 'OVER'}`);
  return lines;
}
