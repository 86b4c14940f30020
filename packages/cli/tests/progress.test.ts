// Progress on long work: only on a terminal, only when wanted (never --json), only past a few hundred
// files; the spinner while a server is slow says when it will give up. The batched report a terminal
// gets (so it can show progress) is the same report as the one-pass build.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandIO } from '../src/io.js';
import { createProgress, PROGRESS_MIN_FILES, withSpinner } from '../src/progress.js';
import { buildSourceReport } from '../src/source.js';
import { createProject } from './support/run-cli.js';

function createIO(isTTY: boolean): CommandIO & { err: string[] } {
  const err: string[] = [];
  return { cwd: process.cwd(), stdout: () => undefined, stderr: (text) => void err.push(text), isTTY, env: {}, err };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createProgress', () => {
  it('draws a bar on a terminal past the threshold and clears it at the end', () => {
    const io = createIO(true);
    const progress = createProgress(io, true);
    const onProgress = progress.phase('reading tools')!;
    onProgress(PROGRESS_MIN_FILES, PROGRESS_MIN_FILES * 2);
    onProgress(PROGRESS_MIN_FILES * 2, PROGRESS_MIN_FILES * 2);
    progress.stop();
    expect(io.err[0]).toContain(`reading tools [############------------] ${PROGRESS_MIN_FILES}/${PROGRESS_MIN_FILES * 2} files`);
    expect(io.err.at(-1)).toBe('\r\u001b[K');
  });

  it('draws nothing when piped, with --json, or for a short run', () => {
    for (const [isTTY, wanted, total] of [[false, true, 1000], [true, false, 1000], [true, true, PROGRESS_MIN_FILES - 1]] as const) {
      const io = createIO(isTTY);
      const progress = createProgress(io, wanted);
      progress.phase('reading tools')?.(total, total);
      progress.stop();
      expect(io.err).toEqual([]);
    }
  });
});

describe('withSpinner', () => {
  it('spins while it waits and, once slow, says when it gives up', async () => {
    vi.useFakeTimers();
    const io = createIO(true);
    const waiting = withSpinner(io, true, 'waiting for `node server.js` to list its tools', 30, () => new Promise((resolve) => setTimeout(() => resolve(7), 6000)));
    await vi.advanceTimersByTimeAsync(6000);
    expect(await waiting).toBe(7);
    expect(io.err[0]).toContain('waiting for `node server.js` to list its tools');
    expect(io.err.some((text) => text.includes('5 s; gives up after 30 s without an answer (--timeout)'))).toBe(true);
    expect(io.err.at(-1)).toBe('\r\u001b[K');
  });

  it('is silent when piped', async () => {
    const io = createIO(false);
    expect(await withSpinner(io, true, 'waiting', 30, async () => 1)).toBe(1);
    expect(io.err).toEqual([]);
  });
});

describe('the batched report', () => {
  it('equals the one-pass report', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < PROGRESS_MIN_FILES + 20; i++) {
      const family = ['alpha', 'beta', 'gamma'][i % 3];
      files[`src/${family}/t${i}.ts`] =
        i % 4 === 0
          ? 'export const n = 1;\n'
          : `export const t = { name: '${family}_tool_${i}', description: 'Does ${'x'.repeat(i)}.', inputSchema: { type: 'object' } };\n`;
    }
    const project = createProject(files);
    try {
      const io = createIO(true);
      const plain = buildSourceReport(['.'], project.dir);
      const batched = buildSourceReport(['.'], project.dir, createProgress(io, true));
      expect(io.err.length).toBeGreaterThan(0);
      expect(batched.report).toEqual(plain.report);
    } finally {
      project.remove();
    }
  });
});
