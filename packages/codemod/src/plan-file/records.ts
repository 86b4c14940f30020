/**
 * Every unit of every tool a run found and where the run sends it (`SlimPlan.units`): the planner's
 * readings as the run carried them out. A tool the run leaves as it is keeps every unit, whatever the
 * planner read, so what a plan file lists is what `slim` writes.
 */
import path from 'node:path';
import { findHarmTopics, type DescriptionPlan, type ToolDecl, type ToolMeasure } from '@toolslim/core';
import type { ToolPlan, ToolReading } from '../plan-tool.js';
import type { SkippedTool, TextUnits, ToolChange, ToolUnits, UnitRecord } from '../slim-types.js';
import { getStaticValue } from '../tool-values.js';
import { getTextDecisions, type SlimDecisions, type TextDecisions } from './decisions.js';

export interface RecordInput {
  /** Every tool the run measures, planned where its text is written. */
  readonly tools: ReadonlyArray<{ readonly file: string; readonly decl: ToolDecl; readonly index: number; readonly family: string }>;
  readonly plans: readonly ToolPlan[];
  /** The sizes of each slimmed tool, by `ToolPlan.id`. */
  readonly changes: ReadonlyMap<string, ToolChange>;
  readonly skipped: readonly SkippedTool[];
  readonly readings: ReadonlyMap<string, ToolReading>;
  /** The units kept on purpose (`kept-in-descriptions.json`). */
  readonly kept: SlimDecisions | undefined;
  readonly instructionsDir: string;
  readonly relative: (file: string) => string;
  /** A tool's size as its server publishes it now. */
  readonly measure: (file: string, decl: ToolDecl) => ToolMeasure | undefined;
}

export function buildToolUnits(input: RecordInput): ToolUnits[] {
  const planOf = new Map(input.plans.map((plan) => [plan.id, plan]));
  const skippedAt = new Map(input.skipped.map((tool) => [`${tool.file}:${tool.line}`, tool.reason]));
  return input.tools.map(({ file, decl, index, family }) => {
    const id = `${file}#${index}`;
    const plan = planOf.get(id);
    const change = plan ? input.changes.get(id) : undefined;
    const reading = input.readings.get(id);
    const name = getStaticValue(decl.name);
    const before = change?.before ?? input.measure(file, decl);
    const note = plan ? undefined : (skippedAt.get(`${input.relative(file)}:${decl.line}`) ?? describeUnplanned(decl, reading));
    const texts: TextUnits[] = [];
    const keptOf = (param?: string) => (name === undefined ? undefined : getTextDecisions(input.kept, name, param));
    if (reading?.description) texts.push({ units: recordUnits(reading.description, plan !== undefined, keptOf()), targets: reading.targets });
    for (const [param, paramReading] of reading?.params ?? []) {
      const planned = plan?.params.some((p) => p.key === param) ?? false;
      const wouldMove = paramReading.places.some((place) => place !== 'stays');
      texts.push({
        param,
        units: recordUnits(paramReading, planned, keptOf(param)),
        ...(plan && !planned && wouldMove ? { note: 'its text is left as it is: other parameters read the same text, or it cannot be edited where it is written' } : {}),
      });
    }
    return {
      id: `${input.relative(file)}#${index}`,
      name,
      file: input.relative(file),
      line: decl.line,
      family,
      instructions: input.relative(path.join(input.instructionsDir, `${family}.md`)),
      slimmed: plan !== undefined,
      ...(note === undefined ? {} : { note }),
      before,
      after: change ? change.after : before,
      texts,
    };
  });
}

/** Each unit of a reading; `carriedOut` false when the run leaves the text as it is (every unit stays). */
function recordUnits(reading: DescriptionPlan, carriedOut: boolean, kept: TextDecisions | undefined): UnitRecord[] {
  const selection = reading.selection;
  const reasonOf = new Map(selection?.moved.map((unit, i) => [unit, selection.reasons[i]]) ?? []);
  const paramOf = new Map(selection?.toParams.map((move) => [move.unit, move.param]) ?? []);
  return reading.units.map((unit, i) => {
    const read = reading.places[i];
    const place = carriedOut ? read : 'stays';
    const anchor = reading.anchors[i];
    const param = read === 'parameter' ? paramOf.get(unit) : undefined;
    const reason = read === 'markdown' ? reasonOf.get(unit) : undefined;
    const planned = !carriedOut && read !== 'stays' ? { place: read, ...(param === undefined ? {} : { param }), ...(reason === undefined ? {} : { reason }) } : undefined;
    return {
      text: unit.text,
      category: unit.category,
      ...(unit.probabilities === undefined ? {} : { probabilities: unit.probabilities }),
      topics: findHarmTopics(unit.text),
      cue: unit.cue,
      place,
      ...(carriedOut && param !== undefined ? { param } : {}),
      ...(carriedOut && reason !== undefined ? { reason } : {}),
      ...(planned ? { planned } : {}),
      ...(anchor === undefined ? {} : { anchor }),
      ...(place === 'stays' && kept?.get(unit.text) === 'stays' ? { keptByAuthor: true } : {}),
    };
  });
}

function describeUnplanned(decl: ToolDecl, reading: ToolReading | undefined): string {
  if (!decl.description) return 'it has no description';
  if (decl.description.kind !== 'static') return 'its description is built at run time';
  if (getStaticValue(decl.name) === undefined) return 'its name is not static';
  const moves = reading && [reading.description, ...reading.params.values()].some((r) => r?.places.some((place) => place !== 'stays'));
  return moves ? 'moving its text would save too little to pay for the pointer' : 'nothing to move';
}
