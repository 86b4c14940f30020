/**
 * Planning one tool: which units stay and move (select.ts), the edits that do it where the text is
 * written, and the text that two tools share (which cannot be slimmed for one of them alone).
 */
import path from 'node:path';
import {
  applyToValue,
  buildConstraintInsertion,
  buildPointerInsertion,
  evaluateText,
  getPublishedLength,
  getSchemaFacts,
  getShippedModel,
  isWorthSlimming,
  Scope,
  unwrap,
  type Node, type ParamDecl, type PlannedUnit, type ProseModel, type StaticText, type ToolDecl } from '@toolslim/core';
import type { ToolSection } from './markdown.js';
import { dedentChunk } from './markdown.js';
import { ImportedConstants } from './imported-constants.js';
import { buildPointer, DEFAULT_EXTRA_SENTENCES, DEFAULT_INSTRUCTIONS_TOOL, DEFAULT_POINTER, findPointer, type SlimOptions } from './options.js';
import { planUnits, type DescriptionPlan, type Range, type Selection } from './select.js';
import { getTextDecisions, type SlimDecisions } from './plan-file/decisions.js';
import { SourceStore } from './source-store.js';
import { buildTextEdits, countReferences, findCarrierRanges, SEPARATOR_ALONE, UNEDITABLE, type EditTarget, type SourceEdit } from './text-edits.js';
import { getErrorMessage, getStaticValue } from './tool-values.js';
import type { MovedText } from './verify.js';


export interface ParamPlan {
  readonly key: string;
  readonly param: string;
  readonly expected: string;
  /** What moves out of the parameter's own text (undefined when it only takes a constraint). */
  readonly selection: Selection | undefined;
  /**
   * Set when the text is written once and read by other parameters too (a shared description constant,
   * a described schema used twice): the key of that text (`getTextKey`). It is edited once, where it is
   * written, and only when every parameter that reads it is planned to read the same new text
   * (`findUnevenSharedTexts`).
   */
  readonly shared?: string;
  /** The edits of this parameter's text (part of the tool plan's `edits`). */
  readonly edits: readonly SourceEdit[];
}

export interface ToolPlan {
  readonly id: string;
  readonly file: string;
  readonly index: number;
  readonly decl: ToolDecl;
  readonly name: string;
  readonly family: string;
  readonly edits: readonly SourceEdit[];
  readonly expectedDescription: string;
  readonly params: readonly ParamPlan[];
  readonly section: ToolSection;
  readonly moved: readonly MovedText[];
  /** Published description bytes this plan saves (pointer included). */
  readonly saved: number;
}

export interface Planner {
  readonly options: SlimOptions;
  readonly instructionsDir: string;
  readonly constants: ImportedConstants;
  readonly store: SourceStore;
  readonly relative: (file: string) => string;
  readonly owners: readonly CarrierOwner[];
  /** Shared parameter texts left as they are, with the reason (filled by `planTools`). */
  readonly keptShared: Map<string, string>;
  /** The author's decisions (a plan file's marks, units kept on purpose), carried out by the planner. */
  readonly decisions?: SlimDecisions;
  /**
   * The planner's reading of every tool planned, by `ToolPlan.id`: the last one made, which is the one
   * the tool's plan is built from (a plan file lists it).
   */
  readonly readings: Map<string, ToolReading>;
}

/** Every unit of a tool's description and parameters, and where the planner sends each. */
export interface ToolReading {
  description?: DescriptionPlan;
  /** The description's existing pointer, which always stays. */
  pinned?: Range;
  /** The parameters whose description can take a constraint. */
  targets: readonly string[];
  /** By parameter key. */
  readonly params: Map<string, DescriptionPlan>;
}

/**
 * A tool's plan; a string says why it is skipped; undefined when it is already slim. When keeping the
 * extra what/when sentences would mean editing text another tool shares (a boilerplate constant), fewer
 * are kept, down to the first unit alone.
 */
export function planTool(planner: Planner, file: string, decl: ToolDecl, index: number, family: string): ToolPlan | string | undefined {
  const extra = planner.options.extraSentences ?? DEFAULT_EXTRA_SENTENCES;
  let first: ToolPlan | string | undefined;
  for (let keep = extra; keep >= 0; keep--) {
    const planned = planToolKeeping(planner, file, decl, index, family, keep);
    if (typeof planned !== 'object') return keep === extra ? planned : first;
    // A shared parameter text is checked against its other readers by `findUnevenSharedTexts`.
    const sharedEdits = new Set(planned.params.flatMap((p) => (p.shared ? p.edits : [])));
    const sharing = findSharingTool(planned.id, planned.edits.filter((edit) => !sharedEdits.has(edit)), planner.owners);
    if (!sharing) return planned;
    first ??= `its text is shared with ${sharing.name ?? 'another tool'}; give each tool its own text first`;
  }
  return first;
}

export function planToolKeeping(planner: Planner, file: string, decl: ToolDecl, index: number, family: string, extra: number): ToolPlan | string | undefined {
  const { options, constants } = planner;
  const name = getStaticValue(decl.name);
  if (!decl.description) return undefined;
  if (name === undefined) return 'its name is not static';
  if (decl.description.kind !== 'static') return `its description is built at run time (${decl.description.reason}); move its details by hand`;
  const description = decl.description;
  const tool = options.instructionsTool ?? DEFAULT_INSTRUCTIONS_TOOL;
  const template = options.pointer ?? DEFAULT_POINTER;
  const familyFile = planner.relative(path.join(planner.instructionsDir, `${family}.md`));
  const pointer = buildPointer(template, { family, file: familyFile, tool });
  const existingPointer = findPointer(description.value, template, { tool });
  // Constraints go to the one parameter they name (select.ts, constraints.ts); a parameter whose text
  // cannot take one is dropped from the targets and the constraint stays in the description.
  const id = `${file}#${index}`;
  const allParams = decl.params.map(getParamKey);
  const targets = new Set(decl.params.filter((p) => p.description?.kind === 'static' && p.description.value.trim() !== '').map(getParamKey));
  const paramSchemas = new Map(decl.params.map((p) => [getParamKey(p), getSchemaFacts(p)]));
  const paramTexts = new Map(decl.params.flatMap((p) => (p.description?.kind === 'static' ? [[getParamKey(p), p.description.value] as const] : [])));
  let planned: ReturnType<typeof planParams>;
  let selection: Selection | undefined;
  const decisions = getTextDecisions(planner.decisions, name);
  for (;;) {
    const reading = planUnits(description.value, extra, existingPointer, { params: [...targets], allParams, paramSchemas, paramTexts, model: getMoveModel(options), decisions });
    planner.readings.set(id, { description: reading, pinned: existingPointer, targets: [...targets], params: new Map() });
    selection = reading.selection;
    planned = planParams(planner, file, decl, id, selection);
    if (planned.refused === undefined) break;
    targets.delete(planned.refused);
  }
  const { params, paramEdits } = planned;
  if (!selection && params.length === 0) return undefined;

  // The pointer goes once, after the kept text; a description that already has one keeps it.
  const movesToMarkdown = (selection?.moved.length ?? 0) > 0 || params.some((p) => (p.selection?.moved.length ?? 0) > 0);
  const insertion = existingPointer === undefined && movesToMarkdown ? buildPointerInsertion(description.value, selection, pointer) : undefined;
  let deleteRanges = selection?.deleteRanges ?? [];
  let expectedDescription = applyToValue(description.value, deleteRanges, insertion);
  // A pointer costs bytes: a tool that would save less than that and a little more is left as it is.
  const saved =
    getPublishedLength(description.value) -
    getPublishedLength(expectedDescription) +
    params.reduce((sum, p) => sum + getPublishedLength(getStaticValue(decl.params.find((d) => getParamKey(d) === p.key)?.description) ?? '') - getPublishedLength(p.expected), 0);
  // A tool that reads a shared parameter text is slimmed with the others whenever it does not grow: the
  // text is edited once for every tool that reads it, or not at all.
  // A move the author marked (a plan's [move]) is carried out whenever the tool does not grow.
  if (!isWorthSlimming(saved, params.some((p) => p.shared !== undefined) || hasMarkedMove(planner.decisions, name))) return undefined;
  const descriptionTarget = getEditTarget(file, description, constants, planner.store);
  let edits = buildTextEdits(descriptionTarget, deleteRanges, insertion);
  if (!edits.ok && edits.reason === SEPARATOR_ALONE) {
    // ['Keep. Move.', /* c */ 'Keep.'].join('\n'): the run that moves would take the separator after it, and
    // the two kept parts cannot become one literal (a comment between them). Take the space before the
    // run instead: the same units move, the separator stays ('Keep.\nKeep.' instead of 'Keep. Keep.').
    const shifted = shiftTrailingSpace(description.value, deleteRanges);
    const retried = shifted ? buildTextEdits(descriptionTarget, shifted, insertion) : edits;
    if (shifted && retried.ok) {
      deleteRanges = shifted;
      expectedDescription = applyToValue(description.value, shifted, insertion);
      edits = retried;
    }
  }
  // A registration read through a helper of another module is written there (`decl.through`).
  if (!edits.ok) return explainUneditable(edits.reason, description, planner.relative(decl.through?.filePath ?? file));
  const elsewhere = [...edits.edits, ...paramEdits].find((edit) => edit.file !== file);
  if (options.onlyGivenFiles && elsewhere) return `its text is written in ${planner.relative(elsewhere.file)}; slim that with toolslim slim`;
  const moved: MovedText[] = [
    ...(selection?.moved ?? []).map((unit) => ({ tool: name, text: unit.text, ...getGuardrailShare(unit) })),
    ...params.flatMap((p) => (p.selection?.moved ?? []).map((unit) => ({ tool: name, param: p.param, text: unit.text, ...getGuardrailShare(unit) }))),
  ];
  return {
    id,
    file,
    index,
    decl,
    name,
    family,
    edits: [...edits.edits, ...paramEdits],
    expectedDescription,
    saved,
    params,
    section: {
      tool: name,
      chunks: (selection?.movedChunks ?? []).map(dedentChunk),
      params: params.flatMap((p) => (p.selection ? [{ param: p.param, chunks: p.selection.movedChunks.map(dedentChunk) }] : [])),
    },
    moved,
  };
}

/** True when the author's decisions send a unit of the tool out of its text (to markdown or a parameter). */
function hasMarkedMove(decisions: SlimDecisions | undefined, tool: string): boolean {
  const forTool = decisions?.get(tool);
  const texts = [forTool?.description, ...(forTool?.params?.values() ?? [])];
  return texts.some((text) => [...(text?.values() ?? [])].some((decision) => decision !== 'stays'));
}

/** The shipped prose model, with the run's own move threshold when it sets one. */
export function getMoveModel(options: SlimOptions): ProseModel | undefined {
  return options.moveThreshold === undefined ? undefined : { ...getShippedModel(), moveThreshold: options.moveThreshold };
}

/** The prose model's P(guardrail) of a moved unit, where it has one (a moved block's tags have none). */
function getGuardrailShare(unit: PlannedUnit): { guardrail?: number } {
  return unit.probabilities === undefined ? {} : { guardrail: unit.probabilities.guardrail };
}

/**
 * The parameters' edits: their own how-text out, and the constraints the description gives them in
 * (appended after their kept text, through the same edit machinery as the pointer), in the file where
 * each parameter's text is written (an imported schema's module too). `refused` names a parameter that
 * was given a constraint but cannot take it (the caller selects again without it).
 */
function planParams(
  planner: Planner,
  file: string,
  decl: ToolDecl,
  id: string,
  selection: Selection | undefined,
): { params: ParamPlan[]; paramEdits: SourceEdit[]; refused?: string } {
  const params: ParamPlan[] = [];
  const paramEdits: SourceEdit[] = [];
  for (const param of decl.params) {
    if (param.description?.kind !== 'static') continue;
    const key = getParamKey(param);
    const value = param.description.value;
    const name = getStaticValue(decl.name) ?? '';
    const reading = planUnits(value, 0, undefined, { parameter: true, schema: getSchemaFacts(param), model: getMoveModel(planner.options), decisions: getTextDecisions(planner.decisions, name, key) });
    planner.readings.get(id)?.params.set(key, reading);
    const paramSelection = reading.selection;
    const constraints = (selection?.toParams ?? []).filter((move) => move.param === key).map((move) => move.unit.text);
    if (!paramSelection && constraints.length === 0) continue;
    const target = getEditTarget(getParamFile(file, param), param.description, planner.constants, planner.store);
    // Text other parameters read too is edited once for all of them: only with the same new text for
    // each (no constraint given to one of them), and never when something else reads it.
    const textKey = getTextKey(target);
    const shared = planner.owners.some((o) => o.textKey === textKey && !(o.id === id && o.param === key)) ? textKey : undefined;
    if (shared !== undefined) {
      if (constraints.length > 0) return { params, paramEdits, refused: key };
      if (planner.keptShared.has(shared)) continue;
    }
    const insertion = constraints.length > 0 ? buildConstraintInsertion(value, paramSelection?.keptEnd ?? value.trimEnd().length, constraints) : undefined;
    // A shared constant is edited where it is declared, not inlined at this use of it.
    const edits = buildTextEdits(shared === undefined ? target : getDeclaredTarget(target), paramSelection?.deleteRanges ?? [], insertion);
    // A parameter whose text cannot be edited, or is read by another tool's text, keeps its text; the
    // rest of the tool is still slimmed.
    // jscodeshift edits only the file it is given: a parameter written in another module keeps its text there.
    const elsewhere = edits.ok && planner.options.onlyGivenFiles === true && edits.edits.some((edit) => edit.file !== file);
    if (!edits.ok || elsewhere || (shared === undefined && findSharingTool(id, edits.edits, planner.owners))) {
      if (constraints.length > 0) return { params, paramEdits, refused: key };
      continue;
    }
    if (shared !== undefined) {
      const problem = findSharedTextProblem(planner, target, shared, value, edits.edits);
      if (problem !== undefined) {
        planner.keptShared.set(shared, problem);
        continue;
      }
    }
    const expected = applyToValue(value, paramSelection?.deleteRanges ?? [], insertion);
    // Nothing lost: every constraint given to the parameter is in its new text.
    if (constraints.some((text) => !expected.includes(text))) return { params, paramEdits, refused: key };
    paramEdits.push(...edits.edits);
    params.push({ key, param: key, selection: paramSelection, expected, edits: edits.edits, ...(shared === undefined ? {} : { shared }) });
  }
  return { params, paramEdits };
}

/**
 * Why a text read by several parameters cannot be edited once for all of them, or undefined: the edits
 * would change another tool's description or a text that only overlaps it, a reader has other text, or
 * (a constant of the file) something other than those parameters reads it.
 */
function findSharedTextProblem(planner: Planner, target: EditTarget, textKey: string, value: string, edits: readonly SourceEdit[]): string | undefined {
  const other = planner.owners.find((o) => (o.textKey !== textKey || o.value !== value) && edits.some((e) => e.file === o.file && touches(e, o.range)));
  if (other) return other.param === undefined ? `the description of ${other.name ?? 'a tool'} reads it too` : `${other.name ?? 'a tool'}.${other.param} reads it as part of another text`;
  // `.describe(NOTE)` in several places: NOTE is read only by them (it is not exported, and every other read is one of them).
  const node = unwrap(target.text.node);
  if (node.type !== 'Identifier' || !Scope.of(target.context.program).resolve(node)) return undefined;
  if (isExportedName(target.context.program, node.name)) return `\`${node.name}\` is exported, so other modules may read it`;
  const sites = new Set(planner.owners.filter((o) => o.textKey === textKey).map((o) => o.site));
  const reads = countReferences(target.context.program, node.name);
  return reads === sites.size ? undefined : `\`${node.name}\` is read ${reads} times, ${sites.size} of them by tool parameters`;
}

/** The text where a shared constant is declared, rather than this use of it (which would be inlined). */
function getDeclaredTarget(target: EditTarget): EditTarget {
  const node = unwrap(target.text.node);
  if (node.type !== 'Identifier') return target;
  const init = Scope.of(target.context.program).resolve(node);
  if (init) {
    const text = evaluateText(init, target.context);
    return text.kind === 'static' && text.value === target.text.value ? { ...target, text } : target;
  }
  const piece = target.text.pieces.length === 1 ? target.text.pieces[0] : undefined;
  const external = piece?.externalFile !== undefined ? target.getExternal(piece) : undefined;
  return external && external.text.value === target.text.value ? { ...external, getExternal: target.getExternal } : target;
}

function isExportedName(program: EditTarget['context']['program'], name: string): boolean {
  return program.body.some(
    (statement) =>
      statement.type === 'ExportNamedDeclaration' &&
      ((statement.declaration?.type === 'VariableDeclaration' && statement.declaration.declarations.some((d) => d.id.type === 'Identifier' && d.id.name === name)) ||
        (!statement.source && statement.specifiers.some((spec) => spec.local.type === 'Identifier' && spec.local.name === name))),
  );
}

/** The file a parameter's text is written in: its own module when its schema is imported. */
export function getParamFile(file: string, param: ParamDecl): string {
  return param.descriptionFilePath ?? file;
}

/** Where a text is written, as one key: texts with the same key are the same source text. */
function getTextKey(target: EditTarget): string {
  return findCarrierRanges(target)
    .map((c) => `${c.file}:${c.range[0]}-${c.range[1]}`)
    .sort()
    .join(';');
}

/** ` Dates as YYYY-MM-DD.` after a kept text that ends a sentence; `. Dates…` after one that does not. */
export function getEditTarget(file: string, text: StaticText, constants: ImportedConstants, store: SourceStore): EditTarget {
  // Called while planning, when the store's text is the disk's: the program is the one core analysed.
  const context = { program: store.getProgram(file), filePath: file, resolveConstant: constants.resolve, resolveModule: constants.moduleResolver };
  return { file, text, context, getExternal: constants.getExternal };
}

export function getParamKey(param: ParamDecl): string {
  return param.path.join('.');
}

/**
 * The reason a description cannot be edited, naming where its text comes from when it is read through an
 * expression slim does not rewrite (a function call, a property of an imported object, a value the
 * evaluator reads but whose source is not known): `file:line` of that expression and what to do.
 */
function explainUneditable(reason: string, description: StaticText, file: string): string {
  if (reason !== UNEDITABLE) return reason;
  const node = description.node;
  const where = `${file}:${node.loc.start.line}`;
  const source = (n: Node): string | undefined =>
    n.type === 'Identifier'
      ? n.name
      : n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier'
        ? ((o) => (o === undefined ? undefined : `${o}.${n.property.type === 'Identifier' ? n.property.name : ''}`))(source(n.object))
        : n.type === 'ThisExpression'
          ? 'this'
          : undefined;
  if (node.type === 'CallExpression') {
    const callee = source(node.callee);
    return `its text is returned by a function call (${callee ? `\`${callee}()\`` : 'a call'} at ${where}); slim edits literals and constants, not what a function returns: move its details by hand`;
  }
  if (node.type === 'MemberExpression') {
    const member = source(node);
    return `its text is a property of an object (${member ? `\`${member}\`` : 'a member'} at ${where}) whose source slim cannot locate; move its details by hand`;
  }
  if (node.type === 'Identifier') {
    // Found and read, but not literal text that can be cut: say so rather than "cannot locate".
    return `its text is the value of the constant \`${node.name}\` (read through ${where}): slim read that value, but it is built by an expression (a conditional, a call, an operator) rather than written as literal text, so no part of it can be cut in place; move its details by hand`;
  }
  return `part of its text (read through ${where}) comes from a place slim cannot locate to edit (${describeNode(node)}); move its details by hand`;
}

function describeNode(node: Node): string {
  return node.type === 'TemplateLiteral' ? 'a template part' : node.type === 'BinaryExpression' ? 'an operand of `+`' : node.type === 'Identifier' ? `the constant \`${node.name}\`` : node.type;
}

/**
 * Deletion ranges whose trailing whitespace (a space, a join separator) is given back and the whitespace
 * before them taken instead, or undefined when no range can shift. What moves is the same text.
 */
export function shiftTrailingSpace(value: string, ranges: readonly Range[]): Range[] | undefined {
  let changed = false;
  const out = ranges.map(([start, end]): Range => {
    let trailing = end;
    while (trailing > start && /\s/.test(value[trailing - 1])) trailing--;
    let leading = start;
    while (leading > 0 && /\s/.test(value[leading - 1])) leading--;
    // Only inside the text (not at its end) and only when there is space before the run to take instead.
    if (trailing === end || end >= value.length || leading === start) return [start, end];
    changed = true;
    return [leading, trailing];
  });
  return changed ? out : undefined;
}

/** Text written once and read by two tools (a shared constant) cannot be slimmed for one of them. */
export interface CarrierOwner {
  readonly id: string;
  readonly name: string | undefined;
  /** The parameter whose text this is; undefined for the tool's description. */
  readonly param?: string;
  /** The whole text this carrier is part of: its value, where it is written (`getTextKey`) and the expression that reads it. */
  readonly value: string;
  readonly textKey: string;
  readonly site: string;
  readonly file: string;
  readonly range: Range;
}

/**
 * Where every tool's text is written (to find text that two tools share). A tool whose parameters are
 * written in another module depends on that module: an edit there is verified on the tool too.
 */
export function findCarrierOwners(
  allTools: ReadonlyArray<{ file: string; decl: ToolDecl; index: number }>,
  constants: ImportedConstants,
  store: SourceStore,
): CarrierOwner[] {
  const owners: CarrierOwner[] = [];
  for (const { file, decl, index } of allTools) {
    const texts: Array<{ text: StaticText; where: string; param?: string }> = [];
    if (decl.description?.kind === 'static') texts.push({ text: decl.description, where: file });
    for (const param of decl.params) {
      for (const other of [param.filePath, param.descriptionFilePath]) if (other !== undefined && other !== file) constants.addDependency(file, other);
      if (param.description?.kind === 'static') texts.push({ text: param.description, where: getParamFile(file, param), param: getParamKey(param) });
    }
    for (const { text, where, param } of texts) {
      const target = getEditTarget(where, text, constants, store);
      const textKey = getTextKey(target);
      const site = `${where}:${text.node.range[0]}-${text.node.range[1]}`;
      for (const carrier of findCarrierRanges(target)) {
        owners.push({ id: `${file}#${index}`, name: getStaticValue(decl.name), ...(param === undefined ? {} : { param }), value: text.value, textKey, site, ...carrier });
      }
    }
  }
  return owners;
}

/**
 * Plan every tool. A parameter text several tools read is edited once for all of them, so it is kept
 * (and every tool planned again without it) when one of its readers would not read the same new text:
 * a tool that is skipped or left alone, or one whose parameter keeps its text for a reason of its own.
 */
export function planTools(
  planner: Planner,
  tools: ReadonlyArray<{ file: string; decl: ToolDecl; index: number; family: string }>,
): { plans: ToolPlan[]; skipped: Array<{ file: string; decl: ToolDecl; reason: string }> } {
  for (;;) {
    const plans: ToolPlan[] = [];
    const skipped: Array<{ file: string; decl: ToolDecl; reason: string }> = [];
    for (const { file, decl, index, family } of tools) {
      let planned: ToolPlan | string | undefined;
      try {
        planned = planTool(planner, file, decl, index, family);
      } catch (error) {
        // An unexpected shape is skipped, never a crash of the whole run.
        planned = `could not be planned (${getErrorMessage(error)})`;
      }
      if (typeof planned === 'string') skipped.push({ file, decl, reason: planned });
      else if (planned) plans.push(planned);
    }
    const uneven = findUnevenSharedTexts(plans, planner.owners);
    if (uneven.size === 0) return { plans, skipped };
    for (const [key, reason] of uneven) planner.keptShared.set(key, reason);
  }
}

/** The shared parameter texts a run left as they are: where each is written, who reads it, and why. */
export function describeKeptShared(planner: Planner): Array<{ file: string; line: number; params: string[]; reason: string }> {
  return [...planner.keptShared].map(([key, reason]) => {
    const readers = planner.owners.filter((o) => o.textKey === key);
    const first = readers[0];
    const code = first ? planner.store.getOriginal(first.file) : '';
    const line = first ? code.slice(0, first.range[0]).split('\n').length : 0;
    const params = [...new Set(readers.map((o) => `${o.name ?? '(unnamed tool)'}.${o.param ?? 'description'}`))];
    return { file: first ? planner.relative(first.file) : '', line, params, reason };
  });
}

/** Shared parameter texts that not every reader would read the same way after the plans, with why. */
export function findUnevenSharedTexts(plans: readonly ToolPlan[], owners: readonly CarrierOwner[]): Map<string, string> {
  const planned = new Map<string, ParamPlan>();
  const slimmed = new Set(plans.map((plan) => plan.id));
  for (const plan of plans) for (const param of plan.params) planned.set(`${plan.id}\0${param.key}`, param);
  const uneven = new Map<string, string>();
  for (const param of planned.values()) {
    const key = param.shared;
    if (key === undefined || uneven.has(key)) continue;
    for (const reader of owners) {
      if (reader.textKey !== key) continue;
      const other = planned.get(`${reader.id}\0${reader.param}`);
      const name = reader.name ?? 'a tool';
      const why = !slimmed.has(reader.id)
        ? `${name} is not slimmed`
        : other?.shared !== key
          ? `${name}.${reader.param} keeps its text`
          : other.expected !== param.expected
            ? `${name}.${reader.param} would read otherwise`
            : undefined;
      if (why) {
        uneven.set(key, why);
        break;
      }
    }
  }
  return uneven;
}

/** The other tool whose text an edit would change, if any. */
export function findSharingTool(id: string, edits: readonly SourceEdit[], owners: readonly CarrierOwner[]): CarrierOwner | undefined {
  return owners.find((o) => o.id !== id && edits.some((e) => e.file === o.file && touches(e, o.range)));
}

export function touches(edit: SourceEdit, range: Range): boolean {
  return edit.start === edit.end ? range[0] < edit.start && edit.start < range[1] : edit.start < range[1] && range[0] < edit.end;
}
