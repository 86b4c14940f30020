// Runs before every test file. The fast command shares one worker between test files (`isolate: false`
// in vitest.config.ts), so whatever a file changes in the process must not leak into the next one:
// fake timers, the working directory and environment variables are put back after each file.
import { afterAll, vi } from 'vitest';

const cwd = process.cwd();
const env = { ...process.env };

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  if (process.cwd() !== cwd) process.chdir(cwd);
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
});
