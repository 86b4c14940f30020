/**
 * `slim` reads the same tools as `report`: a tool-shaped object that is only exported and used by no file
 * of its package (a second, forgotten declaration of a published name, say) is no tool of any server.
 * Neither counts it, so their before → after agree and slim never edits text nobody publishes.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildReport } from '@toolslim/core';
import { planSlim } from '../src/index.js';
import { findProjectSources } from './helpers.js';

const HOW =
  'Results are sorted by creation date, newest first, and at most 50 are returned per page. ' +
  'Each result holds the order id, the customer name, the total in cents and the status. ' +
  'To read the next page, pass the cursor returned with the previous page. ' +
  'Cancelled orders are included unless the status filter leaves them out. ' +
  'Totals are rounded to whole cents and include taxes but not shipping.';

const FILES: Record<string, string> = {
  'package.json': '{ "name": "orders", "private": true, "type": "module" }',
  'src/tools/list-orders.ts': `export const listOrders = {
  name: 'orders_list',
  description: 'Lists the orders of the shop. Use it when the user asks about recent orders. ${HOW}',
  inputSchema: { type: 'object', properties: { cursor: { type: 'string' } } },
};\n`,
  // The same name, declared again in a file nothing imports: not published.
  'src/tools/legacy.ts': `export const listOrdersOld = {
  name: 'orders_list',
  description: 'Lists orders (old version). Use it for old shops. ${HOW}',
  inputSchema: { type: 'object', properties: {} },
};\n`,
  'src/index.ts': `import { listOrders } from './tools/list-orders.js';\nexport const tools = [listOrders];\n`,
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A scratch project holding `files` (relative path → text), removed when the file's tests end. */
function writeProject(prefix: string, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), code);
  }
  return dir;
}

test('an exported definition that nothing uses is neither slimmed nor counted, as in report', () => {
  const dir = writeProject('toolslim-unreached-', FILES);
  const files = findProjectSources(dir);
  const report = buildReport(
    files.map((filePath) => ({ filePath, code: readFileSync(filePath, 'utf8') })),
    { cwd: dir },
  );
  expect(report.tools.map((tool) => `${tool.name} ${tool.file}`)).toEqual(['orders_list src/tools/list-orders.ts']);

  const plan = planSlim({ cwd: dir, files, skipUnprofitable: false });
  expect(plan.tools.map((tool) => `${tool.name} ${tool.file}`)).toEqual(['orders_list src/tools/list-orders.ts']);
  expect(plan.totals.found).toBe(report.tools.length);
  expect(plan.totals.before.bytes).toBe(report.totals.bytes);
});

// A program built with `tsc` and read whole: its compiled copies in `dist/` beside the sources in `src/`.
const BUILT: Record<string, string> = {
  'package.json': '{ "name": "orders", "type": "module", "bin": { "orders": "dist/index.js" } }',
  'tsconfig.json': '{ "compilerOptions": { "outDir": "dist", "rootDir": "src" } }',
  'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'orders', version: '1.0.0' });\nserver.registerTool('orders_list', { description: 'Lists the orders of the shop. Use it when the user asks about recent orders. ${HOW}' }, async () => ({ content: [] }));\n`,
  'dist/index.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'orders', version: '1.0.0' });\nserver.registerTool('orders_list', { description: 'Lists the orders of the shop. Use it when the user asks about recent orders. ${HOW}' }, async () => ({ content: [] }));\n`,
};

test('a compiled copy read beside its source is neither slimmed nor counted: the source is, as in report', () => {
  const dir = writeProject('toolslim-built-', BUILT);
  const files = ['src/index.ts', 'dist/index.js'].map((file) => path.join(dir, file));
  const report = buildReport(
    files.map((filePath) => ({ filePath, code: readFileSync(filePath, 'utf8') })),
    { cwd: dir },
  );
  expect(report.tools.map((tool) => `${tool.name} ${tool.file}`)).toEqual(['orders_list src/index.ts']);
  const plan = planSlim({ cwd: dir, files, skipUnprofitable: false });
  expect(plan.tools.map((tool) => `${tool.name} ${tool.file}`)).toEqual(['orders_list src/index.ts']);
  expect(plan.totals.found).toBe(1);
});
