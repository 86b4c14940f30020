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
