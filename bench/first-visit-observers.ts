/**
 * The init script of every first visit (bench/first-visit.ts adds it to the browser context, so that it runs before
 * anything of the page): buffered observers of long tasks, layout shifts and event timing, their entries kept on
 * `window.firstVisitEntries` for the bench to read. No imports: it is a classic script.
 */

/** What the observers saw, in the page's time (`performance.now()`, from navigation). */
export interface FirstVisitEntries {
  longTasks: Array<{ start: number; duration: number }>;
  /**
   * Long animation frames (over 50 ms): what ran in them, to tell what a long task was. `scripts` are the scripts of
   * 5 ms or more (file and what called them), `renderMs` the frame's rendering (style, layout, paint) after them.
   */
  frames: Array<{ start: number; duration: number; renderMs: number; scripts: Array<{ file: string; invoker: string; ms: number }> }>;
  shifts: Array<{ start: number; value: number; hadRecentInput: boolean }>;
  /** Event timing entries of interactions (`interactionId` > 0). */
  events: Array<{
    name: string;
    start: number;
    /** From the input to the next paint after its handlers, rounded to 8 ms by the browser. */
    duration: number;
    /** Its handlers' time. */
    processing: number;
    interactionId: number;
    target: string;
  }>;
}

const seen: FirstVisitEntries = { longTasks: [], frames: [], shifts: [], events: [] };
Object.defineProperty(window, 'firstVisitEntries', { value: seen });

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) seen.longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

/** Long animation frames are not in TypeScript's DOM types yet. */
interface LongAnimationFrame extends PerformanceEntry {
  renderStart: number;
  scripts: Array<{ duration: number; invokerType: string; sourceURL: string }>;
}
new PerformanceObserver((list) => {
  for (const entry of list.getEntries() as LongAnimationFrame[]) {
    seen.frames.push({
      start: entry.startTime,
      duration: entry.duration,
      renderMs: entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0,
      scripts: entry.scripts.map((script) => ({
        file: script.sourceURL.slice(script.sourceURL.lastIndexOf('/') + 1),
        invoker: script.invokerType,
        ms: script.duration,
      })),
    });
  }
}).observe({ type: 'long-animation-frame', buffered: true });

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}
new PerformanceObserver((list) => {
  for (const entry of list.getEntries() as LayoutShift[])
    seen.shifts.push({ start: entry.startTime, value: entry.value, hadRecentInput: entry.hadRecentInput });
}).observe({ type: 'layout-shift', buffered: true });

/** `interactionId` is not in TypeScript's DOM types yet. */
interface EventTiming extends PerformanceEventTiming {
  interactionId?: number;
}
new PerformanceObserver((list) => {
  for (const entry of list.getEntries() as EventTiming[]) {
    if (!entry.interactionId) continue;
    const target = entry.target;
    seen.events.push({
      name: entry.name,
      start: entry.startTime,
      duration: entry.duration,
      processing: entry.processingEnd - entry.processingStart,
      interactionId: entry.interactionId,
      target: target instanceof Element ? `${target.localName}${target.id ? `#${target.id}` : ''}` : '',
    });
  }
  // 16 ms is the least the browser reports: a shorter event has no entry.
}).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit & { durationThreshold: number });
