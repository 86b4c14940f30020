/**
 * A value computed from an environment variable by a function known only at run time
 * (`Number.parseInt(process.env.X ?? '20')`, `parseInt(…, 10)`, `Number(…)`) depends on that variable:
 * a tool text built from it is partly readable with the variable named, not "known only at run time".
 */
import { describe, expect, it } from 'vitest';
import { useReportOnFiles } from './report-on-files.js';

const server = (limit: string) => `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
${limit}
const server = new Server({ name: 'greenhouse', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: 'read_sensors',
      description: 'Reads the humidity sensors of the greenhouse.',
      inputSchema: { type: 'object', properties: { count: { type: 'number', description: \`How many readings (default: \${readings})\` } } },
    },
  ],
}));
`;

const FILES: Record<string, string> = {
  'parse-int.mjs': server(`const parsed = Number.parseInt(process.env.GREENHOUSE_READINGS ?? '20');\nconst readings = Number.isNaN(parsed) ? 20 : parsed;`),
  'global-parse-int.mjs': server(`const parsed = parseInt(process.env.GREENHOUSE_READINGS || '20', 10);\nconst readings = isNaN(parsed) ? 20 : parsed;`),
  'number.mjs': server(`const readings = Number(process.env.GREENHOUSE_READINGS);`),
  'unknown.mjs': server(`const parsed = Number.parseInt(readConfig());\nconst readings = Number.isNaN(parsed) ? 20 : parsed;`),
};

const report = useReportOnFiles('environment-calls', FILES);
const reasons = (file: string) => report([file]).tools.map((tool) => [tool.name, tool.unreadable]);

describe('a call of a run-time function on a value from the environment', () => {
  it('names the variable the conditional built on it depends on', () => {
    for (const file of ['parse-int.mjs', 'global-parse-int.mjs']) {
      expect(reasons(file), file).toEqual([['read_sensors', [{ field: 'inputSchema', reason: 'a conditional that depends on process.env.GREENHOUSE_READINGS' }]]]);
    }
  });

  it('names the variable a value computed from it depends on', () => {
    expect(reasons('number.mjs')).toEqual([['read_sensors', [{ field: 'inputSchema', reason: 'a call on a value that depends on process.env.GREENHOUSE_READINGS' }]]]);
  });

  it('keeps "known only at run time" for a call on a value that is not from the environment', () => {
    expect(reasons('unknown.mjs')).toEqual([['read_sensors', [{ field: 'inputSchema', reason: 'a conditional whose condition is known only at run time' }]]]);
  });
});
