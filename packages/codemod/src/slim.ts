/**
 * The slimming engine. For every tool whose text is static: keep the first unit and up to two more
 * what/when sentences, move the rest verbatim to `<dir>/<family>.md`, append a pointer, and edit the text
 * where it is written. Plans everything in memory, verifies it, and only then (`writeSlimPlan`) writes.
 */
import { accessSync, chmodSync, constants, existsSync, readdirSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildPublishedTool,
  createMcpSdkExecutionLookup,
  createZodVersionLookup,
  type PublishedToolOptions,
  findTools,
  measureTool,
  type FileModel,
  type ParamDecl,
  type PublishedTool,
  type ServerDecl,
  type StaticText,
  type ToolDecl,
  type ToolMeasure,
} from '@toolslim/core';
import { findFamilies } from './families.js';
import { buildReadInstructionsTool } from './read-instructions-tool.js';
import { ImportedConstants } from './imported-constants.js';
import { withFolderLock } from './lock.js';
import { buildWiring, getPackageDir, type Wiring } from './wire-runtime.js';
import { buildPackageJsonChange, findInstallCommand, findPackageRoot, getModuleKind } from './package-json.js';
import { buildInstructionFiles, type FamilyContent, type InstructionChange } from './instructions.js';
import { dedentChunk, type ToolSection } from './markdown.js';
import {
  buildPointer,
  DEFAULT_EXTRA_SENTENCES,
  DEFAULT_INSTRUCTIONS_DIR,
  DEFAULT_INSTRUCTIONS_TOOL,
  DEFAULT_POINTER,
  findPointer,
  type SlimOptions,
} from './options.js';
import { selectUnits, type Range, type Selection } from './select.js';
import { SourceStore } from './source-store.js';
import { applyEdits, buildTextEdits, findCarrierRanges, type EditTarget, type SourceEdit } from './text-edits.js';
import { getCapabilityKey, type MovedText } from './verify.js';

export type FileChange = InstructionChange;

/** A tool that would publish fewer bytes than this less is left alone (the pointer alone is ~45). */
export const MIN_SAVED_BYTES = 40;

export interface ToolChange {
  readonly name: string;
  /** Relative to `cwd`. */
  readonly file: string;
  readonly line: number;
  readonly family: string;
  /** The instruction file, relative to `cwd`. */
  readonly instructions: string;
  /** Units moved out of the description and the parameters. */
  readonly movedUnits: number;
  readonly before: ToolMeasure | undefined;
  readonly after: ToolMeasure | undefined;
  readonly descriptionBefore: string;
  readonly descriptionAfter: string;
}

export interface SkippedTool {
  readonly name: string | undefined;
  readonly file: string;
  readonly line: number;
  readonly reason: string;
  /** Left alone on purpose (slimming it would not make the catalogue smaller): not a partial run. */
  readonly unprofitable?: true;
}

export interface FileError {
  readonly file: string;
  readonly message: string;
}

export interface SlimPlan {
  readonly cwd: string;
  /** Absolute. */
  readonly instructionsDir: string;
  readonly sources: readonly FileChange[];
  readonly instructions: readonly FileChange[];
  readonly tools: readonly ToolChange[];
  readonly skipped: readonly SkippedTool[];
  /** Files that could not be read or parsed: reported, left untouched. */
  readonly errors: readonly FileError[];
  /** Verification failures; when there are any, nothing may be written. */
  readonly problems: readonly string[];
  /** Every tool found (slimmed or not) whose published definition is readable. */
  readonly totals: SlimTotals;
  /** What moves, per family (to merge again under a lock when workers write in parallel). */
  readonly families: readonly FamilyContent[];
  /** Every static tool name the run saw. */
  readonly toolNames: ReadonlySet<string>;
  /** Servers the run wired to serve the instruction files, or the lines to add by hand. */
  readonly wiring: readonly Wiring[];
  /**
   * True when a tool was skipped, a file could not be read, or the moved text is not served yet (no
   * server wired): the rest was slimmed.
   */
  readonly partial: boolean;
  /** The package that now depends on the runtime, and the command that installs it. */
  readonly install: RuntimeInstall | undefined;
}

export interface RuntimeInstall {
  /** Absolute path of the package.json that declares `@toolslim/runtime`. */
  readonly packageJson: string;
  /** True when this run adds the dependency (false: it was already declared). */
  readonly added: boolean;
  /** `pnpm install`, `npm install`, … for the package manager the package uses. */
  readonly command: string;
}

export interface SizeTotals {
  readonly bytes: number;
  readonly tokens: number;
}

export interface SlimTotals {
  readonly tools: number;
  /** Every tool found, readable or not (`tools` counts the readable ones). */
  readonly found: number;
  readonly before: SizeTotals;
  /** Includes `added`. */
  readonly after: SizeTotals;
  /** The `read_instructions` tool this run adds to the server (counted in `after`). */
  readonly added?: SizeTotals;
}

/** An error that stops a run before anything is written. */
export class SlimError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlimError';
  }
}

interface AnalysedFile {
  readonly file: string;
  readonly model: FileModel;
}

interface ParamPlan {
  readonly key: string;
  readonly param: string;
  readonly expected: string;
  /** What moves out of the parameter's own text (undefined when it only takes a constraint). */
  readonly selection: Selection | undefined;
}

interface ToolPlan {
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

/** Plan a run: analyse, select, edit in memory, verify. Writes nothing. */
export function planSlim(options: SlimOptions): SlimPlan {
  const cwd = path.resolve(options.cwd);
  const instructionsDir = path.resolve(cwd, options.instructionsDir ?? DEFAULT_INSTRUCTIONS_DIR);
  const store = new SourceStore();
  for (const [file, text] of options.sources ?? []) store.setOriginal(file, text);
  const imported = new ImportedConstants(store, { cwd, tsconfig: options.tsconfig });
  const errors: FileError[] = [];
  const skipped: SkippedTool[] = [];
  const relative = (file: string) => path.relative(cwd, file).split(path.sep).join('/');
  // As `report` does: without a zodVersion setting, `'zod'` is the major installed next to each file, and
  // `execution` is published when the installed SDK adds it, so the two commands print the same numbers.
  const zodVersionOf = options.settings?.zodVersion === undefined ? createZodVersionLookup() : () => options.settings?.zodVersion;
  const executionOf = createMcpSdkExecutionLookup();
  const settingsFor = (file: string) => {
    const zodVersion = zodVersionOf(file);
    return zodVersion ? { ...options.settings, zodVersion } : options.settings;
  };
  const analyse = (file: string, fresh = false) =>
    findTools(store.getProgram(file, fresh), { filePath: file, settings: settingsFor(file), resolveConstant: imported.resolve });
  const measureIn = (file: string) => (decl: ToolDecl | undefined) => (decl ? measure(getPublished(decl, { mcpSdkExecution: executionOf(file) })) : undefined);

  const analysed: AnalysedFile[] = [];
  options.files.forEach((file, i) => {
    try {
      analysed.push({ file, model: analyse(file) });
    } catch (error) {
      errors.push({ file: relative(file), message: getErrorMessage(error) });
    }
    options.onProgress?.(i + 1, options.files.length);
  });

  const allTools = analysed.flatMap(({ file, model }) => model.tools.map((decl, index) => ({ file, decl, index })));
  const serversOfFile = new Map(analysed.map(({ file, model }) => [file, model.servers]));
  const familyOfTool = findFamilies(
    allTools.map(({ file, decl }) => ({ name: getStaticValue(decl.name), filePath: file, serverName: getServerName(decl, serversOfFile.get(file) ?? []) })),
    options.settings?.families,
    analysed.flatMap(({ model }) => model.servers.map((server) => getStaticValue(server.name))).filter((name) => name !== undefined),
  );
  const skip = (file: string, decl: ToolDecl, reason: string, unprofitable?: true) =>
    skipped.push({ name: getStaticValue(decl.name), file: relative(file), line: decl.line, reason, ...(unprofitable ? { unprofitable } : {}) });

  const owners = findCarrierOwners(allTools, imported, store);
  const planner = { options, instructionsDir, constants: imported, store, relative, owners };
  let plans: ToolPlan[] = [];
  allTools.forEach(({ file, decl, index }, i) => {
    let planned: ToolPlan | string | undefined;
    try {
      planned = planTool(planner, file, decl, index, familyOfTool[i]);
    } catch (error) {
      // An unexpected shape is skipped, never a crash of the whole run.
      planned = `could not be planned (${getErrorMessage(error)})`;
    }
    if (typeof planned === 'string') skip(file, decl, planned);
    else if (planned) plans.push(planned);
  });
  plans = dropOverlaps(plans, skip);
  plans = dropUntilVerified(plans, analysed, store, imported, analyse, skip);
  const toolName = options.instructionsTool ?? DEFAULT_INSTRUCTIONS_TOOL;
  const alreadyServed = analysed.some(({ file }) => /\b(?:serveInstructions|createInstructionsCatalog)\s*\(/.test(store.getOriginal(file)));
  const staticNames = new Set(allTools.map(({ decl }) => getStaticValue(decl.name)));
  let added: SizeTotals | undefined;
  const hasServer = analysed.some(({ model }) => model.servers.length > 0);
  if (plans.length > 0 && options.wire !== false && hasServer && !alreadyServed && !staticNames.has(toolName)) {
    const familyNames = [...new Set([...plans.map((plan) => plan.family), ...findFamilyFiles(instructionsDir)])].sort();
    added = measure(buildReadInstructionsTool(toolName, familyNames, zodVersionOf(plans[0].file)));
    const saved = plans.reduce((sum, plan) => sum + plan.saved, 0);
    if (added && options.skipUnprofitable !== false && saved < added.bytes + MIN_SAVED_BYTES) {
      // Moving this little would not pay for the tool that serves it.
      for (const plan of plans) skip(plan.file, plan.decl, `moving ${saved} bytes in all would not pay for the ${toolName} tool (${added.bytes} bytes); left as it is`, true);
      plans = [];
      added = undefined;
      store.resetCurrent();
    }
  }
  const wiring = plans.length > 0 && options.wire !== false ? wireRuntime(analysed, store, analyse, instructionsDir, options.instructionsTool) : [];

  const sources: FileChange[] = store.findChangedFiles().map((file) => ({ file, before: store.getOriginal(file), after: store.getCurrent(file) }));
  const install = plans.length > 0 && options.wire !== false ? planRuntimeDependency(wiring, plans, instructionsDir) : undefined;
  if (install?.change) sources.push(install.change);
  const toolNames = new Set(allTools.map(({ decl }) => getStaticValue(decl.name)).filter((name) => name !== undefined));
  const families = groupByFamily(plans);
  const { changes: instructions, problems } = buildInstructionFiles(families, instructionsDir, toolNames);
  const finalModels = new Map<string, FileModel>();
  const getFinalModel = (file: string) => finalModels.get(file) ?? finalModels.set(file, analyse(file, true)).get(file)!;
  const finalModelOf = (file: string) => {
    try {
      return getFinalModel(file);
    } catch {
      return undefined;
    }
  };
  const tools = plans.map((plan) => measureChange(plan, finalModelOf, relative, instructionsDir, measureIn(plan.file)));
  const totals = buildTotals(allTools.map(({ file, decl }) => measureIn(file)(decl)), tools, added);
  // Moved text nothing serves yet (no server found, or one slim could not wire) leaves the migration to finish by hand.
  const unserved = plans.length > 0 && options.wire !== false && !alreadyServed && !wiring.some((w) => w.wired);
  const partial = skipped.some((tool) => !tool.unprofitable) || errors.length > 0 || unserved;
  return { cwd, instructionsDir, sources, instructions, tools, skipped, errors, problems, totals, families, toolNames, wiring, partial, install: install?.info };
}

interface Planner {
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
function planTool(planner: Planner, file: string, decl: ToolDecl, index: number, family: string): ToolPlan | string | undefined {
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

function planToolKeeping(planner: Planner, file: string, decl: ToolDecl, index: number, family: string, extra: number): ToolPlan | string | undefined {
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
  const insertion =
    existingPointer === undefined && movesToMarkdown ? { at: selection ? selection.keptEnd : description.value.trimEnd().length, text: ` ${pointer}` } : undefined;
  const deleteRanges = selection?.deleteRanges ?? [];
  const expectedDescription = applyToValue(description.value, deleteRanges, insertion);
  // A pointer costs bytes: a tool that would save less than that and a little more is left as it is.
  const saved =
    getPublishedLength(description.value) -
    getPublishedLength(expectedDescription) +
    params.reduce((sum, p) => sum + getPublishedLength(getStaticValue(decl.params.find((d) => getParamKey(d) === p.key)?.description) ?? '') - getPublishedLength(p.expected), 0);
  if (saved < MIN_SAVED_BYTES) return undefined;
  const edits = buildTextEdits(getEditTarget(file, description, constants, planner.store), deleteRanges, insertion);
  if (!edits.ok) return edits.reason;
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
      params: params.filter((p) => p.selection).map((p) => ({ param: p.param, chunks: p.selection!.movedChunks.map(dedentChunk) })),
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

function getEditTarget(file: string, text: StaticText, constants: ImportedConstants, store: SourceStore): EditTarget {
  // Called while planning, when the store's text is the disk's: the program is the one core analysed.
  const context = { program: store.getProgram(file), filePath: file, resolveConstant: constants.resolve };
  return { file, text, context, getExternal: constants.getExternal };
}

/** Bytes of a text as `tools/list` sends it (a JSON string). */
function getPublishedLength(text: string): number {
  return Buffer.byteLength(JSON.stringify(text));
}

function getParamKey(param: ParamDecl): string {
  return param.path.join('.');
}

/** The value after deleting ranges and inserting text (what the edited source must evaluate to). */
function applyToValue(value: string, deleteRanges: readonly Range[], insertion: { at: number; text: string } | undefined): string {
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
interface CarrierOwner {
  readonly id: string;
  readonly name: string | undefined;
  readonly file: string;
  readonly range: Range;
}

/** Where every tool's text is written (to find text that two tools share). */
function findCarrierOwners(
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
function isSharedWithinTool(file: string, param: ParamDecl, decl: ToolDecl, constants: ImportedConstants, store: SourceStore): boolean {
  if (param.description?.kind !== 'static') return false;
  const own = findCarrierRanges(getEditTarget(file, param.description, constants, store));
  return decl.params.some((other) => {
    if (other === param || other.description?.kind !== 'static') return false;
    const theirs = findCarrierRanges(getEditTarget(file, other.description, constants, store));
    return theirs.some((t) => own.some((o) => o.file === t.file && o.range[0] < t.range[1] && t.range[0] < o.range[1]));
  });
}

/** The other tool whose text an edit would change, if any. */
function findSharingTool(id: string, edits: readonly SourceEdit[], owners: readonly CarrierOwner[]): CarrierOwner | undefined {
  return owners.find((o) => o.id !== id && edits.some((e) => e.file === o.file && touches(e, o.range)));
}

/** Two plans cannot edit the same source; the first one wins. */
function dropOverlaps(plans: ToolPlan[], skip: (file: string, decl: ToolDecl, reason: string) => void): ToolPlan[] {
  const kept: ToolPlan[] = [];
  const claimed: SourceEdit[] = [];
  for (const plan of plans) {
    const clash = claimed.find((c) => plan.edits.some((e) => e.file === c.file && e.start < c.end && c.start < e.end));
    if (clash) skip(plan.file, plan.decl, 'its text overlaps the text of another tool');
    else {
      kept.push(plan);
      claimed.push(...plan.edits);
    }
  }
  return kept;
}

function dedupeEdits(edits: readonly SourceEdit[]): SourceEdit[] {
  const seen = new Set<string>();
  return edits.filter((edit) => {
    const key = `${edit.file}\0${edit.start}\0${edit.end}\0${edit.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function touches(edit: SourceEdit, range: Range): boolean {
  return edit.start === edit.end ? range[0] < edit.start && edit.start < range[1] : edit.start < range[1] && range[0] < edit.end;
}

/**
 * Apply the plans in memory and check every tool of every affected file: same published tool apart from
 * description text, and exactly the planned text. A plan whose edits do not give exactly that is dropped
 * (skipped with a note) and the rest is checked again.
 */
function dropUntilVerified(
  initial: ToolPlan[],
  analysed: readonly AnalysedFile[],
  store: SourceStore,
  constants: ImportedConstants,
  analyse: (file: string, fresh?: boolean) => FileModel,
  skip: (file: string, decl: ToolDecl, reason: string) => void,
): ToolPlan[] {
  let plans = initial;
  for (;;) {
    store.resetCurrent();
    const failed = new Map<string, string>();
    const fail = (plan: ToolPlan, reason: string) => failed.has(plan.id) || failed.set(plan.id, reason);
    const editsByFile = new Map<string, SourceEdit[]>();
    for (const plan of plans) {
      // The same edit twice (one text reached two ways) is one edit; any other overlap drops the later plan.
      const own = dedupeEdits(plan.edits);
      const clash = own.some((e) => (editsByFile.get(e.file) ?? []).some((c) => e.start < c.end && c.start < e.end) || own.some((o) => o !== e && o.file === e.file && e.start < o.end && o.start < e.end));
      if (clash) {
        fail(plan, 'its edits overlap other edits');
        continue;
      }
      for (const edit of own) editsByFile.set(edit.file, [...(editsByFile.get(edit.file) ?? []), edit]);
    }
    for (const [file, edits] of editsByFile) store.setCurrent(file, applyEdits(store.getOriginal(file), edits));
    const changed = new Set(store.findChangedFiles());
    for (const { file, model } of analysed) {
      const touched = changed.has(file) || [...constants.getDependencies(file)].some((dep) => changed.has(dep));
      if (!touched) continue;
      const responsible = plans.filter((p) => p.edits.some((e) => e.file === file || constants.getDependencies(file).has(e.file)));
      let after: FileModel;
      try {
        after = analyse(file, true);
      } catch (error) {
        for (const plan of responsible) fail(plan, `the edited file would not parse (${getErrorMessage(error)})`);
        continue;
      }
      if (after.tools.length !== model.tools.length) {
        for (const plan of responsible) fail(plan, 'the edited file would declare a different number of tools');
        continue;
      }
      model.tools.forEach((before, index) => {
        const plan = plans.find((p) => p.file === file && p.index === index);
        const problem = findToolProblem(before, after.tools[index], plan);
        if (!problem) return;
        if (plan) fail(plan, problem);
        else for (const p of responsible) fail(p, `editing it would change ${getStaticValue(before.name) ?? 'another tool'}: ${problem}`);
      });
    }
    if (failed.size === 0) return plans;
    for (const plan of plans) {
      const reason = failed.get(plan.id);
      if (reason) skip(plan.file, plan.decl, `could not be edited exactly: ${reason}`);
    }
    plans = plans.filter((plan) => !failed.has(plan.id));
  }
}

/** What is wrong with a tool after the edits, or undefined. */
function findToolProblem(before: ToolDecl, after: ToolDecl, plan: ToolPlan | undefined): string | undefined {
  if (getCapabilityKey(getPublished(before)) !== getCapabilityKey(getPublished(after))) {
    return 'its published definition would change beyond its description';
  }
  const expected = plan ? plan.expectedDescription : getStaticValue(before.description);
  if (getStaticValue(after.description) !== expected) return 'its description would not read as planned';
  for (const param of after.params) {
    const planned = plan?.params.find((p) => p.key === getParamKey(param));
    const original = before.params.find((p) => getParamKey(p) === getParamKey(param));
    const wanted = planned ? planned.expected : getStaticValue(original?.description);
    if (getStaticValue(param.description) !== wanted) return `parameter ${getParamKey(param)} would not read as planned`;
  }
  return undefined;
}

/**
 * Wire `serveInstructions` into every server setup of the run. Each wired file is parsed again and must
 * declare the same tools as before, or it is left as it was and the lines are printed instead.
 */
function wireRuntime(
  analysed: readonly AnalysedFile[],
  store: SourceStore,
  analyse: (file: string, fresh?: boolean) => FileModel,
  instructionsDir: string,
  toolName: string | undefined,
): Wiring[] {
  const out: Wiring[] = [];
  for (const { file, model: original } of analysed) {
    if (original.servers.length === 0) continue;
    const code = store.getCurrent(file);
    let current: FileModel;
    let built: ReturnType<typeof buildWiring>;
    try {
      // Analyse the text as edited so far; the servers' nodes must belong to the program being edited.
      current = analyse(file, true);
      const program = store.getProgram(file);
      const packageRoot = findPackageRoot(file) ?? path.dirname(file);
      const moduleKind = getModuleKind(file, program.body.some((statement) => statement.type === 'ImportDeclaration'));
      built = buildWiring({ file, code, program, servers: current.servers, packageDir: getPackageDir(packageRoot, instructionsDir), moduleKind, toolName });
    } catch {
      continue;
    }
    const { edits, wiring } = built;
    if (!wiring) continue;
    if (edits.length === 0) {
      out.push(wiring);
      continue;
    }
    const before = current.tools.map((tool) => getCapabilityKey(getPublished(tool)) + getStaticValue(tool.description));
    let after: string[] | undefined;
    try {
      store.setCurrent(file, applyEdits(code, edits));
      after = analyse(file, true).tools.map((tool) => getCapabilityKey(getPublished(tool)) + getStaticValue(tool.description));
    } catch {
      after = undefined;
    }
    if (after && after.join('\0') === before.join('\0')) out.push(wiring);
    else {
      store.setCurrent(file, code);
      out.push({ ...wiring, wired: false, reason: 'adding the lines would change what the file declares' });
    }
  }
  return out;
}

/** The runtime in the package.json of the wired server (else of the first slimmed tool), and the install command. */
function planRuntimeDependency(
  wiring: readonly Wiring[],
  plans: readonly ToolPlan[],
  instructionsDir: string,
): { change: FileChange | undefined; info: RuntimeInstall } | undefined {
  const anchor = wiring[0]?.file ?? plans[0]?.file;
  const packageRoot = anchor === undefined ? undefined : findPackageRoot(anchor);
  if (packageRoot === undefined) return undefined;
  const change = buildPackageJsonChange(packageRoot, getPackageDir(packageRoot, instructionsDir));
  const packageJson = path.join(packageRoot, 'package.json');
  const added = change !== undefined && !/"@toolslim\/runtime"/.test(change.before);
  return { change, info: { packageJson, added, command: findInstallCommand(packageRoot) } };
}

/** Families that already have a file in the instructions folder (from an earlier run). */
function findFamilyFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.md') && name.toLowerCase() !== 'readme.md').map((name) => name.slice(0, -3));
  } catch {
    return [];
  }
}

function groupByFamily(plans: readonly ToolPlan[]): FamilyContent[] {
  const byFamily = new Map<string, ToolPlan[]>();
  for (const plan of plans) byFamily.set(plan.family, [...(byFamily.get(plan.family) ?? []), plan]);
  return [...byFamily].map(([family, list]) => ({ family, sections: list.map((p) => p.section), moved: list.flatMap((p) => p.moved) }));
}

function measureChange(
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
    before: measureDecl(plan.decl),
    after: measureDecl(after),
    descriptionBefore: getStaticValue(plan.decl.description) ?? '',
    descriptionAfter: plan.expectedDescription,
  };
}

/** Sizes of every readable tool before, and after with the slimmed tools' new sizes and the tool that serves the moved text. */
function buildTotals(measured: ReadonlyArray<ToolMeasure | undefined>, changes: readonly ToolChange[], added: SizeTotals | undefined): SlimTotals {
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
  let afterBytes = bytes + (extra?.bytes ?? 0);
  let afterTokens = tokens + (extra?.tokens ?? 0);
  for (const change of changes) {
    afterBytes += (change.after?.bytes ?? 0) - (change.before?.bytes ?? 0);
    afterTokens += (change.after?.tokens ?? 0) - (change.before?.tokens ?? 0);
  }
  return { tools: count, found: measured.length, before: { bytes, tokens }, after: { bytes: afterBytes, tokens: afterTokens }, ...(extra ? { added: extra } : {}) };
}

function measure(tool: PublishedTool | undefined): ToolMeasure | undefined {
  try {
    return tool ? measureTool(tool) : undefined;
  } catch {
    return undefined;
  }
}

/** True when the plan would change something. */
export function hasChanges(plan: SlimPlan): boolean {
  return plan.sources.length > 0 || plan.instructions.length > 0;
}

/**
 * Write a verified plan: first make sure the instructions folder and its files can be written (an error
 * there leaves every source file untouched), then the instruction files, then the sources, each through
 * a temporary file and a rename.
 */
export function writeSlimPlan(plan: SlimPlan): void {
  if (plan.problems.length > 0) throw new SlimError(`Verification failed; nothing was written:\n${plan.problems.join('\n')}`);
  if (plan.instructions.length > 0) assertWritableFolder(plan.instructionsDir, plan.instructions);
  for (const change of [...plan.instructions, ...plan.sources]) writeAtomically(change.file, change.after);
}

/**
 * Merge and write only the instruction files of a plan, under the folder's lock, against the files as
 * they are on disk at that moment (another worker may have written since the plan was made).
 */
export function writeInstructionFilesLocked(plan: SlimPlan): void {
  if (plan.families.length === 0) return;
  withFolderLock(plan.instructionsDir, () => {
    const { changes, problems } = buildInstructionFiles(plan.families, plan.instructionsDir, plan.toolNames);
    if (problems.length > 0) throw new SlimError(`Verification failed; nothing was written:\n${problems.join('\n')}`);
    assertWritableFolder(plan.instructionsDir, changes);
    for (const change of changes) writeAtomically(change.file, change.after);
  });
}

function assertWritableFolder(dir: string, changes: readonly FileChange[]): void {
  try {
    mkdirSync(dir, { recursive: true });
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
    accessSync(dir, constants.W_OK);
    for (const change of changes) if (existsSync(change.file)) accessSync(change.file, constants.W_OK);
  } catch (error) {
    throw new SlimError(`The instructions folder ${dir} cannot be written (${getErrorMessage(error)}); no file was changed.`);
  }
}

export function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.toolslim-tmp`;
  // The new file keeps the old one's mode (an executable bin script stays executable).
  const mode = existsSync(file) ? statSync(file).mode & 0o7777 : undefined;
  writeFileSync(temporary, text, mode === undefined ? undefined : { mode });
  if (mode !== undefined) chmodSync(temporary, mode);
  renameSync(temporary, file);
}

function getPublished(decl: ToolDecl, options?: PublishedToolOptions): PublishedTool | undefined {
  try {
    return buildPublishedTool(decl, options).tool;
  } catch {
    return undefined;
  }
}

function getStaticValue(text: ToolDecl['description']): string | undefined {
  return text?.kind === 'static' ? text.value : undefined;
}

/** The static name of the server a tool is registered on, or of the one server its file creates. */
function getServerName(decl: ToolDecl, servers: readonly ServerDecl[]): string | undefined {
  const server = decl.server ?? (servers.length === 1 ? servers[0] : undefined);
  return getStaticValue(server?.name);
}

function getErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

