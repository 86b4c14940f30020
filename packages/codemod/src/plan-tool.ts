/**
 * Planning one tool: which units stay and move (select.ts), the edits that do it where the text is
 * written, and the text that two tools share (which cannot be slimmed for one of them alone).
 */
import path from 'node:path';
import type { Node, ParamDecl, StaticText, ToolDecl } from '@toolslim/core';
import type { ToolSection } from './markdown.js';
import { dedentChunk } from './markdown.js';
import { ImportedConstants } from './imported-constants.js';
import { buildPointer, DEFAULT_EXTRA_SENTENCES, DEFAULT_INSTRUCTIONS_TOOL, DEFAULT_POINTER, findPointer, type SlimOptions } from './options.js';
import { selectUnits, type Range, type Selection } from './select.js';
import { SourceStore } from './source-store.js';
import { buildTextEdits, findCarrierRanges, SEPARATOR_ALONE, UNEDITABLE, type EditTarget, type SourceEdit } from './text-edits.js';
import { getStaticValue } from './tool-values.js';
import type { MovedText } from './verify.js';

/** A tool that would publish fewer bytes than this less is left alone (the pointer alone is ~45). */
export const MIN_SAVED_BYTES = 40;

export interface ParamPlan {
  readonly key: string;
  readonly param: string;
  readonly expected: string;
  /** What moves out of the parameter's own text (undefined when it only takes a constraint). */
  readonly selection: Selection | undefined;
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
    const sharing = findSharingTool(planned.id, planned.edits, planner.owners);
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
  let planned: ReturnType<typeof planParams>;
  let selection: Selection | undefined;
  for (;;) {
    selection = selectUnits(description.value, extra, existingPointer, { params: [...targets], allParams });
    planned = planParams(planner, file, decl, id, selection);
    if (planned.refused === undefined) break;
    targets.delete(planned.refused);
  }
  const { params, paramEdits } = planned;
  if (!selection && params.length === 0) return undefined;

  // The pointer goes once, after the kept text; a description that already has one keeps it.
  const movesToMarkdown = (selection?.moved.length ?? 0) > 0 || params.some((p) => (p.selection?.moved.length ?? 0) > 0);
  const at = selection ? selection.keptEnd : description.value.trimEnd().length;
  // After a full stop: kept text that ends without one ("Find keys in the data") gets it.
  const stop = /[.!?:;…)\]"'`>]$/.test(description.value.slice(0, at).trimEnd()) ? '' : '.';
  const insertion = existingPointer === undefined && movesToMarkdown ? { at, text: `${stop} ${pointer}` } : undefined;
  let deleteRanges = selection?.deleteRanges ?? [];
  let expectedDescription = applyToValue(description.value, deleteRanges, insertion);
  // A pointer costs bytes: a tool that would save less than that and a little more is left as it is.
  const saved =
    getPublishedLength(description.value) -
    getPublishedLength(expectedDescription) +
    params.reduce((sum, p) => sum + getPublishedLength(getStaticValue(decl.params.find((d) => getParamKey(d) === p.key)?.description) ?? '') - getPublishedLength(p.expected), 0);
  if (saved < MIN_SAVED_BYTES) return undefined;
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
  if (!edits.ok) return explainUneditable(edits.reason, description, planner.relative(file));
  const elsewhere = [...edits.edits, ...paramEdits].find((edit) => edit.file !== file);
  if (options.onlyGivenFiles && elsewhere) return `its text is written in ${planner.relative(elsewhere.file)}; slim that with toolslim slim`;
  const moved: MovedText[] = [
    ...(selection?.moved ?? []).map((unit) => ({ tool: name, text: unit.text })),
    ...params.flatMap((p) => (p.selection?.moved ?? []).map((unit) => ({ tool: name, param: p.param, text: unit.text }))),
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

/**
 * The parameters' edits: their own how-text out, and the constraints the description gives them in
 * (appended after their kept text, through the same edit machinery as the pointer). `refused` names a
 * parameter that was given a constraint but cannot take it (the caller selects again without it).
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
    const paramSelection = selectUnits(value, 0, undefined, { parameter: true });
    const constraints = (selection?.toParams ?? []).filter((move) => move.param === key).map((move) => move.unit.text);
    if (!paramSelection && constraints.length === 0) continue;
    const insertion = constraints.length > 0 ? buildConstraintInsertion(value, paramSelection?.keptEnd ?? value.trimEnd().length, constraints) : undefined;
    const target = getEditTarget(file, param.description, planner.constants, planner.store);
    const edits = buildTextEdits(target, paramSelection?.deleteRanges ?? [], insertion);
    // A parameter whose text cannot be edited, or is shared (one described schema used by several
    // parameters or tools), keeps its text; the rest of the tool is still slimmed.
    if (!edits.ok || findSharingTool(id, edits.edits, planner.owners) || isSharedWithinTool(file, param, decl, planner.constants, planner.store)) {
      if (constraints.length > 0) return { params, paramEdits, refused: key };
      continue;
    }
    const expected = applyToValue(value, paramSelection?.deleteRanges ?? [], insertion);
    // Nothing lost: every constraint given to the parameter is in its new text.
    if (constraints.some((text) => !expected.includes(text))) return { params, paramEdits, refused: key };
    paramEdits.push(...edits.edits);
    params.push({ key, param: key, selection: paramSelection, expected });
  }
  return { params, paramEdits };
}

/** ` Dates as YYYY-MM-DD.` after a kept text that ends a sentence; `. Dates…` after one that does not. */
function buildConstraintInsertion(value: string, at: number, constraints: readonly string[]): { at: number; text: string } {
  const kept = value.slice(0, at).trimEnd();
  const separator = /[.!?…]["'`)\]]*$/.test(kept) ? ' ' : '. ';
  return { at, text: `${separator}${constraints.join(' ')}` };
}

export function getEditTarget(file: string, text: StaticText, constants: ImportedConstants, store: SourceStore): EditTarget {
  // Called while planning, when the store's text is the disk's: the program is the one core analysed.
  const context = { program: store.getProgram(file), filePath: file, resolveConstant: constants.resolve, resolveModule: constants.moduleResolver };
  return { file, text, context, getExternal: constants.getExternal };
}

/** Bytes of a text as `tools/list` sends it (a JSON string). */
export function getPublishedLength(text: string): number {
  return Buffer.byteLength(JSON.stringify(text));
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

/** The value after deleting ranges and inserting text (what the edited source must evaluate to). */
export function applyToValue(value: string, deleteRanges: readonly Range[], insertion: { at: number; text: string } | undefined): string {
  let out = '';
  let cursor = 0;
  const cuts = [...deleteRanges];
  if (insertion) cuts.push([insertion.at, insertion.at]);
  cuts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [start, end] of cuts) {
    out += value.slice(cursor, Math.max(cursor, start));
    if (insertion && start === insertion.at && end === insertion.at) out += insertion.text;
    cursor = Math.max(cursor, end);
  }
  return out + value.slice(cursor);
}

/** Text written once and read by two tools (a shared constant) cannot be slimmed for one of them. */
export interface CarrierOwner {
  readonly id: string;
  readonly name: string | undefined;
  readonly file: string;
  readonly range: Range;
}

/** Where every tool's text is written (to find text that two tools share). */
export function findCarrierOwners(
  allTools: ReadonlyArray<{ file: string; decl: ToolDecl; index: number }>,
  constants: ImportedConstants,
  store: SourceStore,
): CarrierOwner[] {
  const owners: CarrierOwner[] = [];
  for (const { file, decl, index } of allTools) {
    const texts = [decl.description, ...decl.params.map((p) => p.description)];
    for (const text of texts) {
      if (text?.kind !== 'static') continue;
      for (const carrier of findCarrierRanges(getEditTarget(file, text, constants, store))) {
        owners.push({ id: `${file}#${index}`, name: getStaticValue(decl.name), ...carrier });
      }
    }
  }
  return owners;
}

/** True when another parameter of the same tool reads text from the same place (a described schema used twice). */
export function isSharedWithinTool(file: string, param: ParamDecl, decl: ToolDecl, constants: ImportedConstants, store: SourceStore): boolean {
  if (param.description?.kind !== 'static') return false;
  const own = findCarrierRanges(getEditTarget(file, param.description, constants, store));
  return decl.params.some((other) => {
    if (other === param || other.description?.kind !== 'static') return false;
    const theirs = findCarrierRanges(getEditTarget(file, other.description, constants, store));
    return theirs.some((t) => own.some((o) => o.file === t.file && o.range[0] < t.range[1] && t.range[0] < o.range[1]));
  });
}

/** The other tool whose text an edit would change, if any. */
export function findSharingTool(id: string, edits: readonly SourceEdit[], owners: readonly CarrierOwner[]): CarrierOwner | undefined {
  return owners.find((o) => o.id !== id && edits.some((e) => e.file === o.file && touches(e, o.range)));
}

export function touches(edit: SourceEdit, range: Range): boolean {
  return edit.start === edit.end ? range[0] < edit.start && edit.start < range[1] : edit.start < range[1] && range[0] < edit.end;
}
