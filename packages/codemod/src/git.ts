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
  // Files outside the work tree (an instructions folder elsewhere) are not git's business: git refuses
  // a whole command that names one of them.
  const realRoot = getRealPath(root);
  const inside = files.filter((file) => !path.relative(realRoot, getRealPath(path.resolve(cwd, file))).startsWith('..'));
  // In batches: a catalogue can name more files than one command line holds.
  for (let i = 0; i < inside.length; i += 500) {
    try {
      output += execFileSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...inside.slice(i, i + 500)], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch {
      // git could not tell (a path it rejects, a broken index): nothing is known to be uncommitted.
    }
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
