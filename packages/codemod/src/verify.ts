/**
 * The two promises of a slimming run, checked before anything is written: no capability changes (the
 * published tools are equal once description text is set aside) and no lost text (every moved unit is in
 * its tool's section of the instruction file, as markdown text).
 */
import type { JsonValue, PublishedTool } from '@toolslim/core';
import { findSection, getPlainText } from './markdown.js';

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
}

/** Moved units that cannot be found in their section of the final instruction file. */
export function findLostText(markdown: string, moved: readonly MovedText[]): MovedText[] {
  return moved.filter((unit) => {
    const section = findSection(markdown, 2, unit.tool);
    if (!section) return true;
    const where = unit.param ? findSection(markdown, 3, unit.param, section) : section;
    return !where || !where.plainText.includes(getPlainText(unit.text));
  });
}
