/**
 * The element's custom states (`src/element/custom-state.ts`) in each form an engine knows: `:state(x)`, the older
 * `:--x`, or none at all; and the one public state shown at a time beside the private ones.
 */
import { expect } from '@open-wc/testing';
import { showCustomState, toggleCustomState } from '../../../src/element/custom-state.js';

/** The states of an engine that refuses a name without `--`, as Chrome 90–124 did. */
class DashedStates extends Set<string> {
  override add(name: string): this {
    if (!name.startsWith('--')) throw new DOMException(`"${name}" is not a valid custom state`, 'SyntaxError');
    return super.add(name);
  }
}

const internalsWith = (states: Set<string> | undefined) => ({ states }) as unknown as ElementInternals;

describe('toggleCustomState', () => {
  it('adds the state by its name, and takes it away in either form', () => {
    const states = new Set<string>(['--gone']);
    toggleCustomState(internalsWith(states), 'ready', true);
    expect([...states]).to.deep.equal(['--gone', 'ready']);
    toggleCustomState(internalsWith(states), 'ready', false);
    toggleCustomState(internalsWith(states), 'gone', false);
    expect([...states]).to.deep.equal([]);
  });

  it('adds the --name form in an engine that refuses the name alone', () => {
    const states = new DashedStates();
    toggleCustomState(internalsWith(states), 'ready', true);
    expect([...states]).to.deep.equal(['--ready']);
    toggleCustomState(internalsWith(states), 'ready', false);
    expect([...states]).to.deep.equal([]);
  });

  it('does nothing in an engine without custom states', () => {
    expect(() => toggleCustomState(internalsWith(undefined), 'ready', true)).not.to.throw();
  });

  it('is matched by :state() on a real element', () => {
    class StateFixture extends HTMLElement {
      readonly internals = this.attachInternals();
    }
    customElements.define('custom-state-fixture', StateFixture);
    const element = new StateFixture();
    toggleCustomState(element.internals, 'loading', true);
    expect(element.matches(':state(loading)')).to.equal(true);
    toggleCustomState(element.internals, 'loading', false);
    expect(element.matches(':state(loading)')).to.equal(false);
  });
});

describe('showCustomState', () => {
  it('shows one public state at a time, and leaves the private ones be', () => {
    const states = new Set<string>();
    const internals = internalsWith(states);
    toggleCustomState(internals, '_away', true);
    showCustomState(internals, 'loading');
    expect([...states].sort()).to.deep.equal(['_away', 'loading']);
    showCustomState(internals, 'ready');
    expect([...states].sort()).to.deep.equal(['_away', 'ready']);
    showCustomState(internals, 'ready');
    expect([...states].sort()).to.deep.equal(['_away', 'ready']);
  });

  it('keeps each element’s public state apart', () => {
    const first = new Set<string>();
    const second = new Set<string>();
    const [one, two] = [internalsWith(first), internalsWith(second)];
    showCustomState(one, 'ready');
    showCustomState(two, 'error');
    showCustomState(one, 'success');
    expect([...first]).to.deep.equal(['success']);
    expect([...second]).to.deep.equal(['error']);
  });
});
