// A program (a package with `bin`) whose every file was read runs only what its files call: a registering
// function it exports and none of its files calls registers nothing, so its tools are conditional. A
// library's exports are called by other packages: there the same function keeps its tools certain.
import { describe, expect, it } from 'vitest';
import { getConditions, useReportOnFiles } from './report-on-files.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerShelfTools } from './shelf.js';
import addFridge from './fridge.js';
export { default as addFreezerTools } from './freezer.js';
const server = new McpServer({ name: 'pantry', version: '1.0.0' });
registerShelfTools(server);
addFridge(server);
`;
// A default export the entry imports under another name and calls.
const FRIDGE = `export default function addFridgeTools(server) {
  server.registerTool('fridge_temperature', { description: 'Reads the fridge temperature.' }, async () => ({ content: [] }));
}
`;
// A default export the entry only hands on.
const FREEZER = `export default function addFreezerTools(server) {
  server.registerTool('defrost', { description: 'Starts a defrost cycle.' }, async () => ({ content: [] }));
}
`;
const SHELF = `export function registerShelfTools(server) {
  server.registerTool('list_shelves', { description: 'Lists the shelves.' }, async () => ({ content: [] }));
}
export function registerStockTools(server) {
  server.registerTool('count_stock', { description: 'Counts what is on a shelf.' }, async () => ({ content: [] }));
}
export const registerLabelTools = (server) => {
  server.registerTool('print_label', { description: 'Prints a shelf label.' }, async () => ({ content: [] }));
};
`;
const FILES: Record<string, string> = {
  'pantry/package.json': '{ "name": "pantry", "bin": { "pantry": "bin/server.js" } }',
  'pantry/bin/server.js': SERVER,
  'pantry/bin/shelf.js': SHELF,
  'pantry/bin/fridge.js': FRIDGE,
  'pantry/bin/freezer.js': FREEZER,
  'kit/package.json': '{ "name": "pantry-kit", "exports": { ".": "./src/index.js" } }',
  'kit/src/index.js': SERVER.replace("'./shelf.js'", "'./shelf.js';\nexport * from './shelf.js'"),
  'kit/src/shelf.js': SHELF,
  'kit/src/fridge.js': FRIDGE,
  'kit/src/freezer.js': FREEZER,
};

const report = useReportOnFiles('uncalled', FILES);
const conditions = (files: readonly string[]) => getConditions(report(files));

describe('a registering function the program exports and never calls', () => {
  it('makes its tools conditional in a program (a re-export is no call); what the program calls, by any name, stays certain', () => {
    const found = conditions(['pantry/bin/server.js', 'pantry/bin/shelf.js', 'pantry/bin/fridge.js', 'pantry/bin/freezer.js']);
    expect(found.list_shelves).toBe(false);
    expect(found.fridge_temperature).toBe(false);
    expect(found.defrost).toEqual(expect.stringContaining('addFreezerTools() is called'));
    expect(found.count_stock).toEqual(expect.stringContaining('registerStockTools() is called'));
    expect(found.print_label).toEqual(expect.stringContaining('registerLabelTools() is called'));
  });

  it('leaves a library alone: others call what it exports', () => {
    const found = conditions(['kit/src/index.js', 'kit/src/shelf.js', 'kit/src/fridge.js', 'kit/src/freezer.js']);
    expect(found).toEqual({ list_shelves: false, count_stock: false, print_label: false, fridge_temperature: false, defrost: false });
  });

  it('leaves the program alone when its entry was not read', () => {
    expect(conditions(['pantry/bin/shelf.js'])).toEqual({ list_shelves: false, count_stock: false, print_label: false });
  });
});
