/**
 * The `report --json` / `measure --json` object (DESIGN.md, "Machine-readable outputs"), built from
 * source files or from what a running server listed. Both paths measure with `measureTool`, so a static
 * estimate and a runtime measurement are computed the same way and can be compared tool by tool.
 */
import path from 'node:path';
import { isTestPath } from './test-files.js';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createProgramCache, type ProgramCache } from './ast.js';
import { findTools } from './find-tools/index.js';
import { explainLauncher, explainServerPackageCall, getPackageName, SERVER_LIBRARIES } from './find-tools/elsewhere.js';
import { createPackageBinLookup } from './package-bins.js';
import { Scope } from './text/scope.js';
import { estimateDeferral, measureApiToolArray } from './api-requests/deferral.js';
import { findApiToolArrays } from './api-requests/find-requests.js';
import { createFileConstantResolver } from './text/file-resolver.js';
import { createModuleResolver } from './resolve/modules.js';
import { createMcpSdkExecutionLookup, createZodVersionLookup, findInstalledPackage, getProjectLibraries } from './installed-libraries.js';
import { assignFamilies, getRegisteringServerName } from './families.js';
import { FRAMEWORKS } from './frameworks.js';
import { measureTool } from './measure.js';
import type { ApiToolArray } from './api-requests/find-requests.js';
import type { ConstantResolver, FileModel, Framework, ListedAddition, PublishedTool, ToolDecl, ToolMeasure, ToolslimSettings } from './model.js';
import { isSchemaFromZod } from './schema/index.js';
import { applyDefinitionLoops } from './schema/value/definition-loops.js';
import type { ValueContext } from './schema/static-value.js';
import { createReachabilityChecker } from './reachability.js';
import { createEntryFiles } from './entry-files.js';
import { buildPublishedTool, getPublisherName, hasOwnStandardSchemaConversion, type PublishedToolOptions, type PublisherName, type UnreadableField } from './published.js';

/** One row of `toolslim report --json` / `measure --json`. */
export interface ReportTool {
  name: string;
  file?: string;
  line?: number;
  framework?: string;
  family: string;
  dynamic: boolean;
  bytes: number;
  tokens: number;
  nameBytes: number;
  descriptionBytes: number;
  schemaBytes: number;
  /** Bytes of the output schema, counted on its own (only when the tool publishes one). */
  outputSchemaBytes?: number;
  /**
   * Only on a tool that is not fully readable: each field that is unknown or partly known, and why.
   * Its bytes are then a lower bound (the static parts; an input schema as far as it can be read, else `{}`).
   */
  unreadable?: UnreadableField[];
  /** How the tool was published (a `PUBLISHERS` entry) and with which installed libraries (`name@version`). */
  publishedWith?: { publisher: PublisherName; libraries: string[] };
  /** Only on a tool registered under a run-time condition (a branch, an early return, a wrapper that may drop it): why. */
  conditional?: string;
}

/** A sink whose tools could not be read (`FileModel.unread`): what `report` does not count, and why. */
export interface ReportUnread {
  file: string;
  line: number;
  /** The sink as written: `.registerTool()`, `setRequestHandler(ListTools)`, `server`. */
  sink: string;
  reason: string;
}

/** A miss as `report` gathers it: whether it registers definitions from a collection, under names of their own. */
interface CollectedUnread extends ReportUnread {
  readonly fromCollection: boolean;
  readonly renamed: boolean;
  /** A list handler over a registry filled at run time: named even when definitions were found by their shape. */
  readonly registry?: boolean;
  /** A server built by an installed package, which lists the tools it builds itself. */
  readonly builtByPackage?: boolean;
}

/** One model-API request's tool array (`tools` of an Anthropic or OpenAI request call) and what it loads per request. */
export interface ReportRequest {
  file: string;
  line: number;
  vendor: 'anthropic' | 'openai';
  tools: number;
  /** Tokens of the definitions loaded as the array is written (deferred tools left out). */
  loadedTokens: number;
  /** Tokens of every definition. */
  allTokens: number;
  /** Anthropic only: tokens loaded with every tool deferred behind the tool search tool. */
  withDeferralTokens?: number;
  deferred?: number;
  /** Why the array could not be fully read; its numbers are then a lower bound. */
  unreadable?: string;
}

export interface ReportJson {
  tools: ReportTool[];
  totals: { tools: number; bytes: number; tokens: number };
  errors: Array<{ file: string; message: string }>;
  /** Sinks whose tools could not be read; absent from a runtime report. */
  unread?: ReportUnread[];
  /** Only when some file sends tools to a model API. */
  requests?: ReportRequest[];
}

export interface SourceFile {
  readonly filePath: string;
  readonly code: string;
}

/** A tool found in source, before families are known (they depend on every other tool's name). */
interface FoundTool {
  readonly name: string;
  readonly filePath: string;
  readonly line: number;
  readonly framework: Framework;
  readonly loop: boolean;
  readonly condition: string | undefined;
  readonly dynamic: boolean;
  readonly unreadable: readonly UnreadableField[];
  readonly measure: ToolMeasure;
  readonly publishedWith: { publisher: PublisherName; libraries: string[] };
  /** The static name of the server that registers it: its family when no prefix makes one. */
  readonly serverName: string | undefined;
  /** Its description as published: a prefix its tools' descriptions open with as their verb is no family. */
  readonly description: string | undefined;
  /** The tool object measured (its readable parts when `dynamic`). */
  readonly published: PublishedTool | undefined;
}

/** Stands in for a name that cannot be read statically; never a valid MCP tool name, so it cannot collide. */
const UNREADABLE_NAME = '(dynamic name)';

/** Static report over source files (paths relative to `cwd` in the output). */
export function buildReport(
  files: readonly SourceFile[],
  options: {
    readonly cwd: string;
    readonly settings?: ToolslimSettings;
    readonly resolveConstant?: ConstantResolver;
    /** Called after each file is read (a terminal shows progress). */
    readonly onProgress?: (done: number, total: number) => void;
    /**
     * The run's parsed programs (`createProgramCache`). Every file is parsed once for the report, the
     * modules it imports and its exports; pass the same cache on to readings after it (the CLI's
     * client facts, the planner's estimate) and they parse nothing again.
     */
    readonly programs?: ProgramCache;
  },
): ReportJson {
  const found: FoundTool[] = [];
  const runServerNames: string[] = [];
  // Constants imported from other files are read from the files given (in memory) or from disk.
  const given = new Map(files.map((file) => [path.resolve(file.filePath), file.code]));
  // Schemas, definitions, helpers and constants imported from other files are followed through one resolver.
  const programs = options.programs ?? createProgramCache();
  const resolveModule = createModuleResolver({ readFile: (path) => given.get(path) ?? readIfFile(path), programs });
  const resolveConstant = options.resolveConstant ?? createFileConstantResolver({ modules: resolveModule });
  // Without a zodVersion setting, `'zod'` means whatever major is installed next to each file.
  const getZodVersion = options.settings?.zodVersion === undefined ? createZodVersionLookup() : () => undefined;
  const getMcpSdkExecution = createMcpSdkExecutionLookup();
  // Tool-shaped objects that are only exported and used nowhere are not tools of any server.
  const reachability = createReachabilityChecker({ readFile: (path) => given.get(path) ?? readIfFile(path), files: [...given.keys()], programs });
  // A file that none of its package's entry points reaches (a second server, demo data, a test) publishes nothing.
  const entryFiles = createEntryFiles(given);
  // A bin that only launches another program is the server: its tools are that program's.
  const packages = createPackageBinLookup();
  // A server built by a package whose files are read with the project (a monorepo's own toolkit) is read there.
  const readPackages = new Set(files.flatMap((file) => packages.getPackageName(file.filePath) ?? []));
  const launchers: Array<{ readonly packageDir: string; readonly miss: CollectedUnread }> = [];
  const errors: ReportJson['errors'] = [];
  const unread: CollectedUnread[] = [];
  const listed: Array<ListedAddition & { readonly file: string }> = [];
  const throughs: Array<{ readonly filePath: string; readonly line: number }> = [];
  const requests: ReportRequest[] = [];
  let serversBuilt = 0;
  for (const [index, file] of files.entries()) {
    options.onProgress?.(index, files.length);
    const relative = toReportPath(file.filePath, options.cwd);
    if (entryFiles.isNeverRun(file.filePath)) continue;
    let decls: readonly ToolDecl[];
    let servers: FileModel['servers'];
    let valueContext: ValueContext;
    try {
      const zodVersion = getZodVersion(path.resolve(file.filePath));
      const settings = zodVersion ? { ...options.settings, zodVersion } : options.settings;
      const filePath = path.resolve(file.filePath);
      const program = programs.get(file.code, filePath);
      const model = findTools(program, { filePath, settings, resolveConstant, resolveModule });
      decls = model.tools;
      servers = model.servers;
      for (const addition of model.listed ?? []) listed.push({ ...addition, file: relative });
      for (const decl of model.tools) if (decl.through) throughs.push(decl.through);
      for (const server of servers) if (server.name?.kind === 'static') runServerNames.push(server.name.value);
      serversBuilt += servers.length;
      const binOf = model.tools.length === 0 && model.unread.length === 0 ? packages.getBinPackage(filePath) : undefined;
      const launcher = binOf === undefined ? undefined : (explainLauncher(program, Scope.of(program)) ?? explainServerPackageCall(program, Scope.of(program), (source) => !readPackages.has(getPackageName(source)) && dependsOnServerLibrary(filePath, source)));
      if (launcher && binOf) launchers.push({ packageDir: binOf, miss: { file: relative, line: launcher.line, sink: launcher.sink, reason: launcher.reason, fromCollection: false, renamed: false } });
      for (const miss of model.unread) {
        if (miss.fromPackage !== undefined && readPackages.has(miss.fromPackage)) continue;
        unread.push({ file: relative, line: miss.line, sink: miss.sink, reason: miss.reason, fromCollection: miss.fromCollection === true, renamed: miss.renamed === true, registry: miss.registry === true, builtByPackage: miss.fromPackage !== undefined });
      }
      // Only a file that imports a model SDK is searched further (its top-level imports are read first).
      const context = { program, filePath, zodVersion: settings?.zodVersion ?? 4, resolveConstant, resolveModule };
      valueContext = context;
      for (const array of findApiToolArrays(program, context)) requests.push(buildReportRequest(array, relative));
    } catch (error) {
      // A file that does not parse is reported and skipped; every other file is still measured.
      errors.push({ file: relative, message: getErrorMessage(error) });
      continue;
    }
    const mcpSdkExecution = getMcpSdkExecution(path.resolve(file.filePath), file.code);
    const mcpSdkMajor = getProjectLibraries(path.resolve(file.filePath)).getMcpSdk()?.major;
    const mastraMcpServer = /\bMCPServer\b/.test(file.code) && /['"]@mastra\/mcp['"]/.test(file.code);
    const zodFilePath = /from\s+['"]zod(?:\/v[34])?['"]|require\(['"]zod['"]\)/.test(file.code) ? path.resolve(file.filePath) : undefined;
    const ownStandardSchemaConversion = hasOwnStandardSchemaConversion(file.code);
    // In a program whose every file was read, a function it exports and never calls registers nothing unless called from outside.
    const closed = entryFiles.isClosedProgram(file.filePath);
    // A file its package's entries reach only through a computed load: each of its tools is conditional.
    const loadedOnly = entryFiles.findComputedLoadOnly(file.filePath);
    for (const decl of decls) {
      if (reachability.isUnreached(decl, file.filePath, file.code)) continue;
      const uncalled = closed ? reachability.findUncalledExport(decl, file.filePath, file.code) : undefined;
      const mayRun = (other: string) => entryFiles.mayRun(other);
      const reason =
        uncalled === undefined
          ? (reachability.findBranchOnlyUse(decl, file.filePath, file.code, mayRun) ??
            (decl.condition ? undefined : (reachability.findDroppingWrapperUse(decl, file.filePath, file.code, mayRun) ?? reachability.findModeOnlyConstruction(decl, file.filePath, file.code, mayRun))))
          : `registered only when ${uncalled}() is called; the program exports it and none of its files calls it`;
      const reasons = [decl.condition?.reason, reason, loadedOnly].filter((part): part is string => part !== undefined);
      const read = reason === undefined && loadedOnly === undefined ? decl : { ...decl, condition: { reason: reasons.join('; ') } };
      const tool = measureDecl(read, file.filePath, { mcpSdkExecution, mcpSdkMajor, zodFilePath, mastraMcpServer, ownStandardSchemaConversion }, valueContext, getRegisteringServerName(decl, servers));
      found.push(tool);
      // No silent miss: a tool whose name cannot be read is measured, but the name it lists is unknown (whichever style
      // declared it: a definition found by its shape and handed to a project's own server class is listed too).
      const unnamed = tool.unreadable.find((u) => u.field === 'name');
      if (unnamed) unread.push({ file: relative, line: decl.line, sink: describeSink(decl), reason: describeUnreadName(tool.name, unnamed.reason), fromCollection: false, renamed: false });
    }
  }
  options.onProgress?.(files.length, files.length);
  // A launcher whose package declares tools in JavaScript starts that JavaScript (`node dist/index.js`).
  for (const { packageDir, miss } of launchers) {
    if (!found.some((tool) => isInside(tool.filePath, packageDir))) unread.push(miss);
  }
  dropLoopDefinitions(found);
  addListedFields(found, listed);
  // A registration in a helper, read at the helper's calls in other files, is read.
  const readThrough = new Set(throughs.map((at) => `${toReportPath(at.filePath, options.cwd)}:${at.line}`));
  if (readThrough.size > 0) unread.splice(0, unread.length, ...unread.filter((miss) => !readThrough.has(`${miss.file}:${miss.line}`)));
  markUnregisteredDefinitions(found, unread, serversBuilt === 0);
  const families = assignFamilies(
    found.map((tool) => ({ name: tool.name === UNREADABLE_NAME ? undefined : tool.name, filePath: path.resolve(tool.filePath), serverName: tool.serverName, description: tool.description })),
    options.settings?.families,
    runServerNames,
  );
  const tools = found.map((tool, index): ReportTool => ({
    name: tool.name,
    file: toReportPath(tool.filePath, options.cwd),
    line: tool.line,
    framework: tool.framework,
    family: families[index],
    dynamic: tool.dynamic,
    ...tool.measure,
    ...(tool.dynamic ? { unreadable: tool.unreadable.map((u) => ({ ...u })) } : {}),
    publishedWith: tool.publishedWith,
    ...(tool.condition === undefined ? {} : { conditional: tool.condition }),
  }));
  // A loop or list over definitions found elsewhere by their shape is read through those definitions.
  // Definitions in test files (a test's fixtures) read nothing of what the server lists.
  const definitionsFound = found.some((tool) => FRAMEWORKS[tool.framework].declaredAsObject && !isTestPath(toReportPath(tool.filePath, options.cwd)));
  const misses = unread.filter((miss) => !(miss.fromCollection && !miss.renamed && !miss.registry && definitionsFound)).map(({ fromCollection: _, renamed: __, registry: ___, builtByPackage: ____, ...miss }) => miss);
  return { tools: sortHeaviestFirst(tools), totals: sumTotals(tools), errors, unread: misses, ...(requests.length > 0 ? { requests } : {}) };
}

function buildReportRequest(array: ApiToolArray, file: string): ReportRequest {
  const measured = measureApiToolArray(array);
  const estimate = estimateDeferral(array, measured);
  return {
    file,
    line: array.call.loc.start.line,
    vendor: array.vendor,
    tools: array.entries.length,
    loadedTokens: measured.loadedTokens,
    allTokens: measured.allTokens,
    ...(estimate ? { withDeferralTokens: estimate.withDeferralTokens, deferred: estimate.deferredCount } : {}),
    ...(array.unreadable === undefined ? {} : { unreadable: array.unreadable }),
  };
}

/**
 * The same report over what a running server listed (no `file`, `line` or `framework`). A runtime tool has
 * no declaring file: its family is an override or its shared name prefix, else the server's name, else the
 * name of the package in `cwd`, as `slim --server` files it.
 */
export function buildRuntimeReport(tools: readonly PublishedTool[], settings?: ToolslimSettings, server: { readonly name?: string; readonly cwd?: string } = {}): ReportJson {
  const filePath = path.join(path.resolve(server.cwd ?? '.'), 'package.json');
  const families = assignFamilies(
    tools.map((tool) => ({ name: tool.name, filePath, serverName: server.name, description: tool.description })),
    settings?.families,
  );
  const rows = tools.map((tool, index): ReportTool => ({
    name: tool.name,
    family: families[index],
    dynamic: false,
    ...measureTool(tool),
  }));
  return { tools: sortHeaviestFirst(rows), totals: sumTotals(rows), errors: [] };
}

function measureDecl(decl: ToolDecl, filePath: string, publishOptions: PublishedToolOptions, context: ValueContext, serverName: string | undefined): FoundTool {
  const published = buildPublishedTool(decl, publishOptions);
  // A definition declared as an object may be changed by a top-level loop over its list before anything is listed.
  const tool = published.tool && FRAMEWORKS[decl.framework].declaredAsObject ? applyDefinitionLoops(decl.node, published.tool, context) : published.tool;
  const bounded = tool ?? published.lowerBound;
  const name = bounded?.name ?? getReadableName(decl);
  return {
    name,
    filePath,
    line: decl.line,
    framework: decl.framework,
    loop: decl.loop === true,
    condition: decl.condition?.reason,
    // A tool whose published object cannot be built at all (name or schema unknown) is the most dynamic of all.
    dynamic: published.dynamic || published.tool === undefined,
    unreadable: published.unreadable,
    // A tool whose schema cannot be read is measured with its readable parts (a lower bound).
    measure: bounded ? measureTool(bounded) : { bytes: 0, tokens: 0, nameBytes: 0, descriptionBytes: 0, schemaBytes: 0 },
    publishedWith: describePublisher(decl, filePath, publishOptions),
    serverName,
    description: bounded?.description,
    published: bounded,
  };
}

const PUBLISHED_FIELDS: ReadonlySet<string> = new Set(['title', 'description', 'inputSchema', 'outputSchema', 'annotations', '_meta']);

/**
 * A definition found by its shape in one file and listed by another with fields added
 * (`{ ...t.definition, annotations: HINTS[t.definition.name] }`): published with those fields. A field
 * whose value is known only at run time leaves the tool partly readable, never silently smaller.
 */
function addListedFields(found: FoundTool[], listed: ReadonlyArray<ListedAddition & { readonly file: string }>): void {
  if (listed.length === 0) return;
  const byName = new Map<string, ListedAddition & { readonly file: string }>();
  // A name listed twice with different fields is not one addition: it is read as unknown.
  const conflicting = new Set<string>();
  for (const addition of listed) {
    const before = byName.get(addition.name);
    if (before && JSON.stringify(before.fields) !== JSON.stringify(addition.fields)) conflicting.add(addition.name);
    byName.set(addition.name, addition);
  }
  found.forEach((tool, index) => {
    const addition = byName.get(tool.name);
    if (!addition || tool.loop || !FRAMEWORKS[tool.framework].declaredAsObject || !tool.published) return;
    const where = `${addition.file}:${addition.line}`;
    const unknown = Object.keys(addition.fields).filter((key) => conflicting.has(tool.name) || addition.fields[key] === undefined);
    const known = Object.fromEntries(Object.entries(addition.fields).filter(([key, value]) => value !== undefined && !unknown.includes(key)));
    const published = { ...tool.published, ...known } as PublishedTool;
    const unreadable: UnreadableField[] = unknown.map((key) => ({
      field: (PUBLISHED_FIELDS.has(key) ? key : '_meta') as UnreadableField['field'],
      reason: `\`${key}\` is added to the definition by the list at ${where}, with a value known only at run time`,
    }));
    found[index] = {
      ...tool,
      published,
      measure: measureTool(published),
      dynamic: tool.dynamic || unreadable.length > 0,
      unreadable: [...tool.unreadable, ...unreadable],
    };
  });
}

/**
 * A definition found by its shape in one file and registered by a loop in another is one tool: the loop's
 * reading is what the server publishes (its wrapper, its appended text), so the shape-found one goes.
 */
function dropLoopDefinitions(found: FoundTool[]): void {
  const looped = new Set(found.filter((tool) => tool.loop).map((tool) => tool.name));
  if (looped.size === 0) return;
  const kept = found.filter((tool) => tool.loop || !FRAMEWORKS[tool.framework].declaredAsObject || !FRAMEWORKS[tool.framework].projectWrapper || !looped.has(tool.name));
  found.splice(0, found.length, ...kept);
}

/**
 * A project that registers its definitions in loops (`for (const d of selected) server.tool(d.name, …)`)
 * registers those the loops select. A definition found by its shape alone that no loop was read to
 * register may be one the selection leaves out: it is kept, marked conditional, never counted as certain.
 */
function markUnregisteredDefinitions(
  found: FoundTool[],
  unread: ReadonlyArray<{ readonly fromCollection: boolean; readonly renamed: boolean; readonly builtByPackage?: boolean; readonly file: string; readonly line: number }>,
  noServerBuilt: boolean,
): void {
  const loop = found.find((tool) => tool.loop);
  const untraced = unread.find((miss) => miss.fromCollection);
  // A loop that lists its definitions under names of its own making (`t.id`): no definition found by its shape
  // is known to be listed under the name it is read by.
  const renamed = unread.find((miss) => miss.fromCollection && miss.renamed);
  // The only server is an installed package's: no definition of the project's files is known to be listed.
  const packaged = noServerBuilt ? unread.find((miss) => miss.builtByPackage === true) : undefined;
  if (!loop && !untraced && !packaged) return;
  const where = renamed ? `${renamed.file}:${renamed.line}` : untraced ? `${untraced.file}:${untraced.line}` : loop ? `${path.basename(loop.filePath)}:${loop.line}` : `${packaged!.file}:${packaged!.line}`;
  const reason = renamed
    ? `a definition found by its shape that no registration toolslim read lists; this project registers its definitions through a loop (${where}) that lists them under names of its own making, not the one written here`
    : untraced || loop
      ? `a definition found by its shape that no registration toolslim read lists; this project registers its definitions through a loop or list handler (${where}) that may leave it out`
      : `a definition found by its shape that no registration toolslim read lists; this project's server is built by an installed package (${where}), which lists the tools it builds and may add or leave out this one`;
  found.forEach((tool, index) => {
    const isShape = FRAMEWORKS[tool.framework].declaredAsObject && (renamed !== undefined || FRAMEWORKS[tool.framework].projectWrapper || (packaged !== undefined && !untraced && !loop));
    if (isShape && !tool.loop && tool.condition === undefined) found[index] = { ...tool, condition: reason };
  });
}

function describePublisher(decl: ToolDecl, filePath: string, options: PublishedToolOptions): FoundTool['publishedWith'] {
  const publisher = getPublisherName(decl, options);
  const kind = publisher === 'mcp-sdk' || publisher === 'mcp-sdk-v2' || publisher === 'fastmcp' ? publisher : 'other';
  // A JSON Schema literal is published as written: no library converted it.
  const converted = isSchemaFromZod(decl.inputSchema) || isSchemaFromZod(decl.outputSchema);
  return { publisher, libraries: converted ? getProjectLibraries(path.resolve(filePath)).describe(kind) : [] };
}

/** The call a declaration is made with (`registerTool()`), or its framework's name for one written as an object. */
function describeSink(decl: ToolDecl): string {
  const node = decl.node;
  if (node.type !== 'CallExpression') return decl.framework;
  const callee = node.callee.type === 'MemberExpression' && !node.callee.computed && node.callee.property.type === 'Identifier' ? `.${node.callee.property.name}` : node.callee.type === 'Identifier' ? node.callee.name : 'call';
  return `${callee}()`;
}

function describeUnreadName(name: string, reason: string): string {
  const known = name === UNREADABLE_NAME ? '' : `; it is measured with the name's static parts, ${JSON.stringify(name)}, which is not the name it lists`;
  return `the tool's name cannot be read: ${reason}${known}`;
}

function getReadableName(decl: ToolDecl): string {
  if (decl.name?.kind === 'static') return decl.name.value;
  return UNREADABLE_NAME;
}

function sortHeaviestFirst(tools: ReportTool[]): ReportTool[] {
  return [...tools].sort(
    (a, b) => b.bytes - a.bytes || compareText(a.name, b.name) || compareText(a.file ?? '', b.file ?? '') || (a.line ?? 0) - (b.line ?? 0),
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sumTotals(tools: readonly ReportTool[]): ReportJson['totals'] {
  let bytes = 0;
  let tokens = 0;
  for (const tool of tools) {
    bytes += tool.bytes;
    tokens += tool.tokens;
  }
  return { tools: tools.length, bytes, tokens };
}

/** Paths in the report are relative to the current directory, with `/` on every platform. */
function toReportPath(filePath: string, cwd: string): string {
  return path.relative(cwd, path.resolve(cwd, filePath)).split(path.sep).join('/');
}

/** The parser's message with where it happened (typescript-estree's columns are 0-based). */
function getErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { lineNumber, column } = error as { lineNumber?: unknown; column?: unknown };
  if (typeof lineNumber === 'number' && typeof column === 'number') return `${error.message} (line ${lineNumber}, column ${column + 1})`;
  return error.message;
}

function isInside(filePath: string, dir: string): boolean {
  const relative = path.relative(dir, path.resolve(filePath));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The installed package `source` names (as Node finds it from the file) lists an MCP server library among its dependencies. */
function dependsOnServerLibrary(filePath: string, source: string): boolean {
  const dir = findInstalledPackage(path.dirname(filePath), getPackageName(source));
  const manifest = dir === undefined ? undefined : readIfFile(path.join(dir, 'package.json'));
  try {
    const json: { dependencies?: object; peerDependencies?: object } = JSON.parse(manifest ?? '{}');
    return Object.keys({ ...json.dependencies, ...json.peerDependencies }).some((name) => SERVER_LIBRARIES.has(name));
  } catch {
    return false;
  }
}

function readIfFile(path: string): string | undefined {
  try {
    return existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}
