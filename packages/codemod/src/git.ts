/** Which of the files a run would change have uncommitted changes (read-only `git status`). */
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** Files (absolute) with uncommitted or untracked changes; empty outside a git work tree or without git. */
export function findUncommittedFiles(files: readonly string[], cwd: string): string[] {
  if (files.length === 0) return [];
  let root: string;
  try {
    root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return [];
  }
  let output = '';
  // In batches: a catalogue can name more files than one command line holds.
  for (let i = 0; i < files.length; i += 500) {
    output += execFileSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...files.slice(i, i + 500)], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
  }
  const dirty = new Set<string>();
  const entries = output.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.length < 4) continue;
    dirty.add(getRealPath(path.resolve(root, entry.slice(3))));
    // A rename lists its old path as the next entry.
    if (entry[0] === 'R' || entry[0] === 'C') i++;
  }
  return files.filter((file) => dirty.has(getRealPath(path.resolve(file))));
}

/** `/tmp` and friends are often symbolic links; git prints real paths. */
function getRealPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.join(getRealPath(path.dirname(file)), path.basename(file));
  }
}
