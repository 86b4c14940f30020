/**
 * Progress on long work, on a terminal only: never with --json, never when the output is piped, and
 * only for runs long enough to wait for. Drawn on stderr on one line that is cleared at the end.
 */
import type { CommandIO } from './io.js';

/** Below this many files a run is over before a bar would be read. */
export const PROGRESS_MIN_FILES = 300;
const REDRAW_MS = 100;
const BAR_WIDTH = 24;

export type OnProgress = (done: number, total: number) => void;

export interface Progress {
  /** A callback for one phase of the work, or undefined when progress is not shown. */
  phase(label: string): OnProgress | undefined;
  stop(): void;
}

export function createProgress(io: CommandIO, wanted: boolean): Progress {
  const enabled = wanted && io.isTTY;
  let drawn = false;
  let last = 0;
  const clear = () => {
    if (drawn) io.stderr('\r\u001b[K');
    drawn = false;
  };
  return {
    phase(label) {
      if (!enabled) return undefined;
      return (done, total) => {
        if (total < PROGRESS_MIN_FILES) return;
        const now = Date.now();
        if (done < total && now - last < REDRAW_MS) return;
        last = now;
        const filled = Math.round((done / total) * BAR_WIDTH);
        io.stderr(`\r\u001b[K${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total} files`);
        drawn = true;
      };
    },
    stop: clear,
  };
}

const SPINNER = ['|', '/', '-', '\\'];
/** After this long the spinner says how long it will still wait. */
const SLOW_SECONDS = 5;

/**
 * Wait for `work` with a spinner on a terminal; once the wait is slow, say when it will give up
 * (`--timeout`). Nothing is drawn when `enabled` is false.
 */
export async function withSpinner<T>(io: CommandIO, enabled: boolean, label: string, timeoutSeconds: number, work: () => Promise<T>): Promise<T> {
  if (!enabled || !io.isTTY) return work();
  const started = Date.now();
  let frame = 0;
  const draw = () => {
    const seconds = Math.floor((Date.now() - started) / 1000);
    const slow = seconds >= SLOW_SECONDS ? ` ${seconds} s; gives up after ${timeoutSeconds} s without an answer (--timeout)` : '';
    io.stderr(`\r\u001b[K${SPINNER[frame++ % SPINNER.length]} ${label}${slow}`);
  };
  draw();
  const timer = setInterval(draw, 120);
  try {
    return await work();
  } finally {
    clearInterval(timer);
    io.stderr('\r\u001b[K');
  }
}
