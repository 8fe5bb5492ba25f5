/**
 * Shows `state` as the element's one CSS custom state. `:state(x)` came with Chrome 125, Firefox 126 and Safari 17.4;
 * Chrome 90–124 know the older `:--x` form and refuse a name without `--`; older engines have no custom states at
 * all (`states` is missing), and a page there has the `state` property and the events.
 */
export function showCustomState(internals: ElementInternals, state: string): void {
  const states = internals.states as CustomStateSet | undefined;
  if (!states || states.has(state) || states.has(`--${state}`)) return;
  states.clear();
  try {
    states.add(state);
  } catch {
    states.add(`--${state}`);
  }
}
