/** The unified diff of a plan, for `--dry-run`. */
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { FileChange, SlimPlan } from './slim.js';

export function buildUnifiedDiff(plan: SlimPlan): string {
  return [...plan.sources, ...plan.instructions].map((change) => buildFileDiff(change, plan.cwd)).join('');
}

function buildFileDiff(change: FileChange, cwd: string): string {
  const name = path.relative(cwd, change.file).split(path.sep).join('/');
  return createTwoFilesPatch(change.before === undefined ? '/dev/null' : `a/${name}`, `b/${name}`, change.before ?? '', change.after, '', '', {
    context: 3,
  });
}
