/** The `toolslim` executable: the process's argv and streams → `run` → the exit code. */
import { run } from './run.js';

const io = {
  cwd: process.cwd(),
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
  isTTY: Boolean(process.stdout.isTTY),
  env: process.env,
};

run(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A bug, not a user error: show the stack so it can be reported.
    process.stderr.write(`toolslim: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 70;
  },
);
