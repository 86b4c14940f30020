// A function of another module that builds a tool definition from its arguments
// (`makeTool('fire_kiln', 'Fires the kiln.', { cone: … })` returning `{ name, description, inputSchema }`): each call is
// a definition, read where the function is written with its parameters bound to the call's arguments.
import { describe, expect, it } from 'vitest';
import { useReportOnFiles } from './report-on-files.js';

const FILES: Record<string, string> = {
  'kiln/package.json': '{ "name": "kiln", "type": "module" }',
  'kiln/src/tools/make.ts': `export function makeTool(name: string, description: string, properties: Record<string, unknown>, required?: string[]) {
  return { name, description, inputSchema: { type: 'object', ...(required ? { required } : {}), properties, additionalProperties: false } };
}
`,
  'kiln/src/tools/firing.ts': `import { makeTool } from './make.js';
export const fireKiln = makeTool('fire_kiln', 'Fires the kiln to a cone.', { cone: { type: 'number', description: 'Target cone.' } }, ['cone']);
export const coolKiln = makeTool('cool_kiln', 'Cools the kiln slowly.', {});
`,
  'kiln/src/tools/index.ts': `import { fireKiln, coolKiln } from './firing.js';
export const ALL_TOOLS = [fireKiln, coolKiln];
`,
  'kiln/src/visible.ts': `export function keepVisible<T extends { name: string }>(tools: T[], open: Set<string>): T[] {
  return tools.filter((tool) => open.has(tool.name));
}
`,
  'kiln/src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ALL_TOOLS } from './tools/index.js';
import { keepVisible } from './visible.js';
const server = new Server({ name: 'kiln', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: keepVisible(ALL_TOOLS, new Set(['fire_kiln'])) }));
`,
};

const FILE_LIST = ['kiln/src/server.ts', 'kiln/src/visible.ts', 'kiln/src/tools/index.ts', 'kiln/src/tools/firing.ts', 'kiln/src/tools/make.ts'];
const report = useReportOnFiles('definition-factories', FILES);

describe('a definition factory of another module', () => {
  it('reads each call as the definition it builds, sized as the factory returns it', () => {
    const tools = report(FILE_LIST).tools;
    expect(tools.map((tool) => tool.name).sort()).toEqual(['cool_kiln', 'fire_kiln']);
    const fire = tools.find((tool) => tool.name === 'fire_kiln')!;
    const published = { name: 'fire_kiln', description: 'Fires the kiln to a cone.', inputSchema: { type: 'object', required: ['cone'], properties: { cone: { type: 'number', description: 'Target cone.' } }, additionalProperties: false } };
    expect(fire.bytes).toBe(Buffer.byteLength(JSON.stringify(published)));
    expect(fire.file).toBe('kiln/src/tools/firing.ts');
  });

  it('lists them as conditional where the list handler passes them through a function toolslim does not read', () => {
    const tools = report(FILE_LIST).tools;
    expect(tools).toHaveLength(2);
    expect(tools.every((tool) => typeof tool.conditional === 'string' && tool.conditional.includes('may leave it out'))).toBe(true);
  });
});
