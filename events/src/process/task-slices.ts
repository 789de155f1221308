/**
 * A loop whose awaits all resolve from memory (views folded from cached streams) never gives the event loop back:
 * promise callbacks run before any I/O, so hundreds of pushes in a row are one long task, and everything else of the
 * process waits behind it, the database's answers (on the embedded worker thread, a transaction holds the database
 * while its next statement waits here) and players' moves alike. Such a loop calls `slice()` at each step: once the
 * current task has run for `sliceMs`, it waits one turn of the event loop.
 */
import { performance } from 'node:perf_hooks';

/** Long enough that a turn's overhead is noise, short enough that a round trip to the database never waits long. */
export const TASK_SLICE_MS = 4;

export function taskSlices(sliceMs = TASK_SLICE_MS) {
  let began = performance.now();
  return {
    async slice(): Promise<void> {
      if (performance.now() - began < sliceMs) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
      began = performance.now();
    },
  };
}
