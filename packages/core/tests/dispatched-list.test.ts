/**
 * A server that answers JSON-RPC itself (`case 'tools/list': return { jsonrpc, id, result: { tools } }`)
 * and lists each definition of another module with fields of its own added
 * (`Object.values(kilns).map((k) => ({ ...k.definition, annotations: HINTS[k.definition.name] || FALLBACK }))`),
 * the modules loaded with `require` and exporting `module.exports = { definition, handler }`. Each tool is
 * measured as the server really lists it; an added field known only at run time leaves it partly readable.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureTool } from '../src/measure.js';
import type { PublishedTool } from '../src/model.js';
import { useReportOnFiles } from './report-on-files.js';

const FIRE = `const definition = {
  name: 'fire_kiln',
  description: 'Start a firing at the given peak temperature.',
  inputSchema: { type: 'object', properties: { celsius: { type: 'number', description: 'Peak temperature' } }, required: ['celsius'] },
};
async function handler(args) { return { text: 'firing to ' + args.celsius }; }
module.exports = { definition, handler };
`;
const COOL = `const definition = { name: 'cool_kiln', description: 'Let the kiln cool down slowly.', inputSchema: { type: 'object', properties: {} } };
module.exports = { definition, handler: async () => ({ text: 'cooling' }) };
`;
const answer = (annotations: string) => `const kilns = { fire_kiln: require('./tools/fire'), cool_kiln: require('./tools/cool') };
const HINTS = { fire_kiln: { readOnlyHint: false, destructiveHint: true } };
const FALLBACK = { readOnlyHint: true, openWorldHint: false };
function loadHints() { return JSON.parse(process.env.KILN_HINTS || '{}'); }
function answer(message) {
  const { id, method, params } = message;
  switch (method) {
    case 'tools/list':
      return { jsonrpc: '2.0', id, result: { tools: Object.values(kilns).map((k) => ({ ...k.definition, annotations: ${annotations} })) } };
    case 'tools/call':
      return kilns[params.name].handler(params.arguments);
    default:
      return { jsonrpc: '2.0', id, error: { code: -32601, message: 'no such method' } };
  }
}
module.exports = { answer };
`;

const PACKAGE = JSON.stringify({ name: 'kiln', version: '1.0.0', main: 'index.js' });
const report = useReportOnFiles('dispatched-list', {
  'static/package.json': PACKAGE,
  'static/index.js': answer('HINTS[k.definition.name] || FALLBACK'),
  'static/tools/fire.js': FIRE,
  'static/tools/cool.js': COOL,
  'runtime/package.json': PACKAGE,
  'runtime/index.js': answer('loadHints()[k.definition.name]'),
  'runtime/tools/fire.js': FIRE,
  'runtime/tools/cool.js': COOL,
  // A list built by a function of another module toolslim does not follow, and an empty fallback list.
  'built/package.json': PACKAGE,
  'built/index.js': `const { buildKilnList } = require('./catalogue');
function answer(message) {
  switch (message.method) {
    case 'tools/list':
      return { jsonrpc: '2.0', id: message.id, result: { tools: buildKilnList(process.env.KILN_SET) } };
    default:
      return { jsonrpc: '2.0', id: message.id, result: { tools: [] } };
  }
}
module.exports = { answer };
`,
  'built/catalogue.js': 'exports.buildKilnList = (set) => (set ? [] : []);\n',
  'empty/package.json': PACKAGE,
  'empty/index.js': `function answer(message) {
  if (message.method === 'tools/list') return { jsonrpc: '2.0', id: message.id, result: { tools: [] } };
  return { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'no such method' } };
}
module.exports = { answer };
`,
});
const files = (dir: string) => ['index.js', 'tools/fire.js', 'tools/cool.js'].map((file) => path.join(dir, file));

describe('a tools/list a server answers itself', () => {
  it('measures each definition with the fields the list adds, as the real answer lists it', () => {
    const read = report(files('static'));
    const listed = runAnswer('static');
    expect(read.tools.map((tool) => tool.name).sort()).toEqual(listed.map((tool) => tool.name).sort());
    for (const tool of read.tools) {
      const runtime = listed.find((each) => each.name === tool.name)!;
      expect(tool.dynamic, tool.name).toBe(false);
      expect(tool.bytes, tool.name).toBe(measureTool(runtime).bytes);
    }
  });

  it('leaves a tool partly readable when an added field is known only at run time', () => {
    const read = report(files('runtime'));
    expect(read.tools.map((tool) => tool.name).sort()).toEqual(['cool_kiln', 'fire_kiln']);
    for (const tool of read.tools) {
      expect(tool.dynamic, tool.name).toBe(true);
      expect(tool.unreadable?.map((u) => u.field), tool.name).toEqual(['annotations']);
      expect(tool.unreadable?.[0].reason).toContain('index.js:');
    }
  });
});

describe('a tools/list a server answers itself that toolslim cannot read', () => {
  it('names the branch and what it lists, never leaving the server silent', () => {
    const read = report([path.join('built', 'index.js')]);
    expect(read.tools).toEqual([]);
    expect(read.unread).toEqual([
      { file: 'built/index.js', line: 4, sink: "case 'tools/list'", reason: 'the tools it lists, `buildKilnList(…)`, cannot be followed to tool definitions toolslim can read' },
    ]);
  });

  it('names nothing for a branch that lists no tools', () => {
    const read = report([path.join('empty', 'index.js')]);
    expect(read.tools).toEqual([]);
    expect(read.unread ?? []).toEqual([]);
  });
});

/** The fixture's own `answer` run for `tools/list`, loaded from the scratch tree the report read. */
function runAnswer(dir: string): PublishedTool[] {
  const file = path.join(report.root, dir, 'index.js');
  const loaded = createRequire(file)(file) as { answer: (message: unknown) => { result: { tools: PublishedTool[] } } };
  return loaded.answer({ jsonrpc: '2.0', id: 1, method: 'tools/list' }).result.tools;
}
