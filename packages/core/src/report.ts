/**
 * The `report --json` / `measure --json` object (DESIGN.md, "Machine-readable outputs"), built from
 * source files or from what a running server listed. Both paths measure with `measureTool`, so a static
 * estimate and a runtime measurement are computed the same way and can be compared tool by tool.
 */
import path from 'node:path';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { parseSource } from './ast.js';
import { findTools } from './find-tools/index.js';
import { estimateDeferral } from './api-requests/deferral.js';
import { findApiToolArrays } from './api-requests/find-requests.js';
import { createFileConstantResolver } from './text/file-resolver.js';
import { createModuleResolver } from './resolve/modules.js';
import { createMcpSdkExecutionLookup, createZodVersionLookup, getProjectLibraries } from './installed-libraries.js';
import { assignFamilies } from './families.js';
import { countTokens, measureTool } from './measure.js';
import type { ApiToolArray } from './api-requests/find-requests.js';
import type { ConstantResolver, Framework, PublishedTool, ToolDecl, ToolMeasure, ToolslimSettings } from './model.js';
import { isSchemaFromZod } from './schema/index.js';
import { createReachabilityChecker } from './reachability.js';
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
   * Its bytes are then a lower bound (the static parts; an unreadable input schema counts as `{}`).
   */
  unreadable?: UnreadableField[];
  /** How the tool was published (a `PUBLISHERS` entry) and with which installed libraries (`name@version`). */
  publishedWith?: { publisher: PublisherName; libraries: string[] };
  /** Only on a tool registered under a run-time condition (a branch, an early return, a wrapper that may drop it): why. */
  conditional?: string;
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
}

/** Stands in for a name that cannot be read statically; never a valid MCP tool name, so it cannot collide. */
const UNREADABLE_NAME = '(dynamic name)';

/** Static report over source files (paths relative to `cwd` in the output). */
export function buildReport(
  files: readonly SourceFile[],
  options: { readonly cwd: string; readonly settings?: ToolslimSettings; readonly resolveConstant?: ConstantResolver },
): ReportJson {
  const found: FoundTool[] = [];
  // Constants imported from other files are read from the files given (in memory) or from disk.
  const given = new Map(files.map((file) => [path.resolve(file.filePath), file.code]));
  // Schemas, definitions, helpers and constants imported from other files are followed through one resolver.
  const resolveModule = createModuleResolver({ readFile: (path) => given.get(path) ?? readIfFile(path) });
  const resolveConstant = options.resolveConstant ?? createFileConstantResolver({ modules: resolveModule });
  // Without a zodVersion setting, `'zod'` means whatever major is installed next to each file.
  const getZodVersion = options.settings?.zodVersion === undefined ? createZodVersionLookup() : () => undefined;
  const getMcpSdkExecution = createMcpSdkExecutionLookup();
  // Tool-shaped objects that are only exported and used nowhere are not tools of any server.
  const reachability = createReachabilityChecker({ readFile: (path) => given.get(path) ?? readIfFile(path), files: [...given.keys()] });
  const errors: ReportJson['errors'] = [];
  const requests: ReportRequest[] = [];
  for (const file of files) {
    const relative = toReportPath(file.filePath, options.cwd);
    let decls: readonly ToolDecl[];
    try {
      const zodVersion = getZodVersion(path.resolve(file.filePath));
      const settings = zodVersion ? { ...options.settings, zodVersion } : options.settings;
      const program = parseSource(file.code, path.resolve(file.filePath));
      decls = findTools(program, { filePath: path.resolve(file.filePath), settings, resolveConstant, resolveModule }).tools;
      if (MODEL_SDK_IMPORT.test(file.code)) {
        const context = { program, filePath: path.resolve(file.filePath), zodVersion: settings?.zodVersion ?? 4, resolveConstant, resolveModule };
        for (const array of findApiToolArrays(program, context)) requests.push(buildReportRequest(array, relative));
      }
    } catch (error) {
      // A file that does not parse is reported and skipped; every other file is still measured.
      errors.push({ file: relative, message: getErrorMessage(error) });
      continue;
    }
    const mcpSdkExecution = getMcpSdkExecution(path.resolve(file.filePath));
    const mcpSdkMajor = getProjectLibraries(path.resolve(file.filePath)).getMcpSdk()?.major;
    const mastraMcpServer = /\bMCPServer\b/.test(file.code) && /['"]@mastra\/mcp['"]/.test(file.code);
    const zodFilePath = /from\s+['"]zod(?:\/v[34])?['"]|require\(['"]zod['"]\)/.test(file.code) ? path.resolve(file.filePath) : undefined;
    const ownStandardSchemaConversion = hasOwnStandardSchemaConversion(file.code);
    for (const decl of decls) {
      if (!reachability.isUnreached(decl, file.filePath, file.code)) found.push(measureDecl(decl, file.filePath, { mcpSdkExecution, mcpSdkMajor, zodFilePath, mastraMcpServer, ownStandardSchemaConversion }));
    }
  }
  dropLoopDefinitions(found);
  const families = assignFamilies(
    found.map((tool) => ({ name: tool.name === UNREADABLE_NAME ? undefined : tool.name, filePath: tool.filePath })),
    options.settings?.families,
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
  return { tools: sortHeaviestFirst(tools), totals: sumTotals(tools), errors, ...(requests.length > 0 ? { requests } : {}) };
}

/** Files that import a model SDK; only those are searched for request calls. */
const MODEL_SDK_IMPORT = /['"](?:@anthropic-ai\/[a-z-]+|openai)(?:\/[^'"]*)?['"]/;

function buildReportRequest(array: ApiToolArray, file: string): ReportRequest {
  const tokens = array.entries.map((entry) => countTokens(JSON.stringify(entry.value)));
  const loaded = array.entries.map((entry, index) => (entry.value.defer_loading === true ? 0 : tokens[index]));
  const estimate = estimateDeferral(array);
  return {
    file,
    line: array.call.loc.start.line,
    vendor: array.vendor,
    tools: array.entries.length,
    loadedTokens: loaded.reduce((a, b) => a + b, 0),
    allTokens: tokens.reduce((a, b) => a + b, 0),
    ...(estimate ? { withDeferralTokens: estimate.withDeferralTokens, deferred: estimate.deferredCount } : {}),
    ...(array.unreadable === undefined ? {} : { unreadable: array.unreadable }),
  };
}

/** The same report over what a running server listed (no `file`, `line` or `framework`). */
export function buildRuntimeReport(tools: readonly PublishedTool[], settings?: ToolslimSettings): ReportJson {
  // A runtime tool has no declaring file: its family is its shared name prefix or an override, else "server".
  const families = assignFamilies(
    tools.map((tool) => ({ name: tool.name, filePath: 'server' })),
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

function measureDecl(decl: ToolDecl, filePath: string, publishOptions: PublishedToolOptions): FoundTool {
  const published = buildPublishedTool(decl, publishOptions);
  const bounded = published.tool ?? published.lowerBound;
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
  };
}

/**
 * A definition found by its shape in one file and registered by a loop in another is one tool: the loop's
 * reading is what the server publishes (its wrapper, its appended text), so the shape-found one goes.
 */
function dropLoopDefinitions(found: FoundTool[]): void {
  const looped = new Set(found.filter((tool) => tool.loop).map((tool) => tool.name));
  if (looped.size === 0) return;
  const kept = found.filter((tool) => tool.loop || tool.framework !== 'shape' || !looped.has(tool.name));
  found.splice(0, found.length, ...kept);
}

function describePublisher(decl: ToolDecl, filePath: string, options: PublishedToolOptions): FoundTool['publishedWith'] {
  const publisher = getPublisherName(decl, options);
  const kind = publisher === 'mcp-sdk' || publisher === 'mcp-sdk-v2' || publisher === 'fastmcp' ? publisher : 'other';
  // A JSON Schema literal is published as written: no library converted it.
  const converted = isSchemaFromZod(decl.inputSchema) || isSchemaFromZod(decl.outputSchema);
  return { publisher, libraries: converted ? getProjectLibraries(path.resolve(filePath)).describe(kind) : [] };
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

function readIfFile(path: string): string | undefined {
  try {
    return existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}
