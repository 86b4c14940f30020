// `server.tool(name, text, shape, annotations, cb)`: the argument between the shape and the callback is the
// annotations, also when it is a call toolslim reads (a lookup) or cannot read (then marked, never dropped). A zod
// object where the raw shape goes (`tool(name, text, z.object({ … }), cb)`) is no schema to the SDK either.
import { describe, expect, it } from 'vitest';
import { useReportOnFiles } from './report-on-files.js';

const FILES: Record<string, string> = {
  'pantry/package.json': '{ "name": "pantry", "type": "module" }',
  'pantry/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { loadHints } from './hints.js';
const HINTS: Record<string, { readOnlyHint: boolean }> = { read_jar: { readOnlyHint: true } };
function hintsFor(name: string) { return HINTS[name] ?? { readOnlyHint: false }; }
const server = new McpServer({ name: 'pantry', version: '1.0.0' });
server.tool('read_jar', 'Reads the label of a jar.', { jar: z.string() }, hintsFor('read_jar'), async () => ({ content: [] }));
server.tool('read_tin', 'Reads the label of a jar.', { jar: z.string() }, async () => ({ content: [] }));
server.tool('seal_jar', 'Seals a jar.', { jar: z.string() }, loadHints(process.env.PANTRY_HINTS), async () => ({ content: [] }));
server.tool('weigh_jar', 'Weighs a jar.', z.object({ jar: z.string() }), async () => ({ content: [] }));
server.tool('weigh_tin', 'Weighs a jar.', async () => ({ content: [] }));
`,
  'pantry/hints.ts': `import { readFileSync } from 'node:fs';
export function loadHints(file: string | undefined) { return JSON.parse(readFileSync(file ?? 'hints.json', 'utf8')); }
`,
};

const report = useReportOnFiles('annotations-argument', FILES);

describe('the annotations argument of server.tool', () => {
  it('reads a call that returns them, and marks one it cannot read', () => {
    const tools = report(['pantry/server.ts', 'pantry/hints.ts']).tools;
    const read = tools.find((tool) => tool.name === 'read_jar')!;
    // The same tool without annotations, under a name of the same length: the difference is the annotations.
    const plain = tools.find((tool) => tool.name === 'read_tin')!;
    expect(read.dynamic).toBe(false);
    expect(read.bytes - plain.bytes).toBe(Buffer.byteLength(',"annotations":{"readOnlyHint":true}'));
    const seal = tools.find((tool) => tool.name === 'seal_jar')!;
    expect(seal.dynamic).toBe(true);
    expect(seal.unreadable?.map((entry) => entry.field)).toContain('annotations');
  });

  it('takes a zod object where the raw shape goes for what the SDK takes it for: no schema, and the annotations', () => {
    const tools = report(['pantry/server.ts', 'pantry/hints.ts']).tools;
    const weigh = tools.find((tool) => tool.name === 'weigh_jar')!;
    const bare = tools.find((tool) => tool.name === 'weigh_tin')!;
    // The same empty input schema as a tool with no shape at all; the zod object is not its schema.
    expect(weigh.schemaBytes).toBe(bare.schemaBytes);
    expect(weigh.unreadable?.map((entry) => entry.field)).toEqual(['annotations']);
  });
});
