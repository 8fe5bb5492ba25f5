/**
 * A @lit/task `Task` that belongs to the page its host is on: aborted when the host leaves it mid-run (no answer
 * renders into a detached element, no request keeps going for it), and run again when the host comes back.
 */
import type { ReactiveControllerHost } from 'lit';
import { Task, TaskStatus, type TaskConfig } from '@lit/task';

export function resumableTask<const A extends ReadonlyArray<unknown>, R>(
  host: ReactiveControllerHost,
  config: TaskConfig<A, R>,
): Task<A, R> {
  const task = new Task(host, config);
  let abortedByDisconnect = false;
  host.addController({
    hostConnected() {
      if (abortedByDisconnect) {
        abortedByDisconnect = false;
        void task.run();
      }
    },
    hostDisconnected() {
      if (task.status === TaskStatus.PENDING) {
        abortedByDisconnect = true;
        task.abort();
      }
    },
  });
  return task;
}
