/**
 * A schema with parts that cannot be read statically is still measured: the parts that can be read are
 * kept, stand-ins take the place of the rest, and the tool is marked partly readable with the reason. The
 * figures are compared with what a real McpServer, registered from the same file, sends in `tools/list`.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { buildPublishedTool } from '../src/published.js';
import { measureTool } from '../src/measure.js';
import { buildRegisterToolDecl, findCalls, getContext, getName, listToolsOnWire, loadSource } from './schema-harness.js';

/** Each tool has one part known only at run time; the comment says which. */
const SOURCE = `import { z } from 'zod';
// Built by statements the value evaluator does not run (a \`try\`).
function loadRegions() {
  const regions = [];
  try {
    regions.push('eu-west', 'us-east');
  } catch {
    // No list: no regions.
  }
  return regions;
}
const preferred = process.env.PREFERRED_MODEL ? process.env.PREFERRED_MODEL : 'fast';
const Shared = z.object({ id: z.string().describe('Record identifier') });
export function register(server) {
  // A description with an environment variable in it.
  server.registerTool('env_text', {
    description: 'Lists the records of a project.',
    inputSchema: {
      project: z.string().optional().describe(\`The project to list (default: \${process.env.DEFAULT_PROJECT})\`),
      limit: z.number().int().min(1).max(100).default(20).describe('How many records to return'),
    },
  }, async () => ({ content: [] }));
  // One field whose schema is built by statements.
  server.registerTool('unread_field', {
    description: 'Moves a record to another region.',
    inputSchema: { id: z.string().describe('The record to move'), region: z.enum(loadRegions()).describe('Where to move it'), dryRun: z.boolean().default(false) },
  }, async () => ({ content: [] }));
  // A default chosen at start-up.
  server.registerTool('run_default', {
    description: 'Runs a model on a prompt.',
    inputSchema: { prompt: z.string().describe('The prompt'), model: z.enum(['fast', 'thorough']).default(preferred).describe('Which model runs it') },
  }, async () => ({ content: [] }));
  // A whole object chosen by a condition known only at run time.
  server.registerTool('conditional_shape', {
    description: 'Reads one record.',
    inputSchema: process.env.STRICT_IDS ? Shared.extend({ strict: z.literal(true) }) : Shared,
  }, async () => ({ content: [] }));
}
`;

describe('a schema read partly', () => {
  it('is marked partly readable with the reason, and sized within 10% of what a real McpServer sends', async () => {
    const loaded = await loadSource(SOURCE);
    const server = new McpServer({ name: 'partial-test', version: '1.0.0' });
    (loaded.module.register as (s: McpServer) => void)(server);
    const wire = await listToolsOnWire(server);
    const context = getContext(loaded, 4);
    const rows = findCalls(loaded.program, 'registerTool').map((call) => {
      const decl = buildRegisterToolDecl(call, context);
      const published = buildPublishedTool(decl);
      const measured = published.tool ?? published.lowerBound!;
      const runtime = wire.find((t) => getName(t) === measured.name)!;
      const ours = measureTool(measured).bytes;
      const theirs = measureTool(runtime as never).bytes;
      // What the tool measured before a schema could be read partly: `{}` for the whole schema.
      const whole = measureTool({ ...measured, inputSchema: {} }).bytes;
      return { name: measured.name, dynamic: published.dynamic, reasons: published.reasons, off: Math.abs(ours - theirs) / theirs, ours, theirs, whole };
    });
    expect(rows.map((r) => r.name)).toEqual(['env_text', 'unread_field', 'run_default', 'conditional_shape']);
    for (const row of rows) {
      expect(row.dynamic, row.name).toBe(true);
      // What stands in is never more than the server sends, and the parts read count.
      expect(row.ours, row.name).toBeLessThanOrEqual(row.theirs);
      expect(row.ours, row.name).toBeGreaterThan(row.whole);
    }
    // A run-time value inside a text, a default or a branch leaves the schema within 10%; a field whose
    // schema is built by statements is `{}` with its description (here 385 B of 430 B).
    expect(rows.filter((row) => row.off > 0.1).map((row) => row.name)).toEqual(['unread_field']);
    expect(rows.find((row) => row.name === 'unread_field')!.off).toBeLessThan(0.15);
    expect(rows.map((r) => r.reasons[0])).toEqual([
      expect.stringMatching(/input schema is dynamic: .*process\.env\.DEFAULT_PROJECT/),
      expect.stringMatching(/input schema is dynamic: .*loadRegions\(\)/),
      expect.stringMatching(/input schema is dynamic: .*conditional/),
      expect.stringMatching(/input schema is dynamic: a conditional that depends on process\.env\.STRICT_IDS/),
    ]);
  });

  it('keeps the parts it can read: the text around a run-time value, the other fields, the method chain', async () => {
    const loaded = await loadSource(SOURCE);
    const context = getContext(loaded, 4);
    const [envText, unreadField, runDefault] = findCalls(loaded.program, 'registerTool').map((call) => buildPublishedTool(buildRegisterToolDecl(call, context)).lowerBound!);
    const properties = (tool: typeof envText) => (tool.inputSchema as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(properties(envText).project).toEqual({ type: 'string', description: 'The project to list (default: )' });
    expect(properties(envText).limit).toMatchObject({ type: 'integer', default: 20, description: 'How many records to return' });
    expect(Object.keys(properties(unreadField))).toEqual(['id', 'region', 'dryRun']);
    expect(properties(unreadField).region).toEqual({ description: 'Where to move it' });
    expect(properties(runDefault).model).toEqual({ type: 'string', enum: ['fast', 'thorough'], default: 'fast', description: 'Which model runs it' });
  });

  it('a schema with nothing readable has no lower bound but `{}`', async () => {
    const loaded = await loadSource(`import { z } from 'zod';
export function register(server) {
  server.registerTool('all_dynamic', { description: 'd', inputSchema: buildShape() }, async () => ({ content: [] }));
}
`, '.mjs', false);
    const [call] = findCalls(loaded.program, 'registerTool');
    const published = buildPublishedTool(buildRegisterToolDecl(call, getContext(loaded, 4)));
    expect(published.tool).toBeUndefined();
    expect(published.lowerBound?.inputSchema).toEqual({});
    expect(published.reasons).toEqual([expect.stringMatching(/call of `buildShape\(\)`/)]);
  });
});
