/**
 * The element's CSS custom states. `:state(x)` came with Chrome 125, Firefox 126 and Safari 17.4. Chrome 90–124 know
 * the older `:--x` form and refuse a name without `--`. Older engines have no custom states at all, and `states` is
 * missing there. A page in those engines still has the `state` property and the events.
 */

/** Shows the custom state `name` when `on`, and takes it away otherwise, in whichever form the engine knows. */
export function toggleCustomState(internals: ElementInternals, name: string, on: boolean): void {
  const states = internals.states as CustomStateSet | undefined;
  if (!states) return;
  if (!on) {
    states.delete(name);
    states.delete(`--${name}`);
  } else {
    // Adding a state that is shown already changes nothing.
    try {
      states.add(name);
    } catch {
      states.add(`--${name}`);
    }
  }
}

/** The public state that each element shows now, keyed by its internals. */
const shownStates = new WeakMap<ElementInternals, string>();

/** Shows `state` as the element's public state, in place of the one it showed before. Its private states stay. */
export function showCustomState(internals: ElementInternals, state: string): void {
  const before = shownStates.get(internals);
  if (before === state) return;
  if (before) toggleCustomState(internals, before, false);
  toggleCustomState(internals, state, true);
  shownStates.set(internals, state);
}
