/**
 * When the widget's work runs (`src/shared/scheduling.ts`): a task of its own after the microtasks queued before it,
 * and the page's first work started once, after the first widget's first update, one piece a task.
 */
import { expect } from '@open-wc/testing';
import { beforeAnswerRenders, beforeFirstUpdate, nextTask, startFirstWork } from '../../../src/shared/scheduling.js';

describe('scheduling', () => {
  it('settles in a task of its own, after the microtasks queued before and after it', async () => {
    const order: string[] = [];
    queueMicrotask(() => order.push('microtask before'));
    const task = nextTask().then(() => order.push('task'));
    queueMicrotask(() => order.push('microtask after'));
    await task;
    expect(order).to.deep.equal(['microtask before', 'microtask after', 'task']);
  });

  it('gives the first update and the render of an answer a task each', () => {
    expect(beforeFirstUpdate).to.equal(nextTask);
    expect(beforeAnswerRenders).to.equal(nextTask);
  });

  it("starts the page's first work once, after the first widget's first update, in the language it names then", async () => {
    let draw!: () => void;
    const drawn = new Promise<void>((resolve) => (draw = resolve));
    const asked: string[] = [];
    const first = startFirstWork(drawn, () => (asked.push('first'), 'fr'));
    // A second widget finds the work started: it waits for nothing and asks for no language.
    await startFirstWork(Promise.resolve(), () => (asked.push('second'), 'de'));
    await nextTask();
    expect(asked, 'before the first update').to.deep.equal([]);
    draw();
    await first;
    // One piece of work a task, each in the language of the first widget: the schemas, three Intl objects and the
    // first formats of money, a date, a plural and a percentage.
    expect(asked).to.deep.equal(Array(7).fill('first'));
  });
});
