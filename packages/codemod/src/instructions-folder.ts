/**
 * Which folder the instruction files go to. A folder that already holds someone else's markdown (a docs
 * site, a handbook) is never taken over: with the default folder another one is chosen, with a folder the
 * user named the run stops and says why. A folder is the run's own when it is missing or empty, when its
 * index was written by slim, or when one of its files is a family file slim wrote. Hand-written docs with a
 * section per tool (a docs site that documents the same tools) are someone else's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { INSTRUCTIONS_DIRS } from '@toolslim/core';
import path from 'node:path';
import { isFamilyFile, isGeneratedIndex } from './markdown.js';
import { DEFAULT_INSTRUCTIONS_DIR } from './options.js';
import { SlimError } from './slim-types.js';

/** Tried in order when the default folder holds other markdown. */
export const FALLBACK_INSTRUCTIONS_DIRS: readonly string[] = INSTRUCTIONS_DIRS.slice(1);

/**
 * The absolute folder to write to, under `base` (the server's package). `requested` is the folder the user
 * named (relative to `cwd`); it must be free or the run's own. Throws a `SlimError` when no folder can be used.
 */
export function chooseInstructionsDir(cwd: string, base: string, requested: string | undefined): string {
  if (requested !== undefined) {
    const dir = path.resolve(cwd, requested);
    const foreign = findForeignMarkdown(dir);
    if (foreign.length > 0) {
      throw new SlimError(
        `${path.relative(cwd, dir) || '.'} already holds markdown that slim did not write (${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}); ` +
          'it is left alone. Name a folder of its own with --instructions.',
      );
    }
    return dir;
  }
  for (const candidate of [DEFAULT_INSTRUCTIONS_DIR, ...FALLBACK_INSTRUCTIONS_DIRS]) {
    const dir = path.resolve(base, candidate);
    if (findForeignMarkdown(dir).length === 0) return dir;
  }
  throw new SlimError(
    `${[DEFAULT_INSTRUCTIONS_DIR, ...FALLBACK_INSTRUCTIONS_DIRS].join(', ')} already hold markdown that slim did not write; they are left alone. Name a folder of its own with --instructions.`,
  );
}

/** The markdown files of a folder that are not the run's own (empty when the folder is free or its own). */
export function findForeignMarkdown(dir: string): string[] {
  let names: string[];
  try {
    // A file in the folder's place is not markdown to protect: writing then fails with its own clear error.
    if (!statSync(dir).isDirectory()) return [];
    names = readdirSync(dir).filter((name) => /\.(?:md|mdx|markdown)$/i.test(name));
  } catch {
    return [];
  }
  if (names.length === 0) return [];
  const read = (name: string) => {
    try {
      return readFileSync(path.join(dir, name), 'utf8');
    } catch {
      return '';
    }
  };
  const index = names.find((name) => name.toLowerCase() === 'readme.md');
  if (index !== undefined && isGeneratedIndex(read(index))) return [];
  if (names.some((name) => /\.md$/i.test(name) && isFamilyFile(read(name)))) return [];
  return names.sort();
}
