/**
 * `<instructions>/kept-in-descriptions.json`: the units the author keeps in a description although the
 * planner would move them, written by `slim --apply` from a plan's `[stay]` marks. Every later run reads
 * it (`slim`, `slim --plan`), so planning again after an apply changes nothing. The runtime serves only
 * the folder's markdown, so this file never reaches a model.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SlimError, type FileChange } from '../slim-types.js';
import type { SlimDecisions, TextDecisions, ToolDecisions } from './decisions.js';

export const KEPT_FILE = 'kept-in-descriptions.json';

const NOTE =
  'Units toolslim slim keeps in these descriptions although its planner would move them (the author decided so in a plan, toolslim slim --apply). Delete an entry to let slim decide again.';

/** What the file holds: unit texts by tool name, for the description and for each parameter. */
interface KeptFile {
  readonly note?: string;
  readonly tools: Record<string, { readonly description?: readonly string[]; readonly parameters?: Record<string, readonly string[]> }>;
}

/** The kept units as decisions, or undefined when the folder has no such file. A malformed file stops the run. */
export function readKeptFile(instructionsDir: string): SlimDecisions | undefined {
  const file = path.join(instructionsDir, KEPT_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const fail = (why: string) => new SlimError(`${file} is not a file of kept units (${why}); fix or delete it.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw fail(error instanceof Error ? error.message : String(error));
  }
  const tools = (json as KeptFile | null)?.tools;
  if (!isRecord(tools)) throw fail('it has no "tools" object');
  const out = new Map<string, ToolDecisions>();
  for (const [tool, entry] of Object.entries(tools)) {
    if (!isRecord(entry)) throw fail(`"${tool}" is not an object`);
    const description = readTexts(entry.description, `${tool}.description`, fail);
    const params = new Map<string, TextDecisions>();
    if (entry.parameters !== undefined) {
      if (!isRecord(entry.parameters)) throw fail(`"${tool}".parameters is not an object`);
      for (const [param, texts] of Object.entries(entry.parameters)) params.set(param, readTexts(texts, `${tool}.parameters.${param}`, fail));
    }
    out.set(tool, { description, params });
  }
  return out;
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

function readTexts(value: unknown, where: string, fail: (why: string) => Error): TextDecisions {
  if (value === undefined) return new Map();
  if (!Array.isArray(value) || value.some((text) => typeof text !== 'string')) throw fail(`${where} is not a list of texts`);
  return new Map(value.map((text: string) => [text, 'stays' as const]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
