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
