/**
 * The instruction files of a run: each family's sections merged into `<dir>/<family>.md` as it is on
 * disk, the index `<dir>/README.md`, and the check that every moved unit is in its section.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildFamilySummary } from '@toolslim/core';
import { findIndexedTools, findToolHeadings, mergeFamilyFile, mergeIndexFile, type ToolSection } from './markdown.js';
import { findLostText, type MovedText } from './verify.js';

export interface FamilyContent {
  readonly family: string;
  readonly sections: readonly ToolSection[];
  readonly moved: readonly MovedText[];
}

export interface InstructionChange {
  /** Absolute path. */
  readonly file: string;
  /** Undefined for a file the run creates. */
  readonly before: string | undefined;
  readonly after: string;
}

export interface InstructionFiles {
  readonly changes: InstructionChange[];
  /** Moved units that would not be found in the result (nothing may be written then). */
  readonly problems: string[];
  /** The tools whose moved text would be lost (the `problems`). */
  readonly lostTools: ReadonlySet<string>;
}

/**
 * Merge into what is on disk now. `toolNames` are the tools the run knows: only those headings are
 * listed in an index summary (a person's own `## Escalation` is not a tool).
 */
export function buildInstructionFiles(families: readonly FamilyContent[], dir: string, toolNames: ReadonlySet<string>): InstructionFiles {
  const changes: InstructionChange[] = [];
  const problems: string[] = [];
  const lostTools = new Set<string>();
  const entries = [];
  const indexFile = path.join(dir, 'README.md');
  const indexBefore = readIfExists(indexFile);
  for (const content of [...families].sort((a, b) => (a.family < b.family ? -1 : a.family > b.family ? 1 : 0))) {
    const file = path.join(dir, `${content.family}.md`);
    const before = readIfExists(file);
    const after = mergeFamilyFile(before, content.family, content.sections);
    for (const lost of findLostText(after, content.moved)) {
      lostTools.add(lost.tool);
      problems.push(`${content.family}.md would not contain this text of ${lost.tool}${lost.param ? ` (${lost.param})` : ''}: ${lost.text}`);
    }
    if (after !== before) changes.push({ file, before, after });
    const known = new Set([...toolNames, ...(indexBefore ? findIndexedTools(indexBefore, `${content.family}.md`) : [])]);
    const listed = findToolHeadings(after).filter((heading) => known.has(heading));
    entries.push({ family: content.family, link: `${content.family}.md`, summary: buildFamilySummary(listed) });
  }
  if (entries.length > 0) {
    const after = mergeIndexFile(indexBefore, entries);
    if (after !== indexBefore) changes.push({ file: indexFile, before: indexBefore, after });
  }
  return { changes, problems, lostTools };
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
