/**
 * A helper whose result is built by statements (locals, `push`, `+=`, conditionals and loops over known
 * values, `return`) is run within limits, and a property of a constant object is read even when the
 * object's other properties cannot be. Each tool is compared with what a real McpServer, registered from
 * the same file, sends in `tools/list`. What the runner does not run, or runs too long, stays unreadable
 * (a lower bound, marked), never a guess.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { analyzeSource } from '../src/index.js';
import { measureTool } from '../src/measure.js';
import { buildPublishedTool } from '../src/published.js';
import { buildObjectDecl, buildRegisterToolDecl, findCalls, findToolObjects, getContext, getName, listToolsOnWire, loadSource } from './schema-harness.js';

const KILN = `import { z } from 'zod';
class Template {
  constructor(pattern) { this.pattern = pattern; this.created = Date.now(); }
}
const firings = {
  glaze: { summary: 'Fire a glaze batch.', steps: ['Load the shelves', 'Ramp to cone 6'], cautions: [], hold: 20 },
  bisque: { summary: 'Fire a bisque batch.', steps: [], cautions: ['Vent the lid', 'Keep the peephole open'] },
};
const BASE_NOTES = ['Kiln notes:'];
function describeFiring(doc) {
  const lines = [doc.summary];
  if (doc.steps.length) {
    lines.push('', 'Steps:');
    for (const step of doc.steps) lines.push(\`- \${step}\`);
  }
  let note = '';
  for (let i = 0; i < doc.cautions.length; i++) {
    if (i > 0) note += ' ';
    note += 'Caution: ' + doc.cautions[i] + '.';
  }
  if (note) lines.push('', note);
  const hold = doc.hold ? \` Hold \${doc.hold} minutes.\` : '';
  return \`\${lines.join('\\n').trim()}\${hold}\`;
}
const coneSchema = { cone: z.number().int().min(1).max(12).describe('Target cone') };
// A constant object one property of which (\`new Template\`) cannot be read; its \`shape\` can.
const glazeResource = { template: new Template('kiln://glaze/{id}'), shape: coneSchema, title: 'Glaze' };
export function register(server) {
  server.registerTool('fire_glaze', { description: describeFiring(firings.glaze), inputSchema: glazeResource.shape }, async () => ({ content: [] }));
  server.registerTool('fire_bisque', { description: describeFiring(firings.bisque), inputSchema: coneSchema }, async () => ({ content: [] }));
}
`;

describe('a helper built by statements', () => {
  it('is run: each tool reads as the server publishes it, byte for byte', async () => {
    const loaded = await loadSource(KILN);
    const server = new McpServer({ name: 'kiln', version: '1.0.0' });
    (loaded.module.register as (s: McpServer) => void)(server);
    const wire = await listToolsOnWire(server);
    const context = getContext(loaded, 4);
    const rows = findCalls(loaded.program, 'registerTool').map((call) => {
      const published = buildPublishedTool(buildRegisterToolDecl(call, context));
      const runtime = wire.find((t) => getName(t) === published.tool?.name);
      return { name: published.tool?.name, dynamic: published.dynamic, ours: published.tool, theirs: runtime };
    });
    expect(rows.map((row) => [row.name, row.dynamic])).toEqual([
      ['fire_glaze', false],
      ['fire_bisque', false],
    ]);
    for (const row of rows) {
      expect(row.ours?.description).toBe(row.theirs?.description);
      expect(measureTool(row.ours!).bytes).toBe(measureTool(row.theirs as never).bytes);
    }
    expect(rows[1].ours?.description).toBe('Fire a bisque batch.\n\nCaution: Vent the lid. Caution: Keep the peephole open.');
  });

  /** The description `analyzeSource` reads for a helper body, or its reason. */
  function describeWith(body: string, extra = ''): string {
    const code = `${extra}
function build(parts) {
${body}
}
server.registerTool('t', { description: build(['a', 'b']) }, async () => ({ content: [] }));`;
    const tool = analyzeSource(code, { filePath: 'kiln.js' }).tools[0];
    return tool.description?.kind === 'static' ? tool.description.value : `<dynamic: ${tool.description?.kind === 'dynamic' ? tool.description.reason : ''}>`;
  }

  it('reads a local as the statements left it, also inside a template', () => {
    expect(describeWith("let text = 'Glazes';\n  text += ' and slips';\n  return `${text}: ${parts.join('/')}.`;")).toBe('Glazes and slips: a/b.');
    expect(describeWith("const out = [];\n  for (const part of parts) { if (part === 'b') continue; out.push(part.toUpperCase()); }\n  return out.join();")).toBe('A');
    expect(describeWith("let n = 0;\n  for (const part of parts) { n++; if (n === 2) break; }\n  return 'count ' + n;")).toBe('count 2');
    // \`switch\` on a known value: the matching case, falling through to the next until \`break\`.
    const kilnSwitch = (kind: string) =>
      describeWith(`let text = 'Fires';\n  switch (parts.length + kind) {\n    case '2glaze': text += ' glaze';\n    case '2slip': text += ' at cone 6'; break;\n    default: return 'Fires clay';\n  }\n  return text;`, `const kind = '${kind}';`);
    expect(kilnSwitch('glaze')).toBe('Fires glaze at cone 6');
    expect(kilnSwitch('slip')).toBe('Fires at cone 6');
    expect(kilnSwitch('raku')).toBe('Fires clay');
    // `while` and `do … while`, as many passes as the test allows.
    expect(describeWith("let text = 'Kiln';\n  while (text.length < 10) text += '!';\n  return text;")).toBe('Kiln!!!!!!');
    expect(describeWith("let text = 'Kiln';\n  do { text += '?'; } while (text.length < 6);\n  return text;")).toBe('Kiln??');
  });

  it('abstains, with a reason, on what it does not run', () => {
    // A condition known only at run time.
    expect(describeWith("let text = 'Kiln';\n  if (Math.random() > 0.5) text += ' (hot)';\n  return text;")).toMatch(/^<dynamic: .*condition known only at run time/);
    // A statement kind it does not run.
    expect(describeWith("let text = 'Kiln';\n  try { text += '!'; } finally { text += '?'; }\n  return text;")).toMatch(/^<dynamic: .*TryStatement/);
    // A call run for its effect.
    expect(describeWith("const out = ['Kiln'];\n  log(out);\n  return out.join();")).toMatch(/^<dynamic: .*effect/);
    // A write to a list it did not build: a module constant is never changed.
    expect(describeWith("const out = BASE;\n  out.push('more');\n  return out.join(' ');", "const BASE = ['Kiln'];")).toMatch(/^<dynamic: .*did not build/);
    // A loop too long to follow.
    expect(describeWith("let text = '';\n  for (let i = 0; i < 100000; i++) text += 'x';\n  return text;")).toMatch(/^<dynamic: .*too many/);
    // A throw reached.
    expect(describeWith("for (const part of parts) if (part === 'b') throw new Error('no');\n  return 'never';")).toMatch(/^<dynamic: .*throws/);
  });

  it('runs `delete` on an object the body built, and abstains on one it did not', () => {
    expect(describeWith("const bed = { tomato: 1, basil: 2, mint: 3 };\n  delete bed.basil;\n  delete bed['mint'];\n  return Object.keys(bed).join();")).toBe('tomato');
    // A module constant is never changed, nor one a library wrapper hands back as it was given.
    const BEDS = 'const BEDS = { tomato: 1, basil: 2 };';
    expect(describeWith("const bed = BEDS;\n  delete bed.basil;\n  return Object.keys(bed).join();", BEDS)).toMatch(/^<dynamic: .*did not build/);
    expect(describeWith("const bed = jsonSchema(BEDS);\n  delete bed.basil;\n  return Object.keys(bed).join();", `import { jsonSchema } from 'ai';\n${BEDS}`)).toMatch(/^<dynamic: .*did not build/);
    expect(describeWith("const rows = ['tomato', 'basil'];\n  delete rows[0];\n  return rows.join();")).toMatch(/^<dynamic: .*did not build/);
  });

  it('reads a helper that deletes a key from a library-made JSON Schema as the server publishes it', async () => {
    const GREENHOUSE = `import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { z } from 'zod/v3';
const WaterArgs = z.object({ bed: z.string().describe('Greenhouse bed'), litres: z.number().min(0.5).max(20).default(2) });
function toToolSchema(schema) {
  const json = zodToJsonSchema(schema);
  delete json.$schema;
  return json;
}
export function register(server) {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      { name: 'water_bed', description: 'Waters one bed.', inputSchema: toToolSchema(WaterArgs) },
      { name: 'water_bed_raw', description: 'Waters one bed.', inputSchema: zodToJsonSchema(WaterArgs) },
    ],
  }));
}
`;
    const loaded = await loadSource(GREENHOUSE);
    const server = new Server({ name: 'greenhouse', version: '1.0.0' }, { capabilities: { tools: {} } });
    (loaded.module.register as (s: Server) => void)(server);
    const wire = await listToolsOnWire(server);
    const context = getContext(loaded);
    const published = findToolObjects(loaded.program, 'inputSchema').map((object) => buildPublishedTool(buildObjectDecl('mcp-sdk-low-level', object, 'inputSchema', context)));
    expect(published.map((p) => [p.tool?.name, p.dynamic])).toEqual([
      ['water_bed', false],
      ['water_bed_raw', false],
    ]);
    for (const { tool } of published) expect(JSON.stringify(tool)).toBe(JSON.stringify(wire.find((t) => getName(t) === tool?.name)));
    // The other call's result still has its \`$schema\`: each call builds a new value.
    expect(Object.keys(published[0].tool?.inputSchema ?? {})).not.toContain('$schema');
    expect(Object.keys(published[1].tool?.inputSchema ?? {})).toContain('$schema');
  });

  it('leaves a module constant as it was after a helper that builds on a copy', () => {
    const code = `const BASE = ['Kiln'];
function build() { const out = [...BASE]; out.push('notes'); return out.join(' '); }
server.registerTool('a', { description: build() }, async () => ({ content: [] }));
server.registerTool('b', { description: BASE.join(' ') }, async () => ({ content: [] }));`;
    const tools = analyzeSource(code, { filePath: 'kiln.js' }).tools;
    expect(tools.map((t) => (t.description?.kind === 'static' ? t.description.value : undefined))).toEqual(['Kiln notes', 'Kiln']);
  });
});

// A project's own zod-to-JSON converter: `instanceof` tests against zod's classes, a `while` loop peeling
// wrappers, the schema's own data (`maxLength`, `description`) and a helper that calls itself for nested fields.
const POTTING = `import { z } from 'zod';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
function peel(schema) {
  let current = schema;
  let optional = false;
  while (true) {
    if (current instanceof z.ZodOptional) {
      optional = true;
      current = current.unwrap();
      continue;
    }
    break;
  }
  return { schema: current, optional };
}
function field(schema) {
  const { schema: inner } = peel(schema);
  const out = schema.description ? { description: schema.description } : {};
  if (inner instanceof z.ZodString) {
    const limits = {};
    if (inner.maxLength !== null && inner.maxLength !== undefined) limits.maxLength = inner.maxLength;
    return { ...out, type: 'string', ...limits };
  }
  if (inner instanceof z.ZodArray) return { ...out, type: 'array', items: field(inner.element) };
  if (inner instanceof z.ZodObject) return { ...out, ...toJson(inner) };
  return { ...out, type: 'number' };
}
function toJson(schema) {
  const properties = {};
  const required = [];
  for (const [key, value] of Object.entries(schema.shape)) {
    properties[key] = field(value);
    if (!peel(value).optional) required.push(key);
  }
  return { type: 'object', properties, required };
}
const PotArgs = z.object({
  pot: z.string().max(20).describe('Which pot.'),
  layers: z.array(z.array(z.object({ soil: z.string() }))).optional(),
  depth: z.number().optional(),
});
export function register(server) {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'pot_plant', description: 'Pots a plant.', inputSchema: toJson(PotArgs) }],
  }));
}
`;

describe("a project's own converter of zod schemas", () => {
  it("is run: instanceof against zod's classes, a while loop, the schema's own data and a helper calling itself, byte for byte", async () => {
    const loaded = await loadSource(POTTING);
    const server = new Server({ name: 'potting', version: '1.0.0' }, { capabilities: { tools: {} } });
    (loaded.module.register as (s: Server) => void)(server);
    const wire = await listToolsOnWire(server);
    const context = getContext(loaded);
    const published = findToolObjects(loaded.program, 'inputSchema').map((object) => buildPublishedTool(buildObjectDecl('mcp-sdk-low-level', object, 'inputSchema', context)));
    expect(published.map((p) => [p.tool?.name, p.dynamic, p.reasons])).toEqual([['pot_plant', false, []]]);
    expect(JSON.stringify(published[0].tool)).toBe(JSON.stringify(wire[0]));
    // Three levels of fields, each read by the helper calling itself.
    expect(JSON.stringify(published[0].tool?.inputSchema)).toContain('"items":{"type":"array","items":{"type":"object"');
  });
});
