/**
 * Input schemas assembled with `Object.fromEntries(…)` from a table of fields: pairs made by
 * `Object.entries(table).map(([k, v]) => [k, v.schema])`, kept by `.filter(…)` on an optional member
 * (`field.audience?.kind`), spread out by `.flatMap(…)` of a conditional, written as an array literal, or
 * made from a list of names (`names.map((name) => [name, …])`). A low-level server of our own lists them;
 * the static reading must agree byte for byte, and say why when the pairs cannot be read.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { describe, expect, it } from 'vitest';
import { buildPublishedTool } from '../src/published.js';
import { buildObjectDecl, findToolObjects, getContext, getName, listToolsOnWire, loadSource, publish } from './schema-harness.js';

const SOURCE = `import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const KILN_FIELDS = {
  kiln: { schema: { type: 'string', description: 'Which kiln to fire.' }, required: true },
  cone: { schema: { type: 'integer', minimum: 1, maximum: 12, description: 'Target cone.' } },
  rampRate: { schema: { type: 'number', description: 'Degrees per hour.' }, audience: { kind: 'operator' } },
  glazeNotes: { schema: { type: 'string' }, audience: { kind: 'retired' } },
  vent: { required: false },
};
const entries = Object.entries(KILN_FIELDS);

function publicProperties(table) {
  return Object.fromEntries(
    Object.entries(table)
      .filter(([, field]) => field.audience?.kind !== 'retired')
      .filter(([, field]) => field.schema)
      .map(([name, field]) => [name, field.schema]),
  );
}

function schemasOnly() {
  return Object.fromEntries(entries.flatMap(([name, field]) => (field.schema ? [[name, field.schema]] : [])));
}

const requiredNames = (table) => Object.entries(table).flatMap(([name, field]) => (field.required ? [name] : []));
const SHELF_NAMES = ['top', 'middle', 'bottom'];

export function register(server) {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: 'fire_kiln',
        description: 'Starts a firing.',
        inputSchema: { type: 'object', properties: publicProperties(KILN_FIELDS), required: requiredNames(KILN_FIELDS) },
      },
      { name: 'kiln_status', description: 'Reads the kiln.', inputSchema: { type: 'object', properties: schemasOnly() } },
      {
        name: 'load_shelves',
        description: 'Loads the shelves.',
        inputSchema: {
          type: 'object',
          properties: {
            ...Object.fromEntries(SHELF_NAMES.map((shelf) => [shelf, { type: 'array', items: { type: 'string' }, description: 'Pieces on the ' + shelf + ' shelf.' }])),
            ...Object.fromEntries([['dryRun', { type: 'boolean' }], ['kiln', { type: 'string' }]]),
          },
        },
      },
    ],
  }));
}
`;

describe('Object.fromEntries in input schemas', () => {
  it('reads pairs from entries, maps, filters on optional members, flatMaps and literals, byte for byte', async () => {
    const loaded = await loadSource(SOURCE);
    const server = new Server({ name: 'kiln', version: '1.0.0' }, { capabilities: { tools: {} } });
    (loaded.module.register as (s: Server) => void)(server);
    const wire = await listToolsOnWire(server);
    const context = getContext(loaded);
    const decls = findToolObjects(loaded.program, 'inputSchema').map((object) => buildObjectDecl('mcp-sdk-low-level', object, 'inputSchema', context));
    expect(decls).toHaveLength(3);
    for (const decl of decls) {
      const tool = publish(decl);
      expect(JSON.stringify(tool)).toBe(JSON.stringify(wire.find((t) => getName(t) === tool.name)));
    }
    const fire = publish(decls[0]) as unknown as { inputSchema: { properties: Record<string, unknown> } };
    expect(Object.keys(fire.inputSchema.properties)).toEqual(['kiln', 'cone', 'rampRate']);
  });

  it('says why when the pairs are not static', async () => {
    const loaded = await loadSource(`import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
export function register(server, names) {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'glaze', description: 'Glazes.', inputSchema: { type: 'object', properties: Object.fromEntries(['color', 'finish'].map((k) => k)) } }],
  }));
}
`);
    const [decl] = findToolObjects(loaded.program, 'inputSchema').map((object) => buildObjectDecl('mcp-sdk-low-level', object, 'inputSchema', getContext(loaded)));
    expect(buildPublishedTool(decl).unreadable.map((u) => u.reason)).toEqual(['`Object.fromEntries()` of an element that is not a `[key, value]` pair']);
  });
});
