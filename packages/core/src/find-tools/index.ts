/**
 * Every tool declaration and server in a file. One walk collects candidates; each style's detector
 * reads its own; object shapes and classes come last so a declaration already found by its style is
 * never reported twice. Nothing here throws: a candidate whose shape surprises a detector is skipped.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getCalleeName, unwrap, type Program } from '../ast.js';
import type { AnalyzeOptions, FileModel, Framework, Node, ToolDecl } from '../model.js';
import type { FoundTool } from './build.js';
import { detectToolClass } from './classes.js';
import { collectCandidates, type Candidate } from './collect.js';
import { DetectContext } from './context.js';
import { detectFactoryCall } from './factory.js';
import { detectFastMcpCall } from './fastmcp.js';
import { detectLangChainConstructor, detectLangChainToolCall } from './langchain.js';
import { detectListToolsHandler } from './low-level.js';
import { detectMastraCall } from './mastra.js';
import { detectMcpSdkCall } from './mcp-sdk.js';
import { findServerFor, detectServer, type FoundServer } from './servers.js';
import { detectShapeObject } from './shape.js';
import { detectVercelToolCall } from './vercel-ai.js';

/** Styles served by an MCP server, which a tool can be linked to even when its receiver is unknown. */
const SERVER_FRAMEWORKS: ReadonlySet<Framework> = new Set(['mcp-sdk', 'mcp-sdk-low-level', 'fastmcp', 'shape', 'factory']);

const cache = new WeakMap<Program, { readonly key: string; readonly resolver: unknown; readonly modules: unknown; readonly model: FileModel }>();

/** Every tool declaration and server in a file. Cached per program (and options that change the result). */
export function findTools(program: Program, options: AnalyzeOptions): FileModel {
  const key = JSON.stringify([options.filePath, options.settings?.factories ?? [], options.settings?.zodVersion ?? 4]);
  const cached = cache.get(program);
  if (cached && cached.key === key && cached.resolver === options.resolveConstant && cached.modules === options.resolveModule) return cached.model;
  const model = detectAll(program, options);
  cache.set(program, { key, resolver: options.resolveConstant, modules: options.resolveModule, model });
  return model;
}

function detectAll(program: Program, options: AnalyzeOptions): FileModel {
  const factories = new Set(options.settings?.factories ?? []);
  const candidates = collectCandidates(program, factories);
  const context = new DetectContext(program, options);
  const servers: FoundServer[] = [];
  const found: FoundTool[] = [];
  const byShape = new Set<FoundTool>();

  for (const candidate of candidates.news) {
    const server = attempt(() => detectServer(candidate, context));
    if (server) servers.push(server);
    const tool = attempt(() => detectConstructedTool(candidate, context));
    if (tool) found.push(tool);
  }
  for (const candidate of candidates.calls) {
    const tools = attempt(() => detectCall(candidate, factories, context));
    if (tools) found.push(...tools);
  }
  for (const candidate of candidates.objects) {
    const tool = attempt(() => detectShapeObject(candidate, context));
    if (tool) {
      found.push(tool);
      byShape.add(tool);
    }
  }
  for (const candidate of candidates.classes) {
    const tool = attempt(() => detectToolClass(candidate, context));
    if (tool) {
      found.push(tool);
      byShape.add(tool);
    }
  }

  const tools = dropShapeDuplicates(found, byShape)
    .sort((a, b) => a.decl.node.range[0] - b.decl.node.range[0])
    .map((tool): ToolDecl => {
      const receiverServer = attempt(() => findServerFor(tool.receiver, SERVER_FRAMEWORKS.has(tool.decl.framework) ? servers : [], context));
      return { ...tool.decl, server: receiverServer };
    });
  return { tools, servers: servers.map((s) => s.decl) };
}

function detectConstructedTool(candidate: Candidate<TSESTree.NewExpression>, context: DetectContext): FoundTool | undefined {
  const className = getCalleeName(candidate.node.callee) ?? '';
  return /^Dynamic(?:Structured)?Tool\d*$/.test(className) ? detectLangChainConstructor(candidate, className, context) : undefined;
}

function detectCall(candidate: Candidate<TSESTree.CallExpression>, factories: ReadonlySet<string>, context: DetectContext): FoundTool[] {
  const name = getCalleeName(candidate.node.callee) ?? '';
  if (factories.has(name)) return listOf(detectFactoryCall(candidate, context));
  switch (name) {
    case 'tool':
      if (isRegistrationLoop(candidate.node, context)) return [];
      return listOf(detectMcpSdkCall(candidate, name, context) ?? detectLangChainToolCall(candidate, context) ?? detectVercelToolCall(candidate, context));
    case 'registerTool':
    case 'registerToolTask':
      if (isRegistrationLoop(candidate.node, context)) return [];
      return listOf(detectMcpSdkCall(candidate, name, context));
    case 'addTool':
      return listOf(detectFastMcpCall(candidate, context));
    case 'createTool':
      return listOf(detectMastraCall(candidate, context));
    case 'setRequestHandler':
      return detectListToolsHandler(candidate, context);
    default:
      return [];
  }
}

/**
 * `for (const t of tools) server.tool(t.name, t.description, t.shape, t.run)`: the call registers
 * definitions written elsewhere (found there by shape), so it is not a declaration itself.
 */
function isRegistrationLoop(call: TSESTree.CallExpression, context: DetectContext): boolean {
  const first = call.arguments[0];
  if (!first || first.type === 'SpreadElement') return false;
  let root: Node = unwrap(first);
  if (root.type !== 'Identifier' && root.type !== 'MemberExpression') return false;
  while (root.type === 'MemberExpression') root = unwrap(root.object);
  if (root.type !== 'Identifier') return false;
  if (context.resolveIdentifier(root) !== undefined || context.isImported(root)) return false;
  return context.text(first).kind !== 'static';
}

/** A declaration seen both by its style and by shape (e.g. a definition object also registered by name) counts once. */
function dropShapeDuplicates(found: readonly FoundTool[], byShape: ReadonlySet<FoundTool>): FoundTool[] {
  const styledNames = new Set<string>();
  for (const tool of found) {
    if (!byShape.has(tool) && tool.decl.name?.kind === 'static') styledNames.add(tool.decl.name.value);
  }
  return found.filter((tool) => !byShape.has(tool) || tool.decl.name?.kind !== 'static' || !styledNames.has(tool.decl.name.value));
}

function listOf<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

/** Run one detector on one candidate; an unexpected shape is skipped, never thrown. */
function attempt<T>(detect: () => T): T | undefined {
  try {
    return detect();
  } catch {
    return undefined;
  }
}
