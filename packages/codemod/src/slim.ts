/**
 * The slimming engine. For every tool whose text is static: keep the first unit and up to two more
 * what/when sentences, move the rest verbatim to `<dir>/<family>.md`, append a pointer, and edit the text
 * where it is written. Plans everything in memory, verifies it, and only then (`writeSlimPlan`) writes.
 *
 * The pipeline lives here; the stages have their own modules: plan-tool.ts (one tool's plan, shared
 * text), verify-plans.ts (edits checked in memory), wire-plan.ts (runtime wiring and package.json),
 * report-plan.ts (sizes and totals), write-plan.ts (writing), slim-types.ts (the result's shapes).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assignFamilies, getRegisteringServerName, isMcpServerStyle, createMcpSdkExecutionLookup, createModuleResolver, createReachabilityChecker, createEntryFiles, createZodVersionLookup, findTools, buildReadInstructionsTool, getProjectLibraries, MIN_SAVED_BYTES, SERVES_INSTRUCTIONS, type FileModel, type ToolDecl, isTestPath } from '@toolslim/core';
import { ImportedConstants } from './imported-constants.js';
import { buildInstructionFiles } from './instructions.js';
import { DEFAULT_INSTRUCTIONS_TOOL, type SlimOptions } from './options.js';
import { describeKeptShared, findCarrierOwners, planTools, type ToolPlan } from './plan-tool.js';
import { measureServerInstructions } from './server-instructions.js';
import { buildTotals, findFamilyFiles, groupByFamily, measure, measureChange } from './report-plan.js';
import type { AnalysedFile, FileChange, FileError, SizeTotals, SkippedTool, SlimPlan } from './slim-types.js';
import { SourceStore } from './source-store.js';

import { chooseInstructionsDir } from './instructions-folder.js';
import { groupFilesByServerPackage } from './server-packages.js';
import { findLoopTwins, getErrorMessage, getPublished, getStaticValue } from './tool-values.js';
import { dropOverlaps, dropUntilVerified } from './verify-plans.js';
import { buildWiringElsewhere, planRuntimeDependency, wireRegisterCallback, wireRuntime } from './wire-plan.js';
import { pickServerToWire, readDefaultToolsets } from './wire-runtime.js';
import { findServerElsewhere } from './find-server-elsewhere.js';
import { buildInstructionsModule, isInstructionsModule } from './bundle-instructions.js';
import { mergeDecisions } from './plan-file/decisions.js';
import { KEPT_FILE, readKeptFile } from './plan-file/kept-file.js';
import { buildToolUnits } from './plan-file/records.js';

export { MIN_SAVED_BYTES } from '@toolslim/core';
export { SlimError, type FileChange, type FileError, type KeptSharedText, type RuntimeInstall, type SizeTotals, type SkippedTool, type SlimPlan, type SlimTotals, type ToolChange } from './slim-types.js';
export { writeAtomically, writeInstructionFilesLocked, writeSlimPlan } from './write-plan.js';

/**
 * Plan a run: analyse, select, edit in memory, verify. Writes nothing. Without a folder named, the
 * instruction files go into the server's own package, and a run over several server packages plans each
 * one with its own folder and families (server-packages.ts).
 */
export function planSlim(options: SlimOptions): SlimPlan {
  const cwd = path.resolve(options.cwd);
  if (options.instructionsDir !== undefined) return planSlimOnce(options, cwd);
  const read = (file: string) => options.sources?.get(file) ?? readIfFile(file, (f) => readFileSync(f, 'utf8'));
  const groups = groupFilesByServerPackage(
    options.files.filter((file) => !isTestPath(path.relative(cwd, file))),
    read,
  );
  if (groups.length === 1) return planSlimOnce(options, groups[0].root ?? cwd);
  return mergePlans(groups.map((group) => planSlimOnce({ ...options, files: group.files }, group.root ?? cwd)));
}

/** One server package's run; `base` is the folder the default instruction folder goes under. */
function planSlimOnce(options: SlimOptions, base: string): SlimPlan {
  const cwd = path.resolve(options.cwd);
  const store = new SourceStore(options.programs);
  for (const [file, text] of options.sources ?? []) store.setOriginal(file, text);
  const imported = new ImportedConstants(store, { cwd, tsconfig: options.tsconfig });
  const errors: FileError[] = [];
  const skipped: SkippedTool[] = [];
  const relative = (file: string) => path.relative(cwd, file).split(path.sep).join('/');
  // Test files and test servers are never slimmed, wired or named as a family.
  const files = options.files.filter((file) => !isTestPath(relative(file)));
  // As `report` does: without a zodVersion setting, `'zod'` is the major installed next to each file, and
  // `execution` is published when the installed SDK adds it, so the two commands print the same numbers.
  const zodVersionOf = options.settings?.zodVersion === undefined ? createZodVersionLookup() : () => options.settings?.zodVersion;
  const executionOf = createMcpSdkExecutionLookup();
  const settingsFor = (file: string) => {
    const zodVersion = zodVersionOf(file);
    return zodVersion ? { ...options.settings, zodVersion } : options.settings;
  };
  // Schemas and definitions imported from other modules are followed as `report` follows them. The
  // resolver caches what it parsed: the run's first reading uses one over the files as they are, and every
  // reading of edited text a new one over the text as edited.
  const originalModules = createModuleResolver({ readFile: (file) => readIfFile(file, (f) => store.getOriginal(f)), programs: options.programs });
  imported.moduleResolver = originalModules;
  const analyse = (file: string, fresh = false) =>
    findTools(store.getProgram(file, fresh), {
      filePath: file,
      settings: settingsFor(file),
      resolveConstant: imported.resolve,
      resolveModule: fresh ? createModuleResolver({ readFile: (f) => readIfFile(f, (g) => store.getCurrent(g)) }) : originalModules,
    });
  const measureIn = (file: string) => (decl: ToolDecl | undefined) => (decl ? measure(getPublished(decl, { mcpSdkExecution: executionOf(file, store.getOriginal(file)) })) : undefined);

  const analysed: AnalysedFile[] = [];
  files.forEach((file, i) => {
    try {
      analysed.push({ file, model: analyse(file) });
    } catch (error) {
      errors.push({ file: relative(file), message: getErrorMessage(error) });
    }
    options.onProgress?.(i + 1, files.length);
  });

  // As `report` counts them: a tool-shaped object that is only exported and used nowhere is no tool of any
  // server, so it is neither slimmed nor measured (a second, unused declaration of a published name, say).
  const reachability = createReachabilityChecker({ readFile: (file) => readIfFile(file, (f) => store.getOriginal(f)), files, programs: options.programs });
  // As `report` reads them: a file no entry of its package runs (a compiled copy read beside its source, a second
  // server nobody starts) holds no tool the server publishes.
  const entryFiles = createEntryFiles(new Map(files.map((file) => [path.resolve(file), store.getOriginal(file)])));
  const allTools = analysed.flatMap(({ file, model }) =>
    entryFiles.isNeverRun(file) ? [] : model.tools.map((decl, index) => ({ file, decl, index })).filter(({ file, decl }) => !reachability.isUnreached(decl, file, store.getOriginal(file))),
  );
  // A folder that holds someone else's markdown is never taken over (the tools' own sections make it the run's).
  const instructionsDir = chooseInstructionsDir(cwd, base, options.instructionsDir);
  const serversOfFile = new Map(analysed.map(({ file, model }) => [file, model.servers]));
  const familyOfTool = assignFamilies(
    allTools.map(({ file, decl }) => ({ name: getStaticValue(decl.name), filePath: file, serverName: getRegisteringServerName(decl, serversOfFile.get(file) ?? []), description: getStaticValue(decl.description) })),
    options.settings?.families,
    analysed.flatMap(({ model }) => model.servers.map((server) => getStaticValue(server.name))).filter((name) => name !== undefined),
  );
  const skip = (file: string, decl: ToolDecl, reason: string, unprofitable?: true) =>
    skipped.push({ name: getStaticValue(decl.name), file: relative(file), line: decl.line, reason, ...(unprofitable ? { unprofitable } : {}) });

  const owners = findCarrierOwners(allTools, imported, store);
  // The units the author keeps on purpose (an earlier apply), and the marks of the plan being applied.
  const kept = readKeptFile(instructionsDir);
  const decisions = mergeDecisions(kept, options.decisions);
  const planner = { options, instructionsDir, constants: imported, store, relative, owners, keptShared: new Map<string, string>(), decisions, readings: new Map() };
  // A definition found by its shape and registered by a loop in another file is one tool, as `report` counts
  // it: planned where its text is written (the definition), sized as the loop publishes it.
  const twins = findLoopTwins(allTools);
  const registeredByLoop = new Set(twins.values());
  const toPlan = allTools.map((tool, i) => ({ ...tool, family: familyOfTool[i] })).filter((_, i) => !registeredByLoop.has(allTools[i]));
  const planned = planTools(planner, toPlan);
  for (const { file, decl, reason } of planned.skipped) skip(file, decl, reason);
  let plans: ToolPlan[] = planned.plans;
  plans = dropOverlaps(plans, skip);
  plans = dropUntilVerified(plans, analysed, store, imported, analyse, skip);
  const toolNames = new Set(allTools.map(({ decl }) => getStaticValue(decl.name)).filter((name) => name !== undefined));
  // A tool whose moved text would not read the same in its markdown section (a `## heading` of its own,
  // say) is skipped, and the rest checked again: one tool never stops the whole run.
  for (;;) {
    const { lostTools } = buildInstructionFiles(groupByFamily(plans), instructionsDir, toolNames);
    const lost = plans.filter((plan) => lostTools.has(plan.name));
    if (lost.length === 0) break;
    for (const plan of lost) skip(plan.file, plan.decl, 'its moved text would not read the same in markdown (it holds markup such as a heading of its own); move it by hand');
    plans = dropUntilVerified(plans.filter((plan) => !lost.includes(plan)), analysed, store, imported, analyse, skip);
  }
  const toolName = options.instructionsTool ?? DEFAULT_INSTRUCTIONS_TOOL;
  const alreadyServed = analysed.some(({ file }) => SERVES_INSTRUCTIONS.test(store.getOriginal(file)));
  const staticNames = new Set(allTools.map(({ decl }) => getStaticValue(decl.name)));
  let added: SizeTotals | undefined;
  let addedInstructions: SizeTotals | undefined;
  const indexFile = path.join(instructionsDir, 'README.md');
  const hasServer = analysed.some(({ model }) => model.servers.length > 0);
  // MCP tools registered on a server made elsewhere (a wrapper) need the tool too, added by hand.
  const elsewhere = !hasServer && plans.length > 0 && options.wire !== false ? findServerElsewhere(files) : undefined;
  const needsTool = hasServer || elsewhere !== undefined || plans.some((plan) => isMcpServerStyle(plan.decl.framework));
  if (plans.length > 0 && options.wire !== false && needsTool && !alreadyServed && !staticNames.has(toolName)) {
    // The server the wiring picks decides how the tool is published.
    const lowLevel = pickServerToWire(analysed.flatMap(({ model }) => model.servers))?.framework === 'mcp-sdk-low-level';
    // What serving the moved text adds to every request: the tool that reads it and the server instructions.
    const measureAdded = (planned: readonly ToolPlan[]): { tool: SizeTotals | undefined; instructions: SizeTotals } => {
      const familyNames = [...new Set([...planned.map((plan) => plan.family), ...findFamilyFiles(instructionsDir)])].sort();
      const tool = measure(
        buildReadInstructionsTool(toolName, familyNames, zodVersionOf(planned[0].file), getProjectLibraries(planned[0].file).getMcpSdk()?.major, lowLevel ? 'low-level' : 'mcp-server'),
      );
      const index = buildInstructionFiles(groupByFamily(planned), instructionsDir, toolNames).changes.find((change) => change.file === indexFile)?.after;
      return { tool, instructions: measureServerInstructions(index ?? readIndex(indexFile), toolName) };
    };
    // A family that does not pay for its own entry goes first (a small separate step), then the whole.
    if (options.skipUnprofitable !== false) {
      const kept = dropUnprofitableFamilies(plans, measureAdded);
      for (const { plan, reason } of kept.dropped) skip(plan.file, plan.decl, reason, true);
      if (kept.dropped.length > 0) {
        store.resetCurrent();
        plans = dropUntilVerified(kept.plans, analysed, store, imported, analyse, skip);
      }
    }
    const cost = plans.length > 0 ? measureAdded(plans) : undefined;
    added = cost?.tool;
    addedInstructions = cost?.instructions;
    const saved = plans.reduce((sum, plan) => sum + plan.saved, 0);
    const addedBytes = (added?.bytes ?? 0) + (addedInstructions?.bytes ?? 0);
    if (cost && options.skipUnprofitable !== false && saved < addedBytes + MIN_SAVED_BYTES) {
      // Moving this little would not pay for the tool that serves it and the instructions that announce it.
      const reason = `moving ${saved} bytes in all would not pay for what serving them adds to every request (the ${toolName} tool, ${added?.bytes ?? 0} bytes, and the server instructions, ${addedInstructions?.bytes ?? 0} bytes); left as it is`;
      for (const plan of plans) skip(plan.file, plan.decl, reason, true);
      plans = [];
      added = undefined;
      addedInstructions = undefined;
      store.resetCurrent();
    }
  }
  const defaultToolsets = readDefaultToolsets(options.settings);
  const wiring = plans.length > 0 && options.wire !== false ? wireRuntime(analysed, store, analyse, instructionsDir, options.instructionsTool, defaultToolsets) : [];
  if (plans.length > 0 && options.wire !== false && !hasServer && !alreadyServed && needsTool && !wiring.some((w) => w.wired)) {
    // A wrapper's server with the app's own `register` callback: wired in the app, else the lines are printed.
    const viaRegister = elsewhere?.construction === 'McpServer' ? wireRegisterCallback(analysed, store, analyse, instructionsDir, options.instructionsTool, defaultToolsets) : undefined;
    wiring.push(viaRegister ?? buildWiringElsewhere(elsewhere, plans[0].file, instructionsDir, relative, options.instructionsTool, defaultToolsets));
  }

  const sources: FileChange[] = store.findChangedFiles().map((file) => ({ file, before: store.getOriginal(file), after: store.getCurrent(file) }));
  const install = plans.length > 0 && options.wire !== false ? planRuntimeDependency(wiring, plans, instructionsDir) : undefined;
  if (install?.change) sources.push(install.change);
  const families = groupByFamily(plans);
  const { changes: instructions, problems } = buildInstructionFiles(families, instructionsDir, toolNames);
  // A Worker serves the folder from a module of strings: written with the wiring, and again when the folder changes.
  const modules = new Set([...wiring.flatMap((w) => (w.wired && w.instructionsModule ? [w.instructionsModule] : [])), ...(instructions.length > 0 ? files.filter(isInstructionsModule) : [])]);
  for (const moduleFile of modules) {
    const change = buildInstructionsModule(instructionsDir, instructions, moduleFile);
    if (change.after !== change.before) sources.push(change);
  }
  const finalModels = new Map<string, FileModel>();
  const getFinalModel = (file: string) => finalModels.get(file) ?? finalModels.set(file, analyse(file, true)).get(file)!;
  const finalModelOf = (file: string) => {
    try {
      return getFinalModel(file);
    } catch {
      return undefined;
    }
  };
  const twinOf = new Map([...twins].map(([tool, twin]) => [tool.decl, twin]));
  const tools = plans.map((plan) => {
    const change = measureChange(plan, finalModelOf, relative, instructionsDir, measureIn(plan.file));
    const twin = twinOf.get(plan.decl);
    return twin ? { ...change, before: measureIn(twin.file)(twin.decl), after: measureIn(twin.file)(finalModelOf(twin.file)?.tools[twin.index]) } : change;
  });
  const measured = allTools.filter((tool) => !registeredByLoop.has(tool)).map((tool) => twins.get(tool) ?? tool);
  const totals = buildTotals(measured.map(({ file, decl }) => measureIn(file)(decl)), tools, added, plans.length > 0 ? addedInstructions : undefined);
  // Moved text nothing serves yet (no server found, or one slim could not wire) leaves the migration to finish by hand.
  const unserved = plans.length > 0 && options.wire !== false && !alreadyServed && !wiring.some((w) => w.wired);
  const partial = skipped.some((tool) => !tool.unprofitable) || errors.length > 0 || unserved;
  const keptShared = describeKeptShared(planner);
  const unread = findUnreadTools(allTools.filter((tool) => !registeredByLoop.has(tool)), plans, skipped, relative);
  const twinOfDecl = new Map([...twins].map(([tool, twin]) => [tool.decl, twin]));
  const units = buildToolUnits({
    tools: toPlan,
    plans,
    changes: new Map(plans.map((plan, i) => [plan.id, tools[i]])),
    // A tool with nothing to move in what could be read says what was not read.
    skipped: [...skipped, ...unread],
    readings: planner.readings,
    kept,
    instructionsDir,
    relative,
    measure: (file, decl) => ((twin) => (twin ? measureIn(twin.file)(twin.decl) : measureIn(file)(decl)))(twinOfDecl.get(decl)),
  });
  // What the plan depends on: every file read, and the instruction files the run would merge into.
  const read = [...new Set([...store.findReadFiles(), ...sources.map((c) => c.file), ...instructions.map((c) => c.file), path.join(instructionsDir, 'README.md'), path.join(instructionsDir, KEPT_FILE), ...findFamilyFiles(instructionsDir).map((family) => path.join(instructionsDir, `${family}.md`))])].sort();
  return { cwd, instructionsDir, sources, instructions, tools, skipped, unread, keptShared, errors, problems, totals, families, toolNames, wiring, partial, install: install?.info, installs: install ? [install.info] : [], units, read };
}

/** The plans of several server packages as one run (each kept its own folder, families and package.json). */
function mergePlans(plans: readonly SlimPlan[]): SlimPlan {
  const sum = (pick: (totals: SlimPlan['totals']) => { bytes: number; tokens: number } | undefined) =>
    plans.reduce((acc, plan) => ({ bytes: acc.bytes + (pick(plan.totals)?.bytes ?? 0), tokens: acc.tokens + (pick(plan.totals)?.tokens ?? 0) }), { bytes: 0, tokens: 0 });
  const added = plans.some((plan) => plan.totals.added) ? sum((t) => t.added) : undefined;
  const instructions = plans.some((plan) => plan.totals.instructions) ? sum((t) => t.instructions) : undefined;
  const installs = plans.flatMap((plan) => plan.installs ?? []);
  return {
    cwd: plans[0].cwd,
    instructionsDir: plans[0].instructionsDir,
    sources: plans.flatMap((plan) => plan.sources),
    instructions: plans.flatMap((plan) => plan.instructions),
    tools: plans.flatMap((plan) => plan.tools),
    skipped: plans.flatMap((plan) => plan.skipped),
    unread: plans.flatMap((plan) => plan.unread ?? []),
    keptShared: plans.flatMap((plan) => plan.keptShared),
    errors: plans.flatMap((plan) => plan.errors),
    problems: plans.flatMap((plan) => plan.problems),
    totals: {
      tools: plans.reduce((n, plan) => n + plan.totals.tools, 0),
      found: plans.reduce((n, plan) => n + plan.totals.found, 0),
      before: sum((t) => t.before),
      after: sum((t) => t.after),
      ...(added ? { added } : {}),
      ...(instructions ? { instructions } : {}),
    },
    families: plans.flatMap((plan) => plan.families),
    toolNames: new Set(plans.flatMap((plan) => [...plan.toolNames])),
    wiring: plans.flatMap((plan) => plan.wiring),
    partial: plans.some((plan) => plan.partial),
    install: installs.find((install) => install.added) ?? installs[0],
    installs,
    units: plans.flatMap((plan) => plan.units ?? []),
    read: [...new Set(plans.flatMap((plan) => plan.read ?? []))].sort(),
  };
}

/** A file's text through the store, or undefined when there is no such file (the resolver tries several names). */
function readIfFile(file: string, read: (file: string) => string): string | undefined {
  try {
    return read(file);
  } catch {
    return undefined;
  }
}

/** True when the plan would change something. */
export function hasChanges(plan: SlimPlan): boolean {
  return plan.sources.length > 0 || plan.instructions.length > 0;
}

/**
 * The tools neither slimmed nor skipped whose text was not read in full: their parameters' schema or a
 * parameter's description is built at run time, so "nothing to move" is only about what could be read.
 */
function findUnreadTools(
  tools: ReadonlyArray<{ file: string; decl: ToolDecl }>,
  plans: readonly ToolPlan[],
  skipped: readonly SkippedTool[],
  relative: (file: string) => string,
): SkippedTool[] {
  const planned = new Set(plans.map((plan) => plan.decl));
  const left = new Set(skipped.map((tool) => `${tool.file}:${tool.line}`));
  const unread: SkippedTool[] = [];
  for (const { file, decl } of tools) {
    if (planned.has(decl) || left.has(`${relative(file)}:${decl.line}`)) continue;
    const reason = describeUnread(decl);
    if (reason) unread.push({ name: getStaticValue(decl.name), file: relative(file), line: decl.line, reason });
  }
  return unread;
}

function describeUnread(decl: ToolDecl): string | undefined {
  if (decl.inputSchema.kind === 'dynamic') return `its parameters were not read: the input schema is built at run time (${decl.inputSchema.reason})`;
  const dynamic = decl.params.filter((param) => param.description?.kind === 'dynamic').map((param) => param.path.join('.'));
  if (dynamic.length === 1) return `the description of its parameter ${dynamic[0]} is built at run time, so it was not read`;
  if (dynamic.length > 1) return `the descriptions of its parameters ${dynamic.join(', ')} are built at run time, so they were not read`;
  if (decl.description?.kind === 'dynamic') return `its description is built at run time and was not read (${decl.description.reason})`;
  return undefined;
}

function readIndex(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * A family whose moved text saves less than what it adds to every request (its entry in the
 * `read_instructions` enum and in the server instructions) is left as it is, and the summary says so.
 * Measured as the difference with and without the family, so the shared part is never charged twice.
 */
function dropUnprofitableFamilies(
  plans: readonly ToolPlan[],
  measureAdded: (planned: readonly ToolPlan[]) => { tool: SizeTotals | undefined; instructions: SizeTotals },
): { plans: ToolPlan[]; dropped: Array<{ plan: ToolPlan; reason: string }> } {
  const families = [...new Set(plans.map((plan) => plan.family))];
  if (families.length < 2) return { plans: [...plans], dropped: [] };
  const bytesOf = (planned: readonly ToolPlan[]) => {
    const cost = measureAdded(planned);
    return (cost.tool?.bytes ?? 0) + cost.instructions.bytes;
  };
  const all = bytesOf(plans);
  const dropped: Array<{ plan: ToolPlan; reason: string }> = [];
  for (const family of families) {
    const own = plans.filter((plan) => plan.family === family);
    const saved = own.reduce((sum, plan) => sum + plan.saved, 0);
    const marginal = all - bytesOf(plans.filter((plan) => plan.family !== family));
    if (saved >= marginal + MIN_SAVED_BYTES) continue;
    const reason = `moving ${saved} bytes from the ${family} family would not pay for its entry in the instructions tool and the server instructions (${marginal} bytes); left as it is`;
    for (const plan of own) dropped.push({ plan, reason });
  }
  return { plans: plans.filter((plan) => !dropped.some((entry) => entry.plan === plan)), dropped };
}
