/** What a run reports: per-tool sizes before and after, totals (with the added tool), and the moved text per family. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { findHarmTopics, getShippedModel, measureTool, type FileModel, type PublishedTool, type ToolDecl, type ToolMeasure } from '@toolslim/core';
import type { FamilyContent } from './instructions.js';
import type { ToolPlan } from './plan-tool.js';
import type { SizeTotals, SlimTotals, ToolChange } from './slim-types.js';
import { getStaticValue } from './tool-values.js';

/** Families that already have a file in the instructions folder (from an earlier run). */
export function findFamilyFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.md') && name.toLowerCase() !== 'readme.md').map((name) => name.slice(0, -3));
  } catch {
    return [];
  }
}

export function groupByFamily(plans: readonly ToolPlan[]): FamilyContent[] {
  const byFamily = new Map<string, ToolPlan[]>();
  for (const plan of plans) byFamily.set(plan.family, [...(byFamily.get(plan.family) ?? []), plan]);
  return [...byFamily].map(([family, list]) => ({ family, sections: list.map((p) => p.section), moved: list.flatMap((p) => p.moved) }));
}

export function measureChange(
  plan: ToolPlan,
  getFinalModel: (file: string) => FileModel | undefined,
  relative: (file: string) => string,
  instructionsDir: string,
  measureDecl: (decl: ToolDecl | undefined) => ToolMeasure | undefined,
): ToolChange {
  const after = getFinalModel(plan.file)?.tools[plan.index];
  return {
    name: plan.name,
    file: relative(plan.file),
    line: plan.decl.line,
    family: plan.family,
    instructions: relative(path.join(instructionsDir, `${plan.family}.md`)),
    movedUnits: plan.moved.length,
    // Listed for review: every moved unit the prose model gives a guardrail probability above its review threshold.
    review: plan.moved.flatMap(({ param, text, guardrail }) => {
      if (guardrail === undefined || guardrail < getShippedModel().reviewThreshold) return [];
      return [{ ...(param === undefined ? {} : { param }), text, topics: findHarmTopics(text), guardrail }];
    }),
    before: measureDecl(plan.decl),
    after: measureDecl(after),
    descriptionBefore: getStaticValue(plan.decl.description) ?? '',
    descriptionAfter: plan.expectedDescription,
  };
}

/** Sizes of every readable tool before, and after with the slimmed tools' new sizes and the tool that serves the moved text. */
export function buildTotals(
  measured: ReadonlyArray<ToolMeasure | undefined>,
  changes: readonly ToolChange[],
  added: SizeTotals | undefined,
  instructions?: SizeTotals,
): SlimTotals {
  let bytes = 0;
  let tokens = 0;
  let count = 0;
  for (const size of measured) {
    if (!size) continue;
    count++;
    bytes += size.bytes;
    tokens += size.tokens;
  }
  // With no tool measured (schemas built where they cannot be read), a total of the added tool alone would mislead.
  const extra = count > 0 ? added : undefined;
  // Net numbers: what slim adds to every request (the tool, the server instructions) is in "after".
  const announced = count > 0 ? instructions : undefined;
  let afterBytes = bytes + (extra?.bytes ?? 0) + (announced?.bytes ?? 0);
  let afterTokens = tokens + (extra?.tokens ?? 0) + (announced?.tokens ?? 0);
  for (const change of changes) {
    afterBytes += (change.after?.bytes ?? 0) - (change.before?.bytes ?? 0);
    afterTokens += (change.after?.tokens ?? 0) - (change.before?.tokens ?? 0);
  }
  return { tools: count, found: measured.length, before: { bytes, tokens }, after: { bytes: afterBytes, tokens: afterTokens }, ...(extra ? { added: extra } : {}), ...(announced ? { instructions: announced } : {}) };
}

export function measure(tool: PublishedTool | undefined): ToolMeasure | undefined {
  try {
    return tool ? measureTool(tool) : undefined;
  } catch {
    return undefined;
  }
}
