// What the account page's fault panel says it has queued, in words. Kept apart from the page (no DOM), so that a Node
// test words every kind of request with every count (test/node/fault-words.test.ts).

/** The kinds of request a fault can be aimed at; the first four are the widget's own, each a path of its own. */
export const FAULT_TARGETS = ['load', 'orders', 'upgrade', 'renewal', 'any'] as const;
export type FaultTarget = (typeof FAULT_TARGETS)[number];

/** The widget's reads: nothing to carry out, and a fault on one shows when the widgets load again. */
export const isRead = (target: unknown) => target === 'load' || target === 'orders';

/** Each kind of request, one and several. */
const REQUEST_NAMES: Record<FaultTarget, readonly [one: string, several: string]> = {
  load: ['load', 'loads'],
  orders: ['next-order read', 'next-order reads'],
  upgrade: ['upgrade', 'upgrades'],
  renewal: ['renewal change', 'renewal changes'],
  any: ['request', 'requests'],
};

export interface QueuedFault {
  target: FaultTarget;
  /** How many requests get it, from 1. */
  count: number;
  /** The subscription whose requests get it; empty for any subscription's. */
  subscriptionId: string;
  /**
   * What they get instead of the real answer, as the sentence says it: "a 401", "a network failure"; null for the real
   * answer itself, which only a change carried out late has a reason to ask for (it then comes late).
   */
  answer: string | null;
  /** Carried out for real, and then answered with the fault (changes only). */
  apply: boolean;
  /**
   * Carried out for real this many seconds after each arrives, whatever it was answered meanwhile (changes only, not
   * with `apply`); undefined for a fault that does not carry them out late.
   */
  carriedOutAfterS?: number;
}

/** "The next load of sub_coffee_ada will get a 401.", "The next 10 loads of sub_coffee_ada will get a 401.", … */
export function faultSentence({ target, count, subscriptionId, answer, apply, carriedOutAfterS }: QueuedFault): string {
  const [one, several] = REQUEST_NAMES[target];
  const requests = count === 1 ? one : `${count} ${several}`;
  const of = subscriptionId ? ` of ${subscriptionId}` : '';
  const outcome = () => {
    if (carriedOutAfterS !== undefined) {
      const late = `${carriedOutAfterS} s after ${count === 1 ? 'it arrives' : 'each arrives'}`;
      // The answer and the change are apart: a fault's answer does not wait for the change, the real one does.
      return answer === null
        ? `will be carried out ${late}, and get the real answer then`
        : `will get ${answer}, and be carried out all the same ${late}`;
    }
    if (apply && answer !== null) return `will be carried out, then get ${answer} instead of the real answer`;
    return `will get ${answer ?? 'the real answer'}`;
  };
  const next = isRead(target) ? ' Press “Reload widgets” to see it.' : '';
  return `The next ${requests}${of} ${outcome()}.${next}`;
}
