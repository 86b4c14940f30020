/**
 * The two promises of a slimming run, checked before anything is written: no capability changes (the
 * published tools are equal once description text is set aside) and no lost text (every moved unit is in
 * its tool's section of the instruction file, as markdown text).
 */
import type { JsonValue, PublishedTool } from '@toolslim/core';
import { collectSectionTexts, getWrittenText } from './markdown.js';

/** A published tool with every description string removed, as canonical JSON (keys sorted). */
export function getCapabilityKey(tool: PublishedTool | undefined): string {
  return JSON.stringify(stripDescriptions(tool as unknown as JsonValue));
}

function stripDescriptions(value: JsonValue | undefined): JsonValue | undefined {
  if (Array.isArray(value)) return value.map((v) => stripDescriptions(v) ?? null);
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value).sort()) {
    // A `description` holding a string is prose; a property *named* description holds a schema object.
    if (key === 'description' && typeof value[key] === 'string') continue;
    const stripped = stripDescriptions(value[key]);
    if (stripped !== undefined) out[key] = stripped;
  }
  return out;
}

export interface MovedText {
  readonly tool: string;
  /** Set for parameter text (`### <param>`). */
  readonly param?: string;
  readonly text: string;
  /** The prose model's probability that the unit is a guardrail (what the review list reads). */
  readonly guardrail?: number;
}

/** Moved units that cannot be found in their section of the final instruction file. */
export function findLostText(markdown: string, moved: readonly MovedText[]): MovedText[] {
  const sections = collectSectionTexts(markdown);
  return moved.filter((unit) => {
    const text = sections.get(unit.param ? `${unit.tool}\0${unit.param}` : unit.tool);
    return text === undefined || !text.includes(getWrittenText(unit.text));
  });
}
