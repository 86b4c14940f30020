/**
 * Slimming from what a server publishes (`slim --server`): its own `tools/list` is the text to plan on, with
 * the same selection as slimming from source (select.ts). Each sentence that moves is found where it is
 * written by the text itself (written-text.ts: any string or template literal, a constant in another
 * module, a string of a JSON or YAML file), never by the shape of the declaration. A sentence written zero
 * or several times, or published by more than one text, stays, and its tool is reported as partly slimmed.
 * Plans in memory, like `planSlim`; the caller starts the server on the planned files before writing.
 */
import path from 'node:path';
import { assignFamilies, buildReadInstructionsTool, findTools, getPublishedLength, getSchemaFacts, MIN_SAVED_BYTES, SERVES_INSTRUCTIONS, splitSentences, type Sentence, type FileModel, type JsonObject, type ProseModel, type PublishedTool } from '@toolslim/core';
import { buildInstructionFiles } from './instructions.js';
import { dedentChunk, type ToolSection } from './markdown.js';
import { buildPointer, DEFAULT_EXTRA_SENTENCES, DEFAULT_INSTRUCTIONS_TOOL, DEFAULT_POINTER, findPointer, type SlimOptions } from './options.js';
import { getMoveModel } from './plan-tool.js';
import { buildTotals, findFamilyFiles, measure } from './report-plan.js';
import { selectUnits, type Range, type Selection } from './select.js';
import type { AnalysedFile, FileChange, FileError, SkippedTool, SlimPlan, ToolChange } from './slim-types.js';
import { SourceStore } from './source-store.js';
import { applyEdits, type SourceEdit } from './text-edits.js';
import { getErrorMessage } from './tool-values.js';
import type { MovedText } from './verify.js';
import { buildWiringElsewhere, planRuntimeDependency, serverSource, wireRuntime } from './wire-plan.js';
import { readDefaultToolsets } from './wire-runtime.js';
import { encodeForSite, findOccurrences, findTextSites, type Occurrence, type TextSite } from './written-text.js';
import { chooseInstructionsDir } from './instructions-folder.js';
import { keepLeadIns } from './lead-ins.js';
import { findServersOfSubclasses } from './subclass-servers.js';

export interface PublishedSlimOptions extends Pick<SlimOptions, 'cwd' | 'instructionsDir' | 'pointer' | 'instructionsTool' | 'extraSentences' | 'moveThreshold' | 'settings' | 'wire' | 'skipUnprofitable'> {
  /** Absolute source files of the project (where text and the server setup are looked for). */
  readonly files: readonly string[];
  /** Absolute JSON and YAML files the server may read its text from. */
  readonly dataFiles?: readonly string[];
  /** The tools exactly as the server listed them. */
  readonly tools: readonly PublishedTool[];
  /** The server's name from its `initialize` answer (the family of tools without a shared prefix). */
  readonly serverName?: string;
  /** The folder the default instruction folder goes under: the package of the server (default `cwd`). */
  readonly packageRoot?: string;
}

export interface PublishedSlimPlan extends SlimPlan {
  /** Every tool as the server should list it once the plan is written, by name (without the added tool). */
  readonly expected: ReadonlyMap<string, PublishedTool>;
  /** The families `read_instructions` must serve, each with the moved texts its file must hold. */
  readonly served: ReadonlyMap<string, readonly string[]>;
  /** Tools that keep some of the text the selection would move, with why. */
  readonly partlySlimmed: readonly SkippedTool[];
}

interface Located {
  readonly unit: Sentence;
  readonly at: Occurrence | undefined;
  readonly reason?: string;
  /**
   * The place (file, offset) and how many published texts read this sentence from it. Read by several (shared):
   * cut once for all of them, never the pointer's place.
   */
  readonly place?: { readonly key: string; readonly published: number };
}

const isShared = (located: Located) => (located.place?.published ?? 0) > 1;

interface PublishedToolPlan {
  readonly tool: PublishedTool;
  readonly family: string;
  /** The pointer's edit (when it goes in). */
  readonly edits: SourceEdit[];
  /** What is cut, per place: merged with every other tool's cuts of the same place before editing. */
  readonly cuts: ReadonlyMap<TextSite, readonly Range[]>;
  readonly expected: PublishedTool;
  readonly section: ToolSection;
  readonly moved: MovedText[];
  /** Every place a sentence of this tool is cut, with how many published texts read it from there. */
  readonly places: ReadonlyArray<{ readonly key: string; readonly published: number }>;
  readonly file: string;
  readonly line: number;
}

/** Plan a run on a server's published tools. Writes nothing. */
export function planSlimFromPublished(options: PublishedSlimOptions): PublishedSlimPlan {
  const cwd = path.resolve(options.cwd);
  // A folder that holds someone else's markdown is never taken over (chooseInstructionsDir).
  const instructionsDir = chooseInstructionsDir(cwd, options.packageRoot ?? cwd, options.instructionsDir);
  const relative = (file: string) => path.relative(cwd, file).split(path.sep).join('/');
  const store = new SourceStore();
  const errors: FileError[] = [];
  const sites: TextSite[] = [];
  for (const file of [...options.files, ...(options.dataFiles ?? [])]) {
    try {
      sites.push(...findTextSites(file, store.getOriginal(file)));
    } catch (error) {
      errors.push({ file: relative(file), message: getErrorMessage(error) });
    }
  }
  const toolName = options.instructionsTool ?? DEFAULT_INSTRUCTIONS_TOOL;
  const template = options.pointer ?? DEFAULT_POINTER;
  const extra = options.extraSentences ?? DEFAULT_EXTRA_SENTENCES;
  const model = getMoveModel(options);
  // Every description the list holds, nested ones too: a sentence cut for one text must not also change another.
  const publishedTexts = options.tools.flatMap((tool) => [tool.description ?? '', ...findNestedDescriptions(tool.inputSchema)]);
  const selected = new Map<PublishedTool, SelectedTool>();
  for (const tool of options.tools) {
    try {
      if (tool.name !== toolName && tool.description) selected.set(tool, selectPublishedTool(tool, { template, toolName, extra, model }));
    } catch {
      // Planned again below, where the failure is reported for this tool.
    }
  }
  // A sentence several tools publish from one place (boilerplate appended to each) moves when every text
  // that publishes it moves it: it is cut once, where it is written, for all of them.
  const movedCount = new Map<string, number>();
  for (const { texts } of selected.values()) for (const text of texts) for (const unit of text.moved) movedCount.set(unit.text, (movedCount.get(unit.text) ?? 0) + 1);
  const blocked = new Set<string>();
  // A sentence is taken from the place that also holds the rest of its published text as far as it goes:
  // another tool's text that holds the same sentence among other words is not where this one was written.
  const locate = (unit: Sentence, value: string): Located => {
    const found = findOccurrences(sites, unit.text);
    const picked = pickByContext(found, value, unit.start, unit.end);
    if (!('at' in picked)) {
      const where = picked.tie ? `${found.length} times` : found.length === 0 ? 'nowhere as one piece of text' : 'nowhere with the text around it';
      return { unit, at: undefined, reason: `"${shorten(unit.text)}" is written ${where} in the project, so it stays` };
    }
    const { at } = picked;
    const published = countPublishedFrom(at, found, publishedTexts, unit.text);
    const key = `${at.site.file}\0${at.site.offsets[at.start]}\0${unit.text.length}`;
    if (published > 1 && ((movedCount.get(unit.text) ?? 0) < published || blocked.has(key))) {
      return { unit, at: undefined, reason: `"${shorten(unit.text)}" is published ${published} times from one place and not every text that holds it moves it, so it stays` };
    }
    return { unit, at, place: { key, published } };
  };

  const families = assignFamilies(
    options.tools.map((tool) => ({ name: tool.name, filePath: path.join(cwd, 'package.json'), serverName: options.serverName, description: tool.description })),
    options.settings?.families,
    options.serverName ? [options.serverName] : [],
  );
  const served = options.tools.some((tool) => tool.name === toolName);
  // Planned again while a shared sentence is cut for some of its readers but not all (one of them is left
  // alone, say): that sentence then stays for every reader.
  const planAll = () => {
    const skipped: SkippedTool[] = [];
    const partlySlimmed: SkippedTool[] = [];
    const plans: PublishedToolPlan[] = [];
    options.tools.forEach((tool, index) => {
      if (tool.name === toolName || !tool.description) return;
      const family = families[index];
      const pointer = buildPointer(template, { family, file: relative(path.join(instructionsDir, `${family}.md`)), tool: toolName });
      try {
        const chosen = selected.get(tool) ?? selectPublishedTool(tool, { template, toolName, extra, model });
        const planned = planPublishedTool(chosen, family, pointer, { template, toolName, extra, locate });
        if (planned.reasons.length > 0) {
          const first = planned.plan ? planned.plan.file : '';
          const entry = { name: tool.name, file: first ? relative(first) : '', line: planned.plan?.line ?? 0, reason: planned.reasons.join('; ') };
          (planned.plan ? partlySlimmed : skipped).push(entry);
        }
        if (planned.plan) plans.push(planned.plan);
      } catch (error) {
        skipped.push({ name: tool.name, file: '', line: 0, reason: `could not be planned (${getErrorMessage(error)})` });
      }
    });
    // Two tools whose edits touch the same text would change each other: neither is slimmed.
    const kept = dropOverlapping(plans, (plan) => skipped.push({ name: plan.tool.name, file: relative(plan.file), line: plan.line, reason: 'its moved text overlaps the text of another tool; give each tool its own text first' }));
    return { skipped, partlySlimmed, kept };
  };
  let planned = planAll();
  for (let round = 0; round < options.tools.length; round++) {
    const cuts = new Map<string, { count: number; published: number }>();
    for (const plan of planned.kept) for (const place of plan.places) cuts.set(place.key, { count: (cuts.get(place.key)?.count ?? 0) + 1, published: place.published });
    const uneven = [...cuts].filter(([, { count, published }]) => count < published);
    if (uneven.length === 0) break;
    for (const [key] of uneven) blocked.add(key);
    planned = planAll();
  }
  const { skipped, partlySlimmed, kept } = planned;
  const problems: string[] = [];
  const byFile = new Map<string, SourceEdit[]>();
  // Cuts of one place by several tools (a shared sentence, or two tools' sentences side by side) are merged into one edit each.
  const cuts = new Map<TextSite, Range[]>();
  for (const plan of kept) for (const [site, ranges] of plan.cuts) cuts.set(site, [...(cuts.get(site) ?? []), ...ranges]);
  // An array element whose whole text goes is removed with its comma, as slimming from source does.
  const cutEdits = [...cuts].flatMap(([site, ranges]) =>
    mergeRanges(ranges).map(([start, end]) =>
      site.element && start === 0 && end === site.value.length
        ? { file: site.file, start: site.element[0], end: site.element[1], text: '' }
        : { file: site.file, start: site.offsets[start], end: site.offsets[end], text: '' },
    ),
  );
  const seen = new Set<string>();
  for (const edit of [...kept.flatMap((plan) => plan.edits), ...mergeDeletions(cutEdits)]) {
    const key = `${edit.file}\0${edit.start}\0${edit.end}\0${edit.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    byFile.set(edit.file, [...(byFile.get(edit.file) ?? []), edit]);
  }
  for (const [file, edits] of byFile) {
    let after: string;
    try {
      after = applyEdits(store.getOriginal(file), edits);
    } catch (error) {
      problems.push(`the edits of ${relative(file)} overlap (${getErrorMessage(error)})`);
      continue;
    }
    store.setCurrent(file, after);
    // The edited file must still be what it was: source that parses, JSON that parses.
    try {
      if (/\.json$/i.test(file)) JSON.parse(after);
      else if (!/\.ya?ml$/i.test(file)) store.getProgram(file, true);
    } catch (error) {
      problems.push(`${relative(file)} would not parse after the edits (${getErrorMessage(error)})`);
    }
  }

  const toolNames = new Set(options.tools.map((tool) => tool.name));
  const familyContents = groupPlans(kept);
  const { changes: instructions, problems: lost } = buildInstructionFiles(familyContents, instructionsDir, toolNames);
  problems.push(...lost);
  const familyNames = [...new Set([...kept.map((plan) => plan.family), ...findFamilyFiles(instructionsDir)])].sort();

  // The server setup is found in the source files as `slim` finds it; the restart proves whether it serves.
  const analyse = (file: string, fresh = false): FileModel => findTools(store.getProgram(file, fresh), { filePath: file, settings: options.settings });
  const analysed: AnalysedFile[] = [];
  if (kept.length > 0 && options.wire !== false && !served) {
    for (const file of options.files) {
      try {
        analysed.push({ file, model: analyse(file) });
      } catch {
        // A file that does not parse was reported above.
      }
    }
  }
  const alreadyServed = served || analysed.some(({ file }) => SERVES_INSTRUCTIONS.test(store.getOriginal(file)));
  const defaultToolsets = readDefaultToolsets(options.settings);
  const wiring = kept.length > 0 && options.wire !== false && !alreadyServed ? wireRuntime(analysed, store, analyse, instructionsDir, options.instructionsTool, defaultToolsets) : [];
  if (kept.length > 0 && options.wire !== false && !alreadyServed && wiring.length === 0) {
    wiring.push(buildWiringElsewhere(undefined, kept[0].file, instructionsDir, relative, options.instructionsTool, defaultToolsets));
  }
  const install = kept.length > 0 && options.wire !== false && !alreadyServed ? planRuntimeDependency(wiring, kept, instructionsDir) : undefined;
  const sources: FileChange[] = store.findChangedFiles().map((file) => ({ file, before: store.getOriginal(file), after: store.getCurrent(file) }));
  if (install?.change) sources.push(install.change);

  // The tool is published as the low-level server lists it when slim serves there (an McpServer whose handlers were replaced).
  const servers = analysed.flatMap(({ file, model }) => (model.servers.length > 0 ? model.servers : findServersOfSubclasses(serverSource(store, file))));
  const lowLevel =
    !servers.some((server) => server.framework === 'mcp-sdk') || wiring.some((w) => w.wired && w.lines.some((line) => /serveInstructions\([\w$.]+\.server,/.test(line)));
  const added = kept.length > 0 && !alreadyServed ? measure(buildReadInstructionsTool(toolName, familyNames, 4, 1, lowLevel ? 'low-level' : 'mcp-server')) : undefined;
  const tools: ToolChange[] = kept.map((plan) => ({
    name: plan.tool.name,
    file: relative(plan.file),
    line: plan.line,
    family: plan.family,
    instructions: relative(path.join(instructionsDir, `${plan.family}.md`)),
    movedUnits: plan.moved.length,
    review: [],
    before: measure(plan.tool),
    after: measure(plan.expected),
    descriptionBefore: plan.tool.description ?? '',
    descriptionAfter: plan.expected.description ?? '',
  }));
  const saved = tools.reduce((sum, tool) => sum + (tool.before?.bytes ?? 0) - (tool.after?.bytes ?? 0), 0);
  const expected = new Map(options.tools.map((tool) => [tool.name, kept.find((plan) => plan.tool === tool)?.expected ?? tool]));
  const unprofitable = added !== undefined && options.skipUnprofitable !== false && saved < added.bytes + MIN_SAVED_BYTES;
  if (unprofitable) {
    for (const plan of kept) skipped.push({ name: plan.tool.name, file: relative(plan.file), line: plan.line, reason: `moving ${saved} bytes in all would not pay for the ${toolName} tool (${added.bytes} bytes); left as it is`, unprofitable: true });
  }
  const final = unprofitable ? [] : kept;
  const unserved = final.length > 0 && !alreadyServed && !wiring.some((w) => w.wired);
  return {
    cwd,
    instructionsDir,
    sources: unprofitable ? [] : sources,
    instructions: unprofitable ? [] : instructions,
    tools: unprofitable ? [] : tools,
    skipped,
    keptShared: [],
    errors,
    problems: unprofitable ? [] : problems,
    totals: buildTotals(options.tools.map((tool) => measure(tool)), unprofitable ? [] : tools, unprofitable ? undefined : added),
    families: unprofitable ? [] : familyContents,
    toolNames,
    wiring: unprofitable ? [] : wiring,
    partial: skipped.some((tool) => !tool.unprofitable) || partlySlimmed.length > 0 || errors.length > 0 || unserved,
    install: unprofitable ? undefined : install?.info,
    expected: unprofitable ? new Map(options.tools.map((tool) => [tool.name, tool])) : expected,
    served: new Map(unprofitable ? [] : familyContents.map((content) => [content.family, content.moved.map((moved) => moved.text)])),
    partlySlimmed: unprofitable ? [] : partlySlimmed,
  };
}

interface ToolContext {
  readonly template: string;
  readonly toolName: string;
  readonly extra: number;
  /** The prose model with the run's move threshold, when it sets one. */
  readonly model?: ProseModel;
  /** Where `unit` of the published text `value` is written. */
  readonly locate: (unit: Sentence, value: string) => Located;
}

/** One text of a tool (its description or a parameter's) with the units it moves and where each is written. */
interface TextPlan {
  readonly param: string | undefined;
  readonly value: string;
  readonly located: readonly Located[];
}

/** What the selection moves out of one tool's texts (its description and each parameter's). */
interface SelectedTool {
  readonly tool: PublishedTool;
  readonly existingPointer: Range | undefined;
  readonly selection: Selection | undefined;
  readonly texts: ReadonlyArray<{ readonly param: string | undefined; readonly value: string; readonly moved: readonly Sentence[] }>;
}

function selectPublishedTool(tool: PublishedTool, context: Pick<ToolContext, 'template' | 'toolName' | 'extra' | 'model'>): SelectedTool {
  const description = tool.description ?? '';
  const params = getParams(tool);
  const existingPointer = findPointer(description, context.template, { tool: context.toolName });
  // Constraints stay in the description: moving one to a parameter would need that parameter's text to be found too.
  const selection = selectUnits(description, context.extra, existingPointer, { params: [], allParams: params.map((p) => p.key), model: context.model });
  // Kept text keeps its heading or lead-in (lead-ins.ts).
  const movedOf = (chosen: Selection | undefined) => (chosen ? keepLeadIns([...chosen.kept, ...chosen.moved], chosen.moved) : []);
  const texts: Array<SelectedTool['texts'][number]> = [{ param: undefined, value: description, moved: movedOf(selection) }];
  for (const param of params) {
    const chosen = selectUnits(param.description, 0, undefined, { parameter: true, schema: getSchemaFacts({ schema: param.schema, required: param.required, path: [param.key] }), model: context.model });
    if (chosen) texts.push({ param: param.key, value: param.description, moved: movedOf(chosen) });
  }
  return { tool, existingPointer, selection, texts };
}

function planPublishedTool(selected: SelectedTool, family: string, pointer: string, context: ToolContext): { plan: PublishedToolPlan | undefined; reasons: string[] } {
  const { tool, existingPointer, selection } = selected;
  const description = tool.description ?? '';
  const params = getParams(tool);
  const texts: TextPlan[] = selected.texts.map((text) => ({ param: text.param, value: text.value, located: text.moved.map((unit) => context.locate(unit, text.value)) }));
  const reasons = texts.flatMap((text) => text.located.flatMap((l) => (l.reason ? [text.param ? `${text.param}: ${l.reason}` : l.reason] : [])));
  const found = texts.some((text) => text.located.some((l) => l.at));
  if (!found) return { plan: undefined, reasons };

  // The pointer takes the place of the first moved unit after the kept text that its site can hold, else
  // it follows the last kept unit, where that is written once.
  const own = texts[0].located.filter((l) => l.at !== undefined);
  const keptEnd = selection?.keptEnd ?? description.length;
  let carrier: Located | undefined;
  let after: Occurrence | undefined;
  let afterUnit: Sentence | undefined;
  if (existingPointer === undefined) {
    // After the kept text, as slimming from source puts it: in place of the first moved unit there, else
    // right after the last kept unit, else in place of the last moved unit.
    const canHold = (l: Located) => !isShared(l) && encodeForSite(l.at!.site.kind, pointer) !== undefined;
    carrier = own.find((l) => l.unit.start >= keptEnd && canHold(l));
    if (!carrier) {
      // With nothing moving out of the description itself, every unit of it is kept.
      const keptUnits: readonly Sentence[] = selection?.kept ?? splitSentences(description);
      const lastKept = [...keptUnits].reverse().find((unit) => unit.end <= keptEnd);
      const keptAt = lastKept ? context.locate(lastKept, description) : undefined;
      const at = keptAt && !isShared(keptAt) ? keptAt.at : undefined;
      if (at && encodeForSite(at.site.kind, ` ${pointer}`) !== undefined) {
        after = at;
        afterUnit = lastKept;
      } else carrier = [...own].reverse().find(canHold);
    }
    if (!carrier && !after) return { plan: undefined, reasons: [...reasons, `no place was found to write the pointer to ${family}.md, so nothing moves`] };
  }

  const edits: SourceEdit[] = [];
  const deletions = new Map<TextSite, Range[]>();
  const results = new Map<string | undefined, string>();
  for (const text of texts) {
    const changes: Array<{ range: Range; text: string }> = [];
    const removed: Range[] = [];
    for (const l of text.located) {
      if (!l.at) continue;
      const { site, start, end } = l.at;
      if (l === carrier) {
        edits.push({ file: site.file, start: site.offsets[start], end: site.offsets[end], text: encodeForSite(site.kind, pointer)! });
        changes.push({ range: [l.unit.start, l.unit.end], text: pointer });
        continue;
      }
      deletions.set(site, [...(deletions.get(site) ?? []), extendOverSpace(site.value, start, end)]);
      removed.push(extendOverSpace(text.value, l.unit.start, l.unit.end));
    }
    for (const range of mergeRanges(removed)) changes.push({ range, text: '' });
    if (text.param === undefined && after && afterUnit) {
      edits.push({ file: after.site.file, start: after.site.offsets[after.end], end: after.site.offsets[after.end], text: encodeForSite(after.site.kind, ` ${pointer}`)! });
      changes.push({ range: [afterUnit.end, afterUnit.end], text: ` ${pointer}` });
    }
    results.set(text.param, applyChanges(text.value, changes));
  }
  const expected = buildExpectedTool(tool, results);
  if (getPublishedLength(description) - getPublishedLength(expected.description ?? '') + params.reduce((sum, p) => sum + getPublishedLength(p.description) - getPublishedLength(results.get(p.key) ?? p.description), 0) < MIN_SAVED_BYTES) {
    return { plan: undefined, reasons: [] };
  }
  const moved: MovedText[] = texts.flatMap((text) => text.located.filter((l) => l.at).map((l) => ({ tool: tool.name, ...(text.param ? { param: text.param } : {}), text: l.unit.text })));
  const chunksOf = (text: TextPlan) => buildChunks(text.value, text.located.filter((l) => l.at).map((l) => l.unit)).map(dedentChunk);
  const section: ToolSection = {
    tool: tool.name,
    chunks: chunksOf(texts[0]),
    params: texts.slice(1).flatMap((text) => (text.located.some((l) => l.at) ? [{ param: text.param!, chunks: chunksOf(text) }] : [])),
  };
  const first = texts.flatMap((text) => text.located).find((l) => l.at)!.at!;
  const places = texts.flatMap((text) => text.located.flatMap((l) => (l.at && l.place ? [l.place] : [])));
  return { plan: { tool, family, edits, cuts: deletions, expected, section, moved, places, file: first.site.file, line: first.site.line }, reasons };
}

/**
 * `[start, end)` with the space on one side, so that no gap is left: the side whose space separates less
 * (a space rather than a paragraph break), the space after it at the start of the text, before it at the end.
 */
function extendOverSpace(value: string, start: number, end: number): Range {
  let s = start;
  while (s > 0 && /\s/.test(value[s - 1])) s--;
  let e = end;
  while (e < value.length && /\s/.test(value[e])) e++;
  const atStart = s === 0;
  const atEnd = e === value.length;
  if (atStart && atEnd) return [start, end];
  if (atStart) return [start, e];
  if (atEnd) return [s, end];
  const breaks = (text: string) => text.split('\n').length;
  return breaks(value.slice(end, e)) > breaks(value.slice(s, start)) ? [s, end] : [start, e];
}

/** Deletions of one file that overlap (two neighbouring array elements, each with a comma), as one. */
function mergeDeletions(edits: readonly SourceEdit[]): SourceEdit[] {
  const byFile = new Map<string, Range[]>();
  for (const edit of edits) byFile.set(edit.file, [...(byFile.get(edit.file) ?? []), [edit.start, edit.end]]);
  return [...byFile].flatMap(([file, ranges]) => mergeRanges(ranges).map(([start, end]) => ({ file, start, end, text: '' })));
}

/** Ranges that overlap or touch, as one. */
function mergeRanges(ranges: readonly Range[]): Range[] {
  const out: Array<[number, number]> = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

function applyChanges(value: string, changes: ReadonlyArray<{ range: Range; text: string }>): string {
  let out = value;
  for (const { range, text } of [...changes].sort((a, b) => b.range[0] - a.range[0])) out = out.slice(0, range[0]) + text + out.slice(range[1]);
  return out;
}

/** Adjacent moved units (only space between them) stay together, with their separators. */
function buildChunks(value: string, units: readonly Sentence[]): string[] {
  const chunks: string[] = [];
  let open: { start: number; end: number } | undefined;
  for (const unit of [...units].sort((a, b) => a.start - b.start)) {
    if (open && value.slice(open.end, unit.start).trim() === '') open.end = unit.end;
    else {
      if (open) chunks.push(value.slice(open.start, open.end));
      open = { start: unit.start, end: unit.end };
    }
  }
  if (open) chunks.push(value.slice(open.start, open.end));
  return chunks;
}

interface PublishedParam {
  readonly key: string;
  readonly description: string;
  readonly schema: JsonObject;
  readonly required: boolean;
}

/** The top-level parameters of a published tool that have a description. */
function getParams(tool: PublishedTool): PublishedParam[] {
  const schema = tool.inputSchema as unknown as { properties?: Record<string, unknown>; required?: unknown };
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(schema.properties ?? {}).flatMap(([key, value]) => {
    const property = value as JsonObject | null;
    return property && typeof property === 'object' && typeof property.description === 'string' && property.description.trim() !== ''
      ? [{ key, description: property.description, schema: property, required: required.includes(key) }]
      : [];
  });
}

/** Every `description` string in a JSON Schema, at any depth (a property named `description` is not one). */
function findNestedDescriptions(schema: unknown, key?: string): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item) => findNestedDescriptions(item));
  if (schema === null || typeof schema !== 'object') return [];
  return Object.entries(schema).flatMap(([k, v]) => (k === 'description' && typeof v === 'string' && key !== 'properties' ? [v] : findNestedDescriptions(v, k)));
}

function buildExpectedTool(tool: PublishedTool, results: ReadonlyMap<string | undefined, string>): PublishedTool {
  const copy = structuredClone(tool) as PublishedTool & { inputSchema: { properties?: Record<string, { description?: string }> } };
  copy.description = results.get(undefined) ?? tool.description;
  for (const [param, text] of results) if (param !== undefined && copy.inputSchema.properties?.[param]) copy.inputSchema.properties[param].description = text;
  return copy;
}

function dropOverlapping(plans: readonly PublishedToolPlan[], drop: (plan: PublishedToolPlan) => void): PublishedToolPlan[] {
  // The same cut of a shared text, planned by each tool that publishes it, is one edit.
  const same = (a: SourceEdit, b: SourceEdit) => a.file === b.file && a.start === b.start && a.end === b.end && a.text === b.text;
  const overlaps = (a: SourceEdit, b: SourceEdit) => !same(a, b) && a.file === b.file && a.start < b.end && b.start < a.end;
  const conflicting = new Set<PublishedToolPlan>();
  for (const plan of plans) {
    for (const other of plans) {
      if (other !== plan && plan.edits.some((edit) => other.edits.some((o) => overlaps(edit, o)))) conflicting.add(plan);
    }
  }
  for (const plan of conflicting) drop(plan);
  return plans.filter((plan) => !conflicting.has(plan));
}

function groupPlans(plans: readonly PublishedToolPlan[]) {
  const byFamily = new Map<string, PublishedToolPlan[]>();
  for (const plan of plans) byFamily.set(plan.family, [...(byFamily.get(plan.family) ?? []), plan]);
  return [...byFamily].map(([family, list]) => ({ family, sections: list.map((p) => p.section), moved: list.flatMap((p) => p.moved) }));
}

/**
 * Of the places that hold a sentence, the one that also holds the most of the text around it in the
 * published text (spacing aside). A place whose text goes on differently from the published text (another
 * tool's text with the same sentence among other words) is not where it was read; two places that match as
 * far (the same text written twice, as a package that ships both its source and its build has it) are a tie.
 */
function pickByContext(found: readonly Occurrence[], value: string, start: number, end: number): { at: Occurrence } | { tie: boolean } {
  let best: Occurrence | undefined;
  let bestScore = -1;
  let tie = false;
  for (const occurrence of found) {
    const score = matchAround(occurrence, value, start, end);
    if (score > bestScore) [best, bestScore, tie] = [occurrence, score, false];
    else if (score === bestScore && score >= 0) tie = true;
  }
  return best && bestScore >= 0 && !tie ? { at: best } : { tie };
}

const SPACE = /\s/;

/**
 * How many characters before and after the occurrence its place and the published text share (a run of
 * spacing matches any run of spacing), or -1 when, on either side, both go on and differ.
 */
function matchAround({ site, start, end }: Occurrence, value: string, unitStart: number, unitEnd: number): number {
  const side = (a: string, i: number, b: string, j: number, step: 1 | -1): number => {
    let matched = 0;
    const inside = (text: string, at: number) => (step < 0 ? at > 0 : at < text.length);
    const char = (text: string, at: number) => text[step < 0 ? at - 1 : at];
    while (inside(a, i) && inside(b, j)) {
      if (SPACE.test(char(a, i)) && SPACE.test(char(b, j))) {
        while (inside(a, i) && SPACE.test(char(a, i))) i += step;
        while (inside(b, j) && SPACE.test(char(b, j))) j += step;
      } else if (char(a, i) === char(b, j)) {
        i += step;
        j += step;
      } else return -1;
      matched++;
    }
    return matched;
  };
  const before = side(site.value, start, value, unitStart, -1);
  const after = side(site.value, end, value, unitEnd, 1);
  return before < 0 || after < 0 ? -1 : before + after;
}

/** How many places in the published texts `text` stands where its context leads to the place `at`. */
function countPublishedFrom(at: Occurrence, found: readonly Occurrence[], publishedTexts: readonly string[], text: string): number {
  let count = 0;
  for (const published of publishedTexts) {
    for (let start = published.indexOf(text); start !== -1; start = published.indexOf(text, start + 1)) {
      const picked = pickByContext(found, published, start, start + text.length);
      if ('at' in picked && picked.at === at) count++;
    }
  }
  return count;
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 57)}…` : flat;
}
