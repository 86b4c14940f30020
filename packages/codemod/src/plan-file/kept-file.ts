/**
 * `<instructions>/kept-in-descriptions.json`: the units the author keeps in a description although the
 * planner would move them, written by `slim --apply` from a plan's `[stay]` marks. Every later run reads
 * it (`slim`, `slim --plan`), so planning again after an apply changes nothing. The runtime serves only
 * the folder's markdown, so this file never reaches a model.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { KEPT_FILE, KeptFileError, readKeptUnits } from '@toolslim/core';
import { SlimError, type FileChange } from '../slim-types.js';
import type { SlimDecisions, TextDecisions, ToolDecisions } from './decisions.js';

export { KEPT_FILE };

const NOTE =
  'Units toolslim slim keeps in these descriptions although its planner would move them (the author decided so in a plan, toolslim slim --apply). Delete an entry to let slim decide again.';

/** What the file holds: unit texts by tool name, for the description and for each parameter. */
interface KeptFile {
  readonly note?: string;
  readonly tools: Record<string, { readonly description?: readonly string[]; readonly parameters?: Record<string, readonly string[]> }>;
}

/** The kept units as decisions, or undefined when the folder has no such file. A malformed file stops the run. */
export function readKeptFile(instructionsDir: string): SlimDecisions | undefined {
  try {
    return readKeptUnits(instructionsDir);
  } catch (error) {
    if (error instanceof KeptFileError) throw new SlimError(error.message);
    throw error;
  }
}

/** The file with `add` kept and `remove` no longer kept, or undefined when it would not change. */
export function buildKeptFileChange(instructionsDir: string, add: SlimDecisions, remove: SlimDecisions): FileChange | undefined {
  const file = path.join(instructionsDir, KEPT_FILE);
  let before: string | undefined;
  try {
    before = readFileSync(file, 'utf8');
  } catch {
    before = undefined;
  }
  const current = readKeptFile(instructionsDir) ?? new Map<string, ToolDecisions>();
  const tools: Record<string, { description?: string[]; parameters?: Record<string, string[]> }> = {};
  for (const name of [...new Set([...current.keys(), ...add.keys()])].sort()) {
    const pick = (get: (d: ToolDecisions | undefined) => TextDecisions | undefined) => {
      const removed = get(remove.get(name));
      const texts = [...new Set([...(get(current.get(name))?.keys() ?? []), ...(get(add.get(name))?.keys() ?? [])])].filter((text) => !removed?.has(text));
      return texts.length > 0 ? texts : undefined;
    };
    const description = pick((d) => d?.description);
    const paramKeys = [...new Set([...(current.get(name)?.params?.keys() ?? []), ...(add.get(name)?.params?.keys() ?? [])])].sort();
    const parameters = Object.fromEntries(paramKeys.flatMap((key) => ((texts) => (texts ? [[key, texts]] : []))(pick((d) => d?.params?.get(key)))));
    if (description || Object.keys(parameters).length > 0) tools[name] = { ...(description ? { description } : {}), ...(Object.keys(parameters).length > 0 ? { parameters } : {}) };
  }
  if (Object.keys(tools).length === 0 && before === undefined) return undefined;
  const after = `${JSON.stringify({ note: NOTE, tools } satisfies KeptFile, null, 2)}\n`;
  return after === before ? undefined : { file, before, after };
}
