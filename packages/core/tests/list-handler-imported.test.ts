/**
 * A low-level list handler that maps definitions written in another module and adds to each what the
 * definition leaves out (`outputSchema: tool.outputSchema || FALLBACK`, shared annotations). The report
 * must size every tool as the server lists it, once: ESM imports and tsc's CommonJS (`exports.x = void 0`
 * first, the list after) alike.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../src/report.js';
import { listToolsOnWire } from './schema-harness.js';
import { useScratchProjects } from './scratch-projects.js';

const writeProject = useScratchProjects('toolslim-list-handler-imported');

const FIRINGS = `[
  {
    name: 'start_firing',
    description: 'Starts a firing of the kiln to the given cone.',
    inputSchema: { type: 'object', properties: { cone: { type: 'string', enum: ['06', '04', '6', '10'] } }, required: ['cone'] },
    handler: async () => ({ content: [] }),
  },
  {
    name: 'firing_log',
    description: 'Reads the temperature log of the last firing.',
    inputSchema: { type: 'object', properties: { last: { type: 'number' } } },
    outputSchema: { type: 'object', properties: { readings: { type: 'array', items: { type: 'number' } } } },
    handler: async () => ({ content: [] }),
  },
]`;

const MAPPING = `tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema || PLAIN_TEXT,
      annotations: { openWorldHint: false },
    }))`;

const PLAIN_TEXT = `{ type: 'object', properties: { kind: { const: 'text' }, text: { type: 'string' } } }`;

const ESM = {
  'firings.mjs': `export const FIRINGS = ${FIRINGS};\n`,
  'server.mjs': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { FIRINGS as tools } from './firings.mjs';

const PLAIN_TEXT = ${PLAIN_TEXT};

export function createServer() {
  const server = new Server({ name: 'kiln', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: ${MAPPING},
  }));
  return server;
}
`,
};

// As tsc writes CommonJS: the export declared first, assigned later; the list read as `firings_1.FIRINGS`.
const COMMONJS = {
  'package.json': '{ "type": "commonjs" }',
  'firings.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.FIRINGS = void 0;
exports.FIRINGS = ${FIRINGS};
`,
  'server.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createServer = createServer;
const index_js_1 = require("@modelcontextprotocol/sdk/server/index.js");
const types_js_1 = require("@modelcontextprotocol/sdk/types.js");
const firings_1 = require("./firings");
const PLAIN_TEXT = ${PLAIN_TEXT};
function createServer() {
  const server = new index_js_1.Server({ name: 'kiln', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(types_js_1.ListToolsRequestSchema, async () => {
    return {
      tools: ${MAPPING.replace('tools.map', 'firings_1.FIRINGS.map')},
    };
  });
  return server;
}
`,
};

async function readAndList(files: Record<string, string>, entry: string, other: string) {
  const dir = writeProject(files);
  const rows = buildReport(
    [entry, other].map((file) => ({ filePath: join(dir, file), code: readFileSync(join(dir, file), 'utf8') })),
    { cwd: dir },
  ).tools;
  const module = (await import(pathToFileURL(join(dir, entry)).href)) as { createServer(): Parameters<typeof listToolsOnWire>[0] };
  return { rows, listed: await listToolsOnWire(module.createServer()) };
}

describe('a list handler mapping definitions of another module', () => {
  for (const [style, files, entry, other] of [
    ['ESM import', ESM, 'server.mjs', 'firings.mjs'],
    ['CommonJS require', COMMONJS, 'server.js', 'firings.js'],
  ] as const) {
    it(`sizes each tool with what the mapping adds (${style})`, async () => {
      const { rows, listed } = await readAndList(files, entry, other);
      expect(listed.map((tool) => tool.name)).toEqual(['start_firing', 'firing_log']);
      // One row per listed tool: the definitions found where they are written are the same tools.
      expect(rows.map((row) => row.name).sort()).toEqual(['firing_log', 'start_firing']);
      for (const tool of listed) {
        const row = rows.find((r) => r.name === tool.name);
        expect(row?.conditional, String(tool.name)).toBeUndefined();
        expect(row?.bytes, String(tool.name)).toBe(Buffer.byteLength(JSON.stringify(tool)));
      }
    });
  }
});
