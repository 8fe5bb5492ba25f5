/**
 * What the first visits (bench/first-visit.ts) say, free of the browser: each page's medians and spreads, the bars and
 * the gate against the static floor of the same run (bench/budgets.ts), and the printout. test/bench/budgets.test.ts
 * asserts the gate's verdicts, and checks on made-up visits that each of them fails a real regression and holds through
 * noise.
 */
import { BUDGETS } from './budgets.js';
import { ACCOUNT_WIDGETS, PAGE_NAMES, type FirstVisitRun, type PageKind, type Visit } from './first-visit.js';
import { median, medianAbsoluteDeviation } from './stats.js';

/** The Long Tasks API reports tasks over this, and nothing shorter. */
export const LONG_TASK_MS = 50;
/** The least event duration the browser reports (`durationThreshold`); a shorter event has no entry. */
export const EVENT_THRESHOLD_MS = 16;

/** The visit's longest task over 50 ms; `null` when it had none. */
export const longestTaskOf = (visit: Visit): number | null => (visit.longTasks.length ? Math.max(...visit.longTasks) : null);
/** Total blocking time: what each long task took beyond 50 ms, summed. */
export const blockingTimeOf = (visit: Visit): number => visit.longTasks.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0);

/**
 * Each visit's figure of the kinds the bars and the gate compare: a visit without a long task counting as 50 ms (it had
 * none longer), a tap without an entry as 16 ms (it took no longer).
 */
const FIGURES_OF_A_VISIT = {
  'longest task': (visit: Visit) => longestTaskOf(visit) ?? LONG_TASK_MS,
  'total blocking time': blockingTimeOf,
  'tap on a choice': (visit: Visit) => visit.tapMs ?? EVENT_THRESHOLD_MS,
} as const;
type Figure = keyof typeof FIGURES_OF_A_VISIT;

export interface RunSummary {
  settledMs: number;
  /** The median of each visit's longest task, a visit without a long task counting as 50 ms (it had none longer). */
  longestTaskMs: number;
  blockingTimeMs: number;
  cls: number;
  movedBelowPx: number;
  /** The median of each visit's tap, a tap without an entry counting as 16 ms (it took no longer). */
  tapMs: number;
}

export function summarize({ visits }: FirstVisitRun): RunSummary {
  return {
    settledMs: median(visits.map((visit) => visit.settledMs)),
    longestTaskMs: median(visits.map(FIGURES_OF_A_VISIT['longest task'])),
    blockingTimeMs: median(visits.map(FIGURES_OF_A_VISIT['total blocking time'])),
    cls: median(visits.map((visit) => visit.cls)),
    movedBelowPx: median(visits.map((visit) => visit.movedBelowPx)),
    tapMs: median(visits.map(FIGURES_OF_A_VISIT['tap on a choice'])),
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
  /** The figure and its bar, worked out: `widget 114 ms ≤ static floor 146 ms + max(75 ms, 2 × spread 24 ms) = 221 ms`. */
  detail: string;
  pass: boolean;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** The widget's and the static floor's runs at 4× CPU, where the bars and the gate compare them. */
const atFourTimes = (runs: readonly FirstVisitRun[]) => ({ widget: runOf(runs, 'widget', 4), stamp: runOf(runs, 'static', 4) });

/**
 * The gate of `npm test`: at 4× CPU, each figure of the widget's median at most the static floor's, plus a margin of
 * `spreads` times the larger spread of the two pages' visits, never less than the least margin; and the layout shift of
 * the account page at either width.
 */
export function firstVisitGate(runs: readonly FirstVisitRun[]): Verdict[] {
  const { gate, layoutShift } = BUDGETS.firstVisit;
  const { widget, stamp } = atFourTimes(runs);
  const compare = (figure: Figure, leastMarginMs: number): Verdict => {
    const of = FIGURES_OF_A_VISIT[figure];
    const [mine, floor] = [widget, stamp].map((run) => run.visits.map(of)) as [number[], number[]];
    const spread = Math.max(medianAbsoluteDeviation(mine), medianAbsoluteDeviation(floor));
    const margin = Math.max(leastMarginMs, gate.spreads * spread);
    const bar = median(floor) + margin;
    return {
      check: `${figure} at 4×`,
      detail:
        `widget ${ms(median(mine))} ≤ static floor ${ms(median(floor))} + ` +
        `max(${ms(leastMarginMs)}, ${gate.spreads} × spread ${ms(spread)}) = ${ms(bar)}`,
      pass: median(mine) <= bar,
    };
  };
  return [
    compare('longest task', gate.leastMarginMs),
    compare('total blocking time', gate.leastMarginMs),
    compare('tap on a choice', gate.leastTapMarginMs),
    ...runs
      .filter((run) => run.kind === 'widget')
      .map((run) => {
        const { cls } = summarize(run);
        return {
          check: `layout shift at ${run.setting.viewport.width} px`,
          detail: `widget ${cls.toFixed(3)} ≤ ${layoutShift}`,
          pass: cls <= layoutShift,
        };
      }),
  ];
}

/** The bars the widget is held to, which `npm run bench` prints: at 4× CPU, each figure against the static floor's. */
export function firstVisitBars(runs: readonly FirstVisitRun[]): Verdict[] {
  const { bars } = BUDGETS.firstVisit;
  const [widget, stamp] = Object.values(atFourTimes(runs)).map(summarize) as [RunSummary, RunSummary];
  const compare = (figure: Figure, mine: number, floor: number, times: number): Verdict => ({
    check: `${figure} at 4×`,
    detail: `widget ${ms(mine)} ≤ ${times === 1 ? '' : `${times} × `}static floor ${ms(floor)}${times === 1 ? '' : ` = ${ms(times * floor)}`}`,
    pass: mine <= times * floor,
  });
  return [
    compare('longest task', widget.longestTaskMs, stamp.longestTaskMs, bars.longestTaskVsStaticFloor),
    compare('total blocking time', widget.blockingTimeMs, stamp.blockingTimeMs, bars.blockingTimeVsStaticFloor),
    compare('tap on a choice', widget.tapMs, stamp.tapMs, bars.tapVsStaticFloor),
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
  const print = (title: string, verdicts: Verdict[]) => {
    lines.push('', title);
    const width = Math.max(...verdicts.map((verdict) => verdict.detail.length));
    for (const verdict of verdicts)
      lines.push(`  ${verdict.check.padEnd(27)} ${verdict.detail.padEnd(width)}  ${verdict.pass ? 'ok' : 'OVER'}`);
  };
  print('bars, against the static floor of this run', firstVisitBars(runs));
  print("the gate of npm test, against the static floor of this run and the visits' spread", firstVisitGate(runs));
  return lines;
}
