// The gate's memory is per session and goes when the session closes: on a streamable HTTP server (one
// server and one transport per session), 10,000 sessions opened, gated and closed leave the heap where it
// was after a warm-up. The heap is read after forced collections in a child process (--expose-gc); the
// loop is bounded by count. A positive control keeps each closed session's transport, to show what a
// per-session leak looks like at this scale.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const SCRIPT = path.join(import.meta.dirname, 'support', 'gate-heap.mjs');
const MiB = 1024 * 1024;

function run(count: number, warmup: number, mode?: 'leak') {
  const child = spawnSync(process.execPath, ['--expose-gc', SCRIPT, String(count), String(warmup), ...(mode ? [mode] : [])], { encoding: 'utf8', timeout: 600_000 });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout.trim()) as { before: number; after: number; gated: number; open: number };
}

it('10,000 streamable HTTP sessions gated and closed leave the heap where it started', () => {
  const seen = run(10_000, 500);
  expect(seen.gated).toBe(10_500);
  expect(seen.open).toBe(0);
  expect(Math.abs(seen.after - seen.before)).toBeLessThan(MiB);
});

it('the same measure sees a leak of one transport per session', () => {
  const seen = run(1_000, 100, 'leak');
  expect(seen.gated).toBe(1_100);
  expect(seen.after - seen.before).toBeGreaterThan(10 * MiB);
});
