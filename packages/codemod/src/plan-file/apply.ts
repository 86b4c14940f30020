/**
 * Carrying out a plan file: check it (the sources as they were, each text as planned, each mark allowed
 * for its unit), run slim with its marks as the author's decisions, and check that the run sends every
 * unit where its mark says. Any failure is a `PlanFileError` and nothing is written (the caller writes
 * the returned plan with `writeSlimPlan`, as after any other run).
 */
import path from 'node:path';
import type { UnitDecision } from '@toolslim/core';
import { planSlim } from '../slim.js';
import type { SlimOptions } from '../options.js';
import type { FileChange, SlimPlan, ToolUnits } from '../slim-types.js';
import type { SlimDecisions, TextDecisions, ToolDecisions } from './decisions.js';
import { formatMark, PlanFileError, type MachineUnit, type Mark } from './format.js';
import { buildKeptFileChange } from './kept-file.js';
import type { MarkedUnit, ParsedPlan } from './parse.js';
import { hashFile, hashText } from './render.js';

const ANCHOR_REASONS: Record<string, string> = {
  opening: 'it is the opening unit, which says what the tool does',
  pointer: 'it is the pointer to the moved text',
  tag: "it is a block's tag, which goes with what is inside",
};

/**
 * The run a plan file asks for, verified and not written. `options` are the run's options without
 * decisions (the CLI builds them from the plan's `run`). Throws a `PlanFileError` listing every problem.
 */
export function planSlimFromPlanFile(parsed: ParsedPlan, options: Omit<SlimOptions, 'decisions'>): SlimPlan {
  const cwd = path.resolve(options.cwd);
  const changed = findChangedSources(parsed, cwd);
  if (changed.length > 0) throw new PlanFileError(`${changed.join('; ')}. The plan was made from other text: write it again with toolslim slim --plan.`);
  const problems = findMarkProblems(parsed);
  if (problems.length > 0) throw combine(problems);
  const { decisions, keep, unkeep } = buildDecisions(parsed);
  const result = planSlim({ ...options, decisions });
  const unfollowed = findUnfollowedMarks(parsed, result);
  if (unfollowed.length > 0) throw combine(unfollowed);
  return withKeptFiles(result, keep, unkeep);
}

/** "src/server.ts changed after the plan was written", one per file. */
export function findChangedSources(parsed: ParsedPlan, cwd: string): string[] {
  return Object.entries(parsed.machine.sources).flatMap(([file, hash]) => {
    const now = hashFile(path.resolve(cwd, file));
    if (now === hash) return [];
    if (hash === null) return [`${file} was created after the plan was written`];
    return [now === null ? `${file} was deleted or moved after the plan was written` : `${file} changed after the plan was written`];
  });
}

/** Texts edited in the plan, and marks not allowed for their unit. */
export function findMarkProblems(parsed: ParsedPlan): PlanFileError[] {
  const problems: PlanFileError[] = [];
  for (const [id, marked] of parsed.marked) {
    const unit = parsed.machine.units[id];
    const where = describeUnit(id, unit);
    const fail = (why: string) => problems.push(new PlanFileError(`${where} ${why}`, marked.line));
    if (hashText(marked.text) !== unit.sha256) {
      fail('has a text other than the one planned: a plan carries marks only. Put the text back, or change the source and plan again.');
      continue;
    }
    const mark = marked.mark;
    if (unit.anchor !== undefined && mark.kind !== 'stay') fail(`cannot be marked [${formatMark(mark)}]: ${ANCHOR_REASONS[unit.anchor] ?? 'it is fixed'}, so it stays.`);
    else if (mark.kind === 'param' && unit.param !== undefined) fail(`is a parameter's unit: it can stay or move, not go to parameter ${mark.param}.`);
    else if (mark.kind === 'param' && !(parsed.machine.tools[unit.tool]?.targets ?? []).includes(mark.param)) {
      const targets = parsed.machine.tools[unit.tool]?.targets ?? [];
      fail(`cannot go to parameter ${mark.param}: ${unit.name} has no parameter of that name whose description can take it (${targets.length > 0 ? `it has ${targets.join(', ')}` : 'none of its parameters can'}).`);
    } else if (mark.kind === 'move' && !mark.guardrail && unit.guarded) fail('reads as a guardrail or names a harm; to move it anyway write [move!].');
  }
  return problems;
}

/** The marks as the planner's decisions, and the units to keep (or no longer keep) in the kept file. */
export function buildDecisions(parsed: ParsedPlan): { decisions: SlimDecisions; keep: Map<string, SlimDecisions>; unkeep: Map<string, SlimDecisions> } {
  const decisions = new Map<string, { description: Map<string, UnitDecision>; params: Map<string, Map<string, UnitDecision>> }>();
  const keep = new Map<string, DecisionsBuilder>();
  const unkeep = new Map<string, DecisionsBuilder>();
  // A tool whose every unit stays, as planned, is left to the planner: it is skipped (or found slim) for the
  // same reason as in a run without a plan, so the summary and the exit code are that run's.
  const active = new Set([...parsed.marked].filter(([id, marked]) => marked.mark.kind !== 'stay' || parsed.machine.units[id].planned !== 'stay').map(([id]) => parsed.machine.units[id].tool));
  for (const [id, marked] of parsed.marked) {
    const unit = parsed.machine.units[id];
    if (active.has(unit.tool)) add(decisions, unit, marked.text, toDecision(marked.mark));
    // Kept against the planner: recorded so that a later run keeps it too. Moved: no longer kept.
    if (marked.mark.kind === 'stay' && unit.planned !== 'stay') add(getBuilder(keep, unit.tool), unit, marked.text, 'stays');
    if (marked.mark.kind !== 'stay') add(getBuilder(unkeep, unit.tool), unit, marked.text, 'stays');
  }
  return { decisions, keep, unkeep };
}

type DecisionsBuilder = Map<string, { description: Map<string, UnitDecision>; params: Map<string, Map<string, UnitDecision>> }>;

function getBuilder(byTool: Map<string, DecisionsBuilder>, tool: string): DecisionsBuilder {
  let builder = byTool.get(tool);
  if (!builder) byTool.set(tool, (builder = new Map()));
  return builder;
}

function add(into: DecisionsBuilder, unit: MachineUnit, text: string, decision: UnitDecision): void {
  let tool = into.get(unit.name);
  if (!tool) into.set(unit.name, (tool = { description: new Map(), params: new Map() }));
  if (unit.param === undefined) tool.description.set(text, decision);
  else {
    let param = tool.params.get(unit.param);
    if (!param) tool.params.set(unit.param, (param = new Map()));
    param.set(text, decision);
  }
}

function toDecision(mark: Mark): UnitDecision {
  return mark.kind === 'stay' ? 'stays' : mark.kind === 'move' ? 'markdown' : { param: mark.param };
}

/** Units the run does not send where their mark says, with what it does instead and why. */
export function findUnfollowedMarks(parsed: ParsedPlan, result: SlimPlan): PlanFileError[] {
  const tools = new Map((result.units ?? []).map((tool) => [tool.id, tool]));
  // One problem per tool, mark, outcome and reason: a run left as it is names every unit marked to move.
  const groups = new Map<string, { line: number; ids: string[]; tool: string; marks: Set<string>; does: string; why: string | undefined }>();
  for (const [id, marked] of parsed.marked) {
    const unit = parsed.machine.units[id];
    const tool = tools.get(unit.tool);
    const outcome = tool ? findOutcome(tool, unit.param, marked) : undefined;
    if (outcome === formatMark(marked.mark).replace('!', '')) continue;
    const why = (tool?.note ?? tool?.texts.find((text) => text.param === unit.param)?.note)?.replace(/[;,] left as it is$/, '');
    const does = outcome === undefined ? 'slim no longer finds it' : outcome === 'stay' ? 'slim would leave it where it is' : outcome === 'move' ? 'slim would move it' : `slim would send it to parameter ${outcome.slice('param:'.length)}`;
    // [move] and [move!] ask for the same place: one problem for both.
    const key = JSON.stringify([unit.name, formatMark(marked.mark).replace('!', ''), does, why]);
    const group = groups.get(key) ?? { line: marked.line, ids: [], tool: unit.name, marks: new Set<string>(), does, why };
    group.ids.push(id);
    group.marks.add(formatMark(marked.mark));
    groups.set(key, group);
  }
  return [...groups.values()].map(({ line, ids, tool, marks, does, why }) => {
    const mark = [...marks].sort().join('] or [');
    const units = ids.length === 1 ? `${ids[0]} (${tool})` : `${ids.join(', ')} (${tool})`;
    const them = ids.length === 1 ? does : does.replace('leave it where it is', 'leave them where they are').replace(/ it\b/, ' them');
    const hint = why !== undefined && /would not pay/.test(why) ? ' Write the plan again with --even-if-larger to move them anyway.' : '';
    return new PlanFileError(`${units} ${ids.length === 1 ? 'is' : 'are'} marked [${mark}], but ${them}${why ? `: ${why}` : ''}.${hint}`, line);
  });
}

/**
 * Where the run sends a unit, as a mark. A block marked to stay is read as its units afterwards (its tags
 * and what is inside), so a unit not found by its text is judged by the units within it.
 */
function findOutcome(tool: ToolUnits, param: string | undefined, marked: MarkedUnit): string | undefined {
  const units = tool.texts.find((text) => text.param === param)?.units ?? [];
  const asMark = (place: string, to?: string) => (place === 'stays' ? 'stay' : place === 'markdown' ? 'move' : `param:${to}`);
  const same = units.find((unit) => unit.text === marked.text);
  if (same) return asMark(same.place, same.param);
  const inside = units.filter((unit) => marked.text.includes(unit.text));
  const places = new Set(inside.map((unit) => asMark(unit.place, unit.param)));
  if (places.size === 1) return [...places][0];
  const around = units.find((unit) => unit.text.includes(marked.text));
  return around ? asMark(around.place, around.param) : undefined;
}

function describeUnit(id: string, unit: MachineUnit): string {
  return `${id} (${unit.name}, ${unit.param === undefined ? 'description' : `parameter ${unit.param}`})`;
}

function combine(problems: readonly PlanFileError[]): PlanFileError {
  if (problems.length === 1) return problems[0];
  return new PlanFileError(`${problems.length} problems:\n${problems.map((p) => `  ${p.message}`).join('\n')}`);
}

/** The run with each instructions folder's kept file brought up to date (written with the other instruction files). */
function withKeptFiles(result: SlimPlan, keep: Map<string, SlimDecisions>, unkeep: Map<string, SlimDecisions>): SlimPlan {
  const folderOf = new Map((result.units ?? []).map((tool) => [tool.id, path.dirname(path.resolve(result.cwd, tool.instructions))]));
  const byFolder = new Map<string, { keep: SlimDecisions[]; unkeep: SlimDecisions[] }>();
  const collect = (from: Map<string, SlimDecisions>, pick: 'keep' | 'unkeep') => {
    for (const [tool, decisions] of from) {
      const folder = folderOf.get(tool) ?? result.instructionsDir;
      const entry = byFolder.get(folder) ?? { keep: [], unkeep: [] };
      entry[pick].push(decisions);
      byFolder.set(folder, entry);
    }
  };
  collect(keep, 'keep');
  collect(unkeep, 'unkeep');
  const changes: FileChange[] = [];
  for (const [folder, entry] of byFolder) {
    const change = buildKeptFileChange(folder, mergeAll(entry.keep), mergeAll(entry.unkeep));
    if (change) changes.push(change);
  }
  return changes.length === 0 ? result : { ...result, instructions: [...result.instructions, ...changes] };
}

function mergeAll(list: readonly SlimDecisions[]): SlimDecisions {
  const out = new Map<string, ToolDecisions>();
  for (const decisions of list) {
    for (const [tool, d] of decisions) {
      const prev = out.get(tool);
      const params = new Map<string, TextDecisions>(prev?.params ?? []);
      for (const [key, texts] of d.params ?? []) params.set(key, new Map([...(params.get(key) ?? []), ...texts]));
      out.set(tool, { description: new Map([...(prev?.description ?? []), ...(d.description ?? [])]), params });
    }
  }
  return out;
}
