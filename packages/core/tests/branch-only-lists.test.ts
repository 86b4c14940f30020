// A definition found by its shape in one module and listed by another only inside a branch chosen at run
// time (`...flag ? [a] : [b]`, `flag && b`) is listed only under that condition: conditional, not certain.
// A use outside any such branch, even beside one inside, keeps the definition certain.
import { describe, expect, it } from 'vitest';
import { getConditions, useReportOnFiles } from './report-on-files.js';

const DEFINITIONS = `const schema = { type: 'object', properties: {} };
const waterTool = { name: 'water_plants', description: 'Waters the plants of one bed.', inputSchema: schema };
const mistTool = { name: 'mist_plants', description: 'Mists the plants of one bed.', inputSchema: schema };
const soakTool = { name: 'soak_plants', description: 'Soaks the plants of one bed.', inputSchema: schema };
const lightTool = { name: 'switch_light', description: 'Switches the grow light.', inputSchema: schema };
const heatTool = { name: 'switch_heat', description: 'Switches the heat mat.', inputSchema: schema };
export { waterTool, mistTool, soakTool, lightTool, heatTool };
`;
const SERVER = `import { serveTools } from 'garden-kit';
import { waterTool, mistTool, soakTool, lightTool, heatTool } from './definitions.js';
const FINE_SPRAY = process.env.FINE_SPRAY != null;
const tools = [waterTool, lightTool, ...(FINE_SPRAY ? [mistTool, lightTool] : [soakTool]), process.env.HEAT && heatTool];
serveTools({ name: 'greenhouse', tools: tools.filter(Boolean) });
`;
const FILES: Record<string, string> = {
  'greenhouse/package.json': '{ "name": "greenhouse", "bin": "bin/server.js" }',
  'greenhouse/bin/server.js': SERVER,
  'greenhouse/bin/definitions.js': DEFINITIONS,
  'greenhouse/node_modules/garden-kit/package.json': '{ "name": "garden-kit" }',
  'greenhouse/node_modules/garden-kit/index.js': 'export function serveTools() {}\n',
};

const report = useReportOnFiles('branches', FILES);
const conditions = (files: readonly string[]) => getConditions(report(files));

describe('a definition listed only in a branch chosen at run time', () => {
  it('is conditional when every use is in such a branch, certain when one is not', () => {
    const found = conditions(['greenhouse/bin/server.js', 'greenhouse/bin/definitions.js']);
    expect(found.water_plants).toBe(false);
    expect(found.switch_light).toBe(false);
    expect(found.mist_plants).toEqual(expect.stringContaining('`FINE_SPRAY` (server.js:4)'));
    expect(found.soak_plants).toEqual(expect.stringContaining('`FINE_SPRAY` (server.js:4)'));
    expect(found.switch_heat).toEqual(expect.stringContaining('`process.env.HEAT` (server.js:4)'));
  });
});

// A definitions module that also exports its list as its default, listed by a server that imports it by
// name inside a branch chosen at run time, or filters a list at run time before serving it.
const KILN_DEFINITIONS = `const schema = { type: 'object', properties: {} };
export const glazeTools = [
  { name: 'glaze_mix', description: 'Mixes a glaze batch.', inputSchema: schema },
  { name: 'glaze_test', description: 'Fires a glaze test tile.', inputSchema: schema },
];
export default glazeTools;
`;
const KILN_SHELVES = `const schema = { type: 'object', properties: {} };
export const shelfTools = [
  { name: 'shelf_list', description: 'Lists the kiln shelves.', inputSchema: schema },
  { name: 'shelf_wash', description: 'Washes one kiln shelf.', inputSchema: schema },
];
`;
const KILN_SERVER = `import { serveTools } from 'kiln-kit';
import { glazeTools } from './glazes.js';
import { shelfTools } from './shelves.js';
function getGlazeTools() {
  return process.env.GLAZES ? glazeTools : [];
}
serveTools({ name: 'kiln', tools: [...getGlazeTools(), ...shelfTools.filter((t) => ['shelf_list'].includes(t.name))] });
`;
const kilnFiles = (server: string): Record<string, string> => ({
  'kiln/package.json': '{ "name": "kiln", "bin": "bin/server.js" }',
  'kiln/bin/server.js': server,
  'kiln/bin/glazes.js': KILN_DEFINITIONS,
  'kiln/bin/shelves.js': KILN_SHELVES,
  'kiln/node_modules/kiln-kit/package.json': '{ "name": "kiln-kit" }',
  'kiln/node_modules/kiln-kit/index.js': 'export function serveTools() {}\n',
});
const kiln = useReportOnFiles('kiln', kilnFiles(KILN_SERVER));
const kilnTakingDefault = useReportOnFiles('kiln-default', { ...kilnFiles(KILN_SERVER), 'kiln/bin/all.js': "import glazes from './glazes.js';\nexport const all = [...glazes];\n", 'kiln/bin/server.js': `import { all } from './all.js';\n${KILN_SERVER}` });
const KILN_FILES = ['kiln/bin/server.js', 'kiln/bin/glazes.js', 'kiln/bin/shelves.js'];

describe('a list exported as a default nothing imports, or filtered at run time', () => {
  it('is conditional when the only other use is in a run-time branch: its own default export is no use', () => {
    const found = getConditions(kiln(KILN_FILES));
    expect(found.glaze_mix).toEqual(expect.stringContaining('`process.env.GLAZES` (server.js:5)'));
    expect(found.glaze_test).toEqual(expect.stringContaining('`process.env.GLAZES` (server.js:5)'));
  });
  it('is certain when a file that runs imports that default', () => {
    const found = getConditions(kilnTakingDefault([...KILN_FILES, 'kiln/bin/all.js']));
    expect(found.glaze_mix).toBe(false);
  });
  it('is conditional when the list reaches the server through a filter decided at run time', () => {
    const found = getConditions(kiln(KILN_FILES));
    expect(found.shelf_wash).toEqual(expect.stringContaining('the filter `shelfTools.filter('));
    expect(found.shelf_list).toEqual(expect.stringContaining('the filter'));
  });
});

// A program that starts one of two servers by a mode it reads at run time: the tools of the server built
// only in one mode are conditional; the server built on the common path, or behind an entry-point guard, is not.
const serverClass = (name: string, tools: readonly string[]) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
export class ${name} {
  constructor() {
    this.server = new McpServer({ name: '${name}', version: '1.0.0' });
    this.registerTools();
  }
  registerTools() {
${tools.map((tool) => `    this.server.registerTool('${tool}', { description: 'Reads the ${tool.replace('_', ' ')} of the sky tonight.', inputSchema: { night: z.string() } }, async () => ({ content: [] }));`).join('\n')}
  }
}
`;
const OBSERVATORY_MAIN = `import { StarServer } from './star-server.js';
import { CloudServer } from './cloud-server.js';
import { MoonServer } from './moon-server.js';
import { TideServer } from './tide-server.js';
function readMode() {
  const at = process.argv.indexOf('--mode');
  return at === -1 ? undefined : process.argv[at + 1];
}
async function main() {
  const mode = readMode();
  if (mode === 'clouds') {
    const server = new CloudServer();
    return server;
  }
  return new StarServer();
}
const isEntryPoint = process.argv[1] !== undefined;
if (isEntryPoint) void main();
if (isEntryPoint) new MoonServer();
function serveTide(transport) {
  if (transport === 'http') {
    const http = new TideServer();
    return http;
  } else {
    return new TideServer();
  }
}
serveTide(process.env.TRANSPORT);
export { CloudServer } from './cloud-server.js';
`;
const observatory = useReportOnFiles('observatory', {
  'observatory/package.json': '{ "name": "observatory", "bin": "bin/main.js" }',
  'observatory/bin/main.js': OBSERVATORY_MAIN,
  'observatory/bin/star-server.js': serverClass('StarServer', ['star_chart', 'star_rise']),
  'observatory/bin/cloud-server.js': serverClass('CloudServer', ['cloud_cover']),
  'observatory/bin/moon-server.js': serverClass('MoonServer', ['moon_phase']),
  'observatory/bin/tide-server.js': serverClass('TideServer', ['tide_height']),
});

describe('a server class constructed only in a mode chosen at run time', () => {
  it('registers its tools only in that mode; the server of the common path, one behind an entry-point guard and one built in both arms of a branch are certain', () => {
    const found = getConditions(observatory(['observatory/bin/main.js', 'observatory/bin/star-server.js', 'observatory/bin/cloud-server.js', 'observatory/bin/moon-server.js', 'observatory/bin/tide-server.js']));
    expect(found.cloud_cover).toEqual(expect.stringContaining("registered only when CloudServer is constructed, which is only in a mode chosen at run time by `mode === 'clouds'` (main.js:11)"));
    expect(found.star_chart).toBe(false);
    expect(found.star_rise).toBe(false);
    expect(found.moon_phase).toBe(false);
    expect(found.tide_height).toBe(false);
  });
});

// A list a package only re-exports from a barrel (for other programs to import), which none of its own
// files that run lists; a barrel some file imports whole may hand it to anything.
const BARREL_LOGS = `const schema = { type: 'object', properties: {} };
export const firingLogTools = [{ name: 'log_firing', description: 'Logs one kiln firing.', inputSchema: schema }];
`;
const barrelFiles = (server: string): Record<string, string> => ({
  'pottery/package.json': '{ "name": "pottery", "bin": "bin/server.js" }',
  'pottery/bin/server.js': server,
  'pottery/bin/tools/logs.js': BARREL_LOGS,
  'pottery/bin/tools/index.js': "export { firingLogTools } from './logs.js';\n",
  'pottery/node_modules/kiln-kit/package.json': '{ "name": "kiln-kit" }',
  'pottery/node_modules/kiln-kit/index.js': 'export function serveTools() {}\n',
});
const POTTERY_FILES = ['pottery/bin/server.js', 'pottery/bin/tools/logs.js', 'pottery/bin/tools/index.js'];
// The server loads plugins by a computed path, so which of its files run is not known from its entry.
const POTTERY_SERVER = "import { serveTools } from 'kiln-kit';\nconst plugins = process.env.PLUGIN ? [await import(process.env.PLUGIN)] : [];\nserveTools({ name: 'pottery', tools: plugins.flatMap((p) => p.tools) });\n";
const pottery = useReportOnFiles('pottery', barrelFiles(POTTERY_SERVER));
const potteryWhole = useReportOnFiles('pottery-whole', barrelFiles(`import * as all from './tools/index.js';\nexport const builtIn = Object.values(all).flat();\n${POTTERY_SERVER}`));

describe('a list only re-exported by its package', () => {
  it('is conditional: listed only by a program that imports it', () => {
    expect(getConditions(pottery(POTTERY_FILES)).log_firing).toEqual(expect.stringContaining('this package re-exports it (index.js:1)'));
  });
  it('is certain when a file that runs imports the barrel whole', () => {
    expect(getConditions(potteryWhole(POTTERY_FILES)).log_firing).toBe(false);
  });
});

// A helper module whose top-level function registers a tool, called by the server only in a branch chosen at run
// time (an `if`, an `else`, a `case`): its tool is conditional; a helper also called outside any branch is certain.
// One registration's name is read from data at run time: it is named as not read, though its style is a shape.
const SHED_FILES: Record<string, string> = {
  'shed/package.json': '{ "name": "shed", "bin": "bin/server.js" }',
  'shed/bin/server.js': `import { ShedServer } from './shed-server.js';
import { registerOpenDoor } from './open-door.js';
import { registerLockDoor } from './lock-door.js';
import { registerLights } from './lights.js';
import { registerFromCatalogue } from './catalogue.js';
const server = new ShedServer();
if (process.env.SHED_KEY) registerLockDoor(server);
else {
  registerOpenDoor(server);
}
switch (process.env.SHED_MODE) {
  case 'night':
    registerLights(server);
    break;
}
registerLights(server);
registerFromCatalogue(server, JSON.parse(process.env.SHED_CATALOGUE ?? '[]'));
`,
  'shed/bin/shed-server.js': `export class ShedServer { tool(definition) { this.tools.push(definition); } tools = []; }\n`,
  'shed/bin/open-door.js': `export function registerOpenDoor(server) {
  server.tool({ name: 'open_door', description: 'Opens the shed door.', inputSchema: { type: 'object', properties: {} } });
}
`,
  'shed/bin/lock-door.js': `export function registerLockDoor(server) {
  server.tool({ name: 'lock_door', description: 'Locks the shed door.', inputSchema: { type: 'object', properties: {} } });
}
`,
  'shed/bin/lights.js': `export function registerLights(server) {
  server.tool({ name: 'switch_lights', description: 'Switches the shed lights.', inputSchema: { type: 'object', properties: {} } });
}
`,
  'shed/bin/catalogue.js': `export function registerFromCatalogue(server, entries) {
  for (const entry of entries) server.tool({ name: entry.id, description: 'Runs a catalogued task.', inputSchema: { type: 'object', properties: {} } });
}
`,
};

const shedReport = useReportOnFiles('branch-calls', SHED_FILES);

describe('a registering function called only in a branch chosen at run time', () => {
  const files = ['shed/bin/server.js', 'shed/bin/shed-server.js', 'shed/bin/open-door.js', 'shed/bin/lock-door.js', 'shed/bin/lights.js', 'shed/bin/catalogue.js'];

  it('registers a conditional tool; called outside any branch too, a certain one', () => {
    const found = getConditions(shedReport(files));
    expect(found.lock_door).toEqual(expect.stringContaining('`process.env.SHED_KEY` (server.js:7)'));
    expect(found.open_door).toEqual(expect.stringContaining('`process.env.SHED_KEY` (server.js:7)'));
    expect(found.switch_lights).toBe(false);
  });

  it('names a registration whose name is known only at run time, whatever style declared it', () => {
    expect(shedReport(files).unread).toEqual([expect.objectContaining({ file: 'shed/bin/catalogue.js', line: 2, reason: expect.stringContaining("the tool's name cannot be read") })]);
  });
});
