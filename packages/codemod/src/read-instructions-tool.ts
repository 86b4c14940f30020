/**
 * The tool `serveInstructions` adds, as `tools/list` publishes it, so that slim's totals count it (the
 * numbers then agree with the running server's) and a run that would save less than it costs is not made.
 */
import { READ_INSTRUCTIONS_DESCRIPTION, type PublishedTool } from '@toolslim/core';

export { READ_INSTRUCTIONS_DESCRIPTION };

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
