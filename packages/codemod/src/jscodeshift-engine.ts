/**
 * What the jscodeshift transform runs (`jscodeshift.ts` loads this module). Options: --instructions=<dir> (default docs/tools), --pointer=<template>, --toolName=<name>, --keep=<n>.
 * Each file is slimmed on its own (families come from the tools of that file, unless `families` are set
 * in settings); text written in another module is skipped with a note. Workers merge instruction files
 * one at a time under a lock file.
 */
import path from 'node:path';
import type { API, FileInfo, Options } from 'jscodeshift';
import { planSlim, writeInstructionFilesLocked } from './slim.js';

/** Slim one file; write its instruction sections under the folder lock; return the new source. */
export function transformFile(file: FileInfo, api: API, options: Options): string | undefined {
  const cwd = process.cwd();
  const filePath = path.resolve(cwd, file.path);
  const plan = planSlim({
    cwd,
    files: [filePath],
    sources: new Map([[filePath, file.source]]),
    onlyGivenFiles: true,
    instructionsDir: typeof options.instructions === 'string' ? options.instructions : undefined,
    pointer: typeof options.pointer === 'string' ? options.pointer : undefined,
    instructionsTool: typeof options.toolName === 'string' ? options.toolName : undefined,
    extraSentences: options.keep === undefined ? undefined : Number(options.keep),
    // Each file is planned alone, so what serving the moved text adds (one tool and one instructions
    // text for the whole server) cannot be weighed per file; `toolslim slim` weighs it over the run.
    skipUnprofitable: false,
  });
  if (plan.errors.length > 0) throw new Error(plan.errors.map((error) => error.message).join('\n'));
  if (plan.problems.length > 0) throw new Error(`Verification failed; ${file.path} was left as it is:\n${plan.problems.join('\n')}`);
  for (const tool of plan.skipped) api.report(`skipped ${tool.name ?? '(unnamed tool)'} (line ${tool.line}): ${tool.reason}`);
  const changed = plan.sources.find((change) => change.file === filePath);
  if (!changed) return undefined;
  if (!options.dry) writeInstructionFilesLocked(plan);
  return changed.after;
}
