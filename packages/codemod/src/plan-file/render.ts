/**
 * A run's decisions as a plan file (docs/plan-file.md): a short header that explains the marks, the totals,
 * one section per tool with one list item per unit, and the machine part apply checks. Nothing here
 * decides anything: every mark is where `SlimPlan.units` says the run sends the unit.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SizeTotals, SlimPlan, TextUnits, ToolUnits, UnitRecord } from '../slim-types.js';
import type { ToolMeasure } from '@toolslim/core';
import { formatMark, MACHINE_LANG, MACHINE_META, PLAN_FORMAT, PLAN_VERSION, type Mark, type MachinePart, type MachineUnit, type PlanRun } from './format.js';
import { KEPT_FILE } from './kept-file.js';

/** The plan file of a run: `plan` from `planSlim`, `run` the options it was made with. */
export function buildPlanFile(plan: SlimPlan, run: PlanRun): string {
  const relative = (file: string) => path.relative(plan.cwd, file).split(path.sep).join('/');
  const units: Record<string, MachineUnit> = {};
  const tools: Record<string, { name: string; targets: string[] }> = {};
  const body: string[] = [];
  let next = 1;
  for (const tool of plan.units ?? []) {
    body.push('', `## ${tool.name ?? '(unnamed tool)'} — ${tool.file}:${tool.line}`, '', describeTool(tool));
    if (tool.name === undefined) continue;
    const description = tool.texts.find((text) => text.param === undefined);
    tools[tool.id] = { name: tool.name, targets: [...(description?.targets ?? [])] };
    for (const text of tool.texts) {
      body.push('', text.param === undefined ? '### Description' : `### Parameter \`${text.param}\``);
      if (text.note) body.push('', `Left as it is: ${text.note}.`);
      body.push('');
      for (const unit of text.units) {
        const id = `u${next++}`;
        const mark = getMark(unit);
        units[id] = {
          tool: tool.id,
          name: tool.name,
          ...(text.param === undefined ? {} : { param: text.param }),
          planned: formatMark(mark),
          sha256: hashText(unit.text),
          ...(unit.anchor === undefined ? {} : { anchor: unit.anchor }),
          ...(isGuarded(unit) ? { guarded: true as const } : {}),
        };
        body.push(...renderUnit(id, mark, unit, text));
      }
    }
  }
  const sources = Object.fromEntries((plan.read ?? []).map((file) => [relative(file), hashFile(file)]));
  const machine: MachinePart = { format: PLAN_FORMAT, version: PLAN_VERSION, run, sources, tools, units };
  const json = JSON.stringify(machine, null, 2);
  return [
    ...buildHeader(plan),
    ...body,
    '',
    '<!-- For toolslim: the hashes of the files this plan was made from and the id of each unit. Do not edit. -->',
    '',
    `${fenceFor(json)}${MACHINE_LANG} ${MACHINE_META}`,
    json,
    fenceFor(json),
    '',
  ].join('\n');
}

function buildHeader(plan: SlimPlan): string[] {
  const { before, after, added, instructions } = plan.totals;
  const counted = [added && `the read_instructions tool (${formatSize(added)})`, instructions && `the server instructions (${formatSize(instructions)})`].filter(Boolean);
  return [
    '# Slim plan',
    '',
    'What `toolslim slim` would do, unit by unit. Change a mark, then run `toolslim slim --apply <this file>`',
    '(with `--dry-run` to see the diff first). Each list item is one unit of a description: its mark, its id,',
    'its text, and the planner\'s reading (category, how sure the prose model is, and why it goes where it goes).',
    '',
    '- `[stay]`: the unit stays in the description.',
    '- `[move]`: it moves to the tool\'s section of its family file, which the agent reads through',
    '  `read_instructions` (and which the first-use gate shows before the tool first runs).',
    '- `[move!]`: the same for a guardrail or a unit that names a harm (money, secrets, people, data loss,',
    '  access): moving one of those must be written this way.',
    '- `[param:NAME]`: a constraint of the description that goes to the description of parameter NAME.',
    '',
    'Units marked *fixed* always stay (the opening unit, an existing pointer, the tags of a block). Change',
    `only the marks: apply refuses a plan whose unit text was edited or whose source files changed. Units you`,
    `keep against the planner are recorded in \`${KEPT_FILE}\` in the instructions folder, so later runs keep them too.`,
    '',
    `**Totals**: ${plan.totals.tools} readable tools: ${formatSize(before)} → ${formatSize(after)} (${formatChange(before.bytes, after.bytes)})` +
      (counted.length > 0 ? `, counting what serving the moved text adds to every request: ${counted.join(' and ')}.` : '.'),
    // Files slim could not read hold tools this plan does not list.
    ...(plan.errors.length > 0 ? ['', 'Not read (their tools are not in this plan):', '', ...plan.errors.map((error) => `- ${error.file}: ${error.message}`)] : []),
  ];
}

function describeTool(tool: ToolUnits): string {
  const size = tool.before && tool.after ? `${formatSize(tool.before)} → ${formatSize(tool.after)} (${formatChange(tool.before.bytes, tool.after.bytes)}).` : 'Size not measured (not all of it is readable).';
  const where = tool.slimmed ? ` Moved text goes to ${tool.instructions}.` : '';
  const note = tool.note ? ` Left as it is: ${tool.note.replace(/[;,] left as it is$/, '')}.` : '';
  return `${size}${where}${note}`;
}

/** The mark that says where the run sends a unit. */
function getMark(unit: UnitRecord): Mark {
  if (unit.place === 'parameter' && unit.param !== undefined) return { kind: 'param', param: unit.param };
  if (unit.place === 'markdown') return { kind: 'move', guardrail: isGuarded(unit) };
  return { kind: 'stay' };
}

/** A guardrail, or a unit that names a harm: the planner never moves one, and the author must say so to. */
export function isGuarded(unit: Pick<UnitRecord, 'category' | 'topics'>): boolean {
  return unit.category === 'guardrail' || unit.topics.length > 0;
}

function renderUnit(id: string, mark: Mark, unit: UnitRecord, text: TextUnits): string[] {
  const p = unit.probabilities;
  const reading = p === undefined ? unit.category : `${unit.category} (model: ${formatShare(p[unit.category])} ${unit.category}, ${formatShare(p.guardrail + p.constraint)} guardrail or constraint)`;
  const why = `${reading}; ${describePlace(unit, text)}${unit.cue && !unit.cue.startsWith('the prose model') ? `; cue: ${unit.cue}` : ''}.`;
  const head = `- [${formatMark(mark)}] ${id}`;
  if (!unit.text.includes('\n') && !unit.text.includes('\r')) return [`${head} ${inlineCode(unit.text)} — ${why}`];
  const fence = fenceFor(unit.text);
  return [`${head} — ${why}`, '', `  ${fence}text`, ...unit.text.split('\n').map((line) => (line === '' ? '' : `  ${line}`)), `  ${fence}`, ''];
}

function describePlace(unit: UnitRecord, text: TextUnits): string {
  if (unit.anchor === 'opening') return 'stays, fixed: the opening unit says what the tool does';
  if (unit.anchor === 'pointer') return 'stays, fixed: the pointer to the moved text';
  if (unit.anchor === 'tag') return 'stays, fixed: a block\'s tag goes with what is inside';
  if (unit.place === 'parameter') return `goes to parameter ${unit.param}, the one it constrains`;
  if (unit.place === 'markdown') return `moves: ${describeMove(unit.reason)}`;
  if (unit.planned?.place === 'parameter') return `stays with the tool left as it is (the planner would send it to parameter ${unit.planned.param})`;
  if (unit.planned?.place === 'markdown') return `stays with the tool left as it is (the planner would move it: ${describeMove(unit.planned.reason)})`;
  if (unit.keptByAuthor) return `stays, as kept in ${KEPT_FILE}`;
  if (unit.topics.length > 0) return `stays: it names ${unit.topics.join(', ')}`;
  if (unit.category === 'guardrail' || unit.category === 'constraint') return `stays: a ${unit.category} stays${text.param === undefined ? '' : ' with its parameter'}`;
  if (unit.category === 'what' || unit.category === 'when') return 'stays';
  return 'stays: not sure enough that it is no guardrail or constraint';
}

function describeMove(reason: UnitRecord['reason']): string {
  if (reason === 'extra-sentence') return 'a what/when sentence past the allowance';
  if (reason === 'schema') return "the parameter's schema already states it";
  if (reason === 'marked') return 'as marked';
  return 'how-text';
}

/** Inline code that reads back as exactly `text` (a fence longer than any backtick run inside). */
function inlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A code fence longer than any backtick run in the text (at least three). */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** sha256 of a file, or null when there is none. */
export function hashFile(file: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

function formatSize(size: SizeTotals | ToolMeasure): string {
  return `${size.bytes.toLocaleString('en-US')} bytes, ${size.tokens.toLocaleString('en-US')} tokens`;
}

function formatShare(value: number): string {
  return `${Math.round(value * 100)}%`;
}

function formatChange(before: number, after: number): string {
  const percent = before === 0 ? 0 : Math.round((Math.abs(after - before) / before) * 100);
  if (percent === 0) return after === before ? '±0%' : after < before ? '−<1%' : '+<1%';
  return `${after < before ? '−' : '+'}${percent}%`;
}
