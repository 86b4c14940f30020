/**
 * What serving moved text adds to what a server publishes: the tool `serveInstructions` adds, the sentence and
 * index the server instructions gain, and the test for a file that already serves them. slim counts these
 * before it migrates (a run that saves less is not made), and `no-how-in-description` reads the same
 * arithmetic for a file that is the whole server.
 */
import type { PublishedTool } from '../model.js';

/** A file that already calls one of the runtime's serving functions: slim adds nothing more to it. */
export const SERVES_INSTRUCTIONS = /\b(?:serveInstructions|serveFastMcpInstructions|serveInstructionsViaRegister|createInstructionsCatalog)\s*\(/;

/** The description of the tool `serveInstructions` adds (`@toolslim/runtime`'s; a test keeps them equal). */
export const READ_INSTRUCTIONS_DESCRIPTION = 'Read the instructions for one tool family listed in the server instructions.';

/** The heading and paragraph that open the index slim writes in the instructions folder. */
export const INSTRUCTIONS_INDEX_HEADER =
  '# Tool instructions\n\nWhat the tool descriptions leave out, one file per family of tools. Read the file for a family before using its tools for the first time.\n';

/** How a generated index line opens: the tools a family file covers follow it. */
export const FAMILY_SUMMARY_PREFIX = 'Rules, defaults, formats and examples for ';

/** One sentence that tells an agent which tools a family file covers. */
export function buildFamilySummary(tools: readonly string[]): string {
  const names = tools.map((t) => `\`${t}\``);
  const list = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${FAMILY_SUMMARY_PREFIX}${list}.`;
}

/**
 * What the server instructions say once `serveInstructions` is wired: the index file slim writes, verbatim,
 * and one sentence on how to read a family (runtime's `loadInstructionsIndex`; a test checks the two agree).
 */
export function buildServerInstructionsText(index: string, toolName: string): string {
  if (index.includes(toolName)) return index;
  const separator = index.endsWith('\n') ? '\n' : '\n\n';
  return `${index}${separator}Before the first call to a tool of one of these families, read that family's instructions with the \`${toolName}\` tool (\`family\` = the family's name) or the \`instructions://<family>\` resource.\n`;
}

/** The tool `serveInstructions` adds, as `tools/list` publishes it on each kind of server. */
export function buildReadInstructionsTool(
  toolName: string,
  families: readonly string[],
  zodVersion: 3 | 4 | undefined,
  mcpSdkMajor?: number,
  server: 'mcp-server' | 'low-level' = 'mcp-server',
): PublishedTool {
  const properties = { family: { type: 'string', enum: [...families] } };
  if (server === 'low-level') {
    // On a low-level `Server` the runtime answers `tools/list` itself, with the JSON Schema as written: no
    // conversion, no `$schema`, no `execution`.
    return {
      name: toolName,
      description: READ_INSTRUCTIONS_DESCRIPTION,
      inputSchema: { type: 'object', properties, required: ['family'] },
      annotations: { readOnlyHint: true },
    } as unknown as PublishedTool;
  }
  if (mcpSdkMajor === 2) {
    // SDK 2 (`@modelcontextprotocol/server`) converts to draft 2020-12 and adds no `execution`.
    return {
      name: toolName,
      description: READ_INSTRUCTIONS_DESCRIPTION,
      inputSchema: { type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema', properties, required: ['family'] },
      annotations: { readOnlyHint: true },
    } as unknown as PublishedTool;
  }
  return {
    name: toolName,
    description: READ_INSTRUCTIONS_DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties,
      required: ['family'],
      // zod 3 objects are converted with `additionalProperties: false`.
      ...(zodVersion === 3 ? { additionalProperties: false } : {}),
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
    annotations: { readOnlyHint: true },
    execution: { taskSupport: 'forbidden' },
  } as unknown as PublishedTool;
}

/**
 * What serving moved text adds to every request, for the families and tools a run moves text of: the read tool
 * as the server publishes it (with no zod 3 `additionalProperties`, so at most a few bytes under slim's own
 * count) and the server instructions with a fresh index.
 */
export function countServingCost(toolName: string, families: ReadonlyMap<string, readonly string[]>, server: 'mcp-server' | 'low-level' = 'mcp-server'): number {
  const names = [...families.keys()].sort();
  const tool = buildReadInstructionsTool(toolName, names, undefined, undefined, server);
  const lines = names.map((family) => `- [${family}](${family}.md): ${buildFamilySummary(families.get(family) ?? [])}`);
  const index = `${INSTRUCTIONS_INDEX_HEADER}\n${lines.join('\n')}\n`;
  return Buffer.byteLength(JSON.stringify(tool)) + Buffer.byteLength(buildServerInstructionsText(index, toolName));
}
