// What compilers and minifiers write for plain JavaScript reads as that JavaScript: object-spread helpers
// (esbuild's `__spreadValues`/`__spreadProps`, Babel's `_objectSpread2`, tsc's `__assign`) and `!0`/`!1`.
import { describe, expect, it } from 'vitest';
import { analyzeSource, buildPublishedTool } from '../src/index.js';

const HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'x', version: '1' });
const shared = { verbose: z.boolean().default(false) };
`;

function publishedOf(code: string): unknown {
  const [tool] = analyzeSource(code, { filePath: '/virtual/idioms/server.ts' }).tools;
  return tool ? buildPublishedTool(tool).tool : undefined;
}

describe('bundler idioms', () => {
  const plain = publishedOf(`${HEAD}server.tool('find', 'Finds.', { ...shared, id: z.string() }, async () => ({ content: [] }));`);

  it.each([
    ['esbuild', `var __spreadValues = (a, b) => { for (var p in b) a[p] = b[p]; return a; };\nserver.tool('find', 'Finds.', __spreadValues(__spreadValues({}, shared), { id: z.string() }), async () => ({ content: [] }));`],
    ['esbuild props', `var __spreadProps = (a, b) => Object.defineProperties(a, b);\nvar __getOwnPropDescs = Object.getOwnPropertyDescriptors;\nserver.tool('find', 'Finds.', __spreadProps(shared, __getOwnPropDescs({ id: z.string() })), async () => ({ content: [] }));`],
    ['Babel', `function _objectSpread2(t) { return t; }\nserver.tool('find', 'Finds.', _objectSpread2(_objectSpread2({}, shared), {}, { id: z.string() }), async () => ({ content: [] }));`],
    ['tsc', `var __assign = function () { return {}; };\nserver.tool('find', 'Finds.', __assign(__assign({}, shared), { id: z.string() }), async () => ({ content: [] }));`],
  ])('%s object spread reads as the spread', (_, code) => {
    expect(plain).toBeDefined();
    expect(publishedOf(`${HEAD}${code}`)).toEqual(plain);
  });

  it('`!1` and `!0` are false and true', () => {
    const minified = publishedOf(HEAD.replace('default(false)', 'default(!1)') + "server.tool('find', 'Finds.', { ...shared, id: z.string() }, async () => ({ content: [] }));");
    expect(minified).toEqual(plain);
  });
});

describe('an SDK import renamed by a bundler', () => {
  it('`ListToolsRequestSchema as a` still sets the list handler', () => {
    const code = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema as a, CallToolRequestSchema as b } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(a, async () => ({ tools: [{ name: 'water_plants', description: 'Waters the garden.', inputSchema: { type: 'object', properties: {} } }] }));
server.setRequestHandler(b, async () => ({ content: [] }));`;
    const model = analyzeSource(code, { filePath: '/virtual/idioms/garden.js' });
    expect(model.tools.map((tool) => [tool.framework, tool.name?.kind === 'static' ? tool.name.value : undefined])).toEqual([['mcp-sdk-low-level', 'water_plants']]);
    // A local binding of the same name is not the SDK's schema: the definition is found by its shape only.
    const local = analyzeSource(code.replace("import { ListToolsRequestSchema as a, CallToolRequestSchema as b } from '@modelcontextprotocol/sdk/types.js';", 'const a = {}, b = {};'), { filePath: '/virtual/idioms/garden.js' });
    expect(local.tools.map((tool) => tool.framework)).not.toContain('mcp-sdk-low-level');
  });
});
