/** Writing a verified plan: instruction files first, then sources, each through a temporary file and a rename. */
import { accessSync, chmodSync, constants, existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildInstructionFiles } from './instructions.js';
import { withFolderLock } from './lock.js';
import { SlimError, type FileChange, type SlimPlan } from './slim-types.js';
import { getErrorMessage } from './tool-values.js';

/**
 * Write a verified plan: first make sure the instructions folder and its files can be written (an error
 * there leaves every source file untouched), then the instruction files, then the sources, each through
 * a temporary file and a rename.
 */
export function writeSlimPlan(plan: SlimPlan): void {
  if (plan.problems.length > 0) throw new SlimError(`Verification failed; nothing was written:\n${plan.problems.join('\n')}`);
  // A run over several server packages writes one folder per package.
  for (const dir of new Set(plan.instructions.map((change) => path.dirname(change.file)))) assertWritableFolder(dir, plan.instructions.filter((change) => path.dirname(change.file) === dir));
  for (const change of [...plan.instructions, ...plan.sources]) writeAtomically(change.file, change.after);
}

/**
 * Merge and write only the instruction files of a plan, under the folder's lock, against the files as
 * they are on disk at that moment (another worker may have written since the plan was made).
 */
export function writeInstructionFilesLocked(plan: SlimPlan): void {
  if (plan.families.length === 0) return;
  withFolderLock(plan.instructionsDir, () => {
    const { changes, problems } = buildInstructionFiles(plan.families, plan.instructionsDir, plan.toolNames);
    if (problems.length > 0) throw new SlimError(`Verification failed; nothing was written:\n${problems.join('\n')}`);
    assertWritableFolder(plan.instructionsDir, changes);
    for (const change of changes) writeAtomically(change.file, change.after);
  });
}

function assertWritableFolder(dir: string, changes: readonly FileChange[]): void {
  try {
    mkdirSync(dir, { recursive: true });
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
    accessSync(dir, constants.W_OK);
    for (const change of changes) if (existsSync(change.file)) accessSync(change.file, constants.W_OK);
  } catch (error) {
    throw new SlimError(`The instructions folder ${dir} cannot be written (${getErrorMessage(error)}); no file was changed.`);
  }
}

export function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.toolslim-tmp`;
  // The new file keeps the old one's mode (an executable bin script stays executable).
  const mode = existsSync(file) ? statSync(file).mode & 0o7777 : undefined;
  writeFileSync(temporary, text, mode === undefined ? undefined : { mode });
  if (mode !== undefined) chmodSync(temporary, mode);
  renameSync(temporary, file);
}
