// A registrar replaced in one module by a wrapper that may return without registering
// (`server.addTool = (t) => { switch (mode) { case 'lite': if (!t.core) return; } add(t); }`) makes conditional
// every registration that other modules make through helpers the wrapped object is handed to. A helper also
// handed an unwrapped object, or a wrapper that always registers, keeps its tools certain.
import { describe, expect, it } from 'vitest';
import { getConditions, useReportOnFiles } from './report-on-files.js';

const ENTRY = (wrapper: string) => `import { FastMCP } from 'fastmcp';
import { addGardenTools } from './garden.js';
import { addShedTools } from './shed.js';
const mode = process.argv.includes('--all') ? 'all' : 'lite';
const server = new FastMCP({ name: 'allotment', version: '1.0.0' });
const add = server.addTool.bind(server);
server.addTool = function (tool) {
  ${wrapper}
  add(tool);
};
addGardenTools(server);
const plain = new FastMCP({ name: 'plain', version: '1.0.0' });
addShedTools(server);
addShedTools(plain);
`;
const DROPPING = `switch (mode) {
    case 'lite':
      if (!tool.core) return;
      break;
  }`;
const KEEPING = `console.error('adding', tool.name);`;
const GARDEN = `import { z } from 'zod';
export function addGardenTools(server) {
  server.addTool({ name: 'water_bed', description: 'Waters a bed.', core: true, parameters: z.object({}), execute: async () => '' });
  addCompostTools(server);
}
function addCompostTools(target) {
  target.addTool({ name: 'turn_compost', description: 'Turns the compost heap.', parameters: z.object({}), execute: async () => '' });
}
`;
const SHED = `import { z } from 'zod';
export function addShedTools(server) {
  server.addTool({ name: 'list_tools_in_shed', description: 'Lists what hangs in the shed.', parameters: z.object({}), execute: async () => '' });
}
`;
const FILES: Record<string, string> = {
  'dropping/package.json': '{ "name": "allotment", "bin": { "allotment": "bin/server.js" } }',
  'dropping/bin/server.js': ENTRY(DROPPING),
  'dropping/bin/garden.js': GARDEN,
  'dropping/bin/shed.js': SHED,
  'keeping/package.json': '{ "name": "allotment-keeping", "bin": { "allotment": "bin/server.js" } }',
  'keeping/bin/server.js': ENTRY(KEEPING),
  'keeping/bin/garden.js': GARDEN,
  'keeping/bin/shed.js': SHED,
};

const report = useReportOnFiles('wrapper-modules', FILES);
const conditions = (dir: string) => getConditions(report(['bin/server.js', 'bin/garden.js', 'bin/shed.js'].map((file) => `${dir}/${file}`)));

describe('a dropping registrar wrapper followed into other modules', () => {
  it('makes the tools registered through helpers handed the wrapped object conditional, through a second helper too', () => {
    const found = conditions('dropping');
    expect(found.water_bed).toEqual(expect.stringContaining('wrapper of server.addTool (server.js:7)'));
    expect(found.water_bed).toEqual(expect.stringContaining('handed to addGardenTools() (server.js:15)'));
    expect(found.turn_compost).toEqual(expect.stringContaining('wrapper of server.addTool (server.js:7)'));
  });

  it('keeps a helper certain when it is also handed an object that was not wrapped', () => {
    expect(conditions('dropping').list_tools_in_shed).toBe(false);
  });

  it('keeps every tool certain when the wrapper always registers', () => {
    expect(conditions('keeping')).toEqual({ water_bed: false, turn_compost: false, list_tools_in_shed: false });
  });
});
