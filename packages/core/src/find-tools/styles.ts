/**
 * The registry of call-based declaration styles: which callee names a style reads and the detector
 * that reads them. The one walk collects exactly these callee names (plus `settings.factories`), so
 * adding a style is one module with its detector and one entry here; the compiler checks the entries.
 * Object shapes (`shape.ts`), classes (`classes.ts`) and constructors (`langchain.ts`) run after these.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getCalleeName, unwrap } from '../ast.js';
import type { Node, TextValue, UnreadSink } from '../model.js';
import { describe } from './describe.js';
import type { FoundTool } from './build.js';
import type { Candidate } from './collect.js';
import type { DetectContext } from './context.js';
import { applyCondition } from './conditions.js';
import { detectRegistrarCall, REGISTER_APP_TOOL } from './ext-apps.js';
import { detectFastMcpCall } from './fastmcp.js';
import { detectLangChainToolCall } from './langchain.js';
import { readPerDefinition } from './loops.js';
import { detectListToolsHandler } from './low-level.js';
import { detectMastraCall } from './mastra.js';
import { detectMcpSdkCall } from './mcp-sdk.js';
import { detectVercelToolCall } from './vercel-ai.js';

/** Reads one call; returns the tools it declares (none when the call is something else). */
export type CallDetector = (candidate: Candidate<TSESTree.CallExpression>, context: DetectContext) => FoundTool[];

export const CALL_STYLES = {
  // McpServer#tool, LangChain `tool(fn, { name })`, AI SDK / OpenAI Agents SDK `tool({ … })`: told apart by their arguments.
  tool: (candidate, context) =>
    perLoopElement(candidate, context, () =>
      applyCondition(
        listOf(detectMcpSdkCall(candidate, 'tool', context) ?? detectLangChainToolCall(candidate, context) ?? detectVercelToolCall(candidate, context)),
        candidate,
        context,
      ),
    ),
  registerTool: (candidate, context) =>
    perLoopElement(candidate, context, () => applyCondition(listOf(detectMcpSdkCall(candidate, 'registerTool', context)), candidate, context)),
  registerToolTask: (candidate, context) =>
    perLoopElement(candidate, context, () => applyCondition(listOf(detectMcpSdkCall(candidate, 'registerToolTask', context)), candidate, context)),
  addTool: (candidate, context) => perLoopElement(candidate, context, () => applyCondition(listOf(detectFastMcpCall(candidate, context)), candidate, context)),
  createTool: (candidate, context) => listOf(detectMastraCall(candidate, context)),
  setRequestHandler: (candidate, context) => detectListToolsHandler(candidate, context),
  // MCP Apps' `registerAppTool(server, name, config, cb)` (`@modelcontextprotocol/ext-apps/server`).
  registerAppTool: (candidate, context) =>
    perLoopElement(candidate, context, () => applyCondition(listOf(detectRegistrarCall(candidate, REGISTER_APP_TOOL, context)), candidate, context), getNameArgumentIndex('registerAppTool')),
} satisfies Record<string, CallDetector>;

export type CallStyleName = keyof typeof CALL_STYLES;

export function isCallStyleName(name: string): name is CallStyleName {
  return Object.hasOwn(CALL_STYLES, name);
}

/** Which argument of a sink call is the tool's name: the first, or where a registrar takes it (`registerAppTool(server, name, …)`). */
export function getNameArgumentIndex(calleeName: string): number {
  return calleeName === 'registerAppTool' ? REGISTER_APP_TOOL.name : 0;
}

/**
 * `for (const t of tools) server.tool(t.name, t.description, t.shape, t.run)`: the call registers
 * definitions written elsewhere. When the loop's collection can be traced to them, the call is read once
 * per definition (`loops.ts`); otherwise the definitions are found where they are written, by shape,
 * and the call is not a declaration itself.
 */
function perLoopElement(candidate: Candidate<TSESTree.CallExpression>, context: DetectContext, detect: () => FoundTool[], nameIndex = 0): FoundTool[] {
  if (!isRegistrationLoop(candidate.node, context, nameIndex)) return detect();
  const tools = readPerDefinition(candidate, context, detect) ?? [];
  // A server refuses a name registered twice: one tool per name (a definition listed twice is one tool).
  const seen = new Set<string>();
  const unnamed = tools.find((tool) => tool.decl.name?.kind === 'dynamic');
  // Some definitions read and one whose name cannot be: the call is named for it, not passed over as read.
  if (unnamed?.decl.name?.kind === 'dynamic' && tools.some((tool) => tool.decl.name?.kind === 'static')) context.partlyUnread.push(describeUnnamedElement(candidate.node, unnamed.decl.name));
  return tools.flatMap((tool) => {
    const name = tool.decl.name?.kind === 'static' ? tool.decl.name.value : undefined;
    if (name === undefined || seen.has(name)) return [];
    seen.add(name);
    return [{ ...tool, decl: { ...tool.decl, loop: true as const } }];
  });
}
/** `for (const t of [lamp, pack(env)]) server.registerTool(t.name, …)`: the definition whose name the loop cannot read. */
function describeUnnamedElement(call: TSESTree.CallExpression, name: Extract<TextValue, { kind: 'dynamic' }>): UnreadSink {
  const called = getCalleeName(call.callee) ?? 'call';
  const sink = unwrap(call.callee).type === 'MemberExpression' ? `.${called}()` : `${called}()`;
  return {
    node: call,
    line: call.loc?.start.line ?? 0,
    column: call.loc?.start.column ?? 0,
    sink,
    reason: `the loop registers definitions read one by one, and for one of them the tool's name, ${describe(name.node)}, cannot be read: ${name.reason}`,
  };
}

/**
 * `for (const t of tools) server.tool(t.name, t.description, t.shape, t.run)`: the call registers
 * definitions written elsewhere (found there by shape), so it is not a declaration itself.
 */
function isRegistrationLoop(call: TSESTree.CallExpression, context: DetectContext, nameIndex: number): boolean {
  // The name is the sink's first argument, or where its registrar takes it (`registerAppTool(server, name, …)`).
  const first = call.arguments[nameIndex];
  if (!first || first.type === 'SpreadElement') return false;
  let root: Node = unwrap(first);
  if (root.type !== 'Identifier' && root.type !== 'MemberExpression') return false;
  while (root.type === 'MemberExpression') root = unwrap(root.object);
  if (root.type !== 'Identifier') return false;
  if (context.resolveIdentifier(root) !== undefined || context.isImported(root)) return false;
  return context.text(first).kind !== 'static';
}

function listOf<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}
