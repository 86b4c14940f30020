/**
 * MCP Apps servers (`@modelcontextprotocol/ext-apps/server`): tools registered with `registerAppTool(server,
 * name, config, cb)`, whose `_meta` ext-apps completes (the UI resource under both of its keys) before
 * `registerTool` publishes it; and the same registrar inlined by a bundler under a minified name. Each server
 * is our own, started in memory with the real ext-apps and MCP SDK; the static bytes must equal what it lists.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReport, type ReportTool } from '../src/report.js';
import { listToolsOnWire } from './schema-harness.js';
import { useScratchProjects } from './scratch-projects.js';

const writeProject = useScratchProjects('toolslim-ext-apps');

function report(dir: string, file: string): ReportTool[] {
  return buildReport([{ filePath: join(dir, file), code: readFileSync(join(dir, file), 'utf8') }], { cwd: dir }).tools;
}

/** The tools the fixture's server sends for `tools/list`, exactly as they go on the wire. */
async function listOnWire(dir: string, file: string): Promise<Array<Record<string, unknown>>> {
  const module = (await import(pathToFileURL(join(dir, file)).href)) as { createServer(): Parameters<typeof listToolsOnWire>[0] };
  return listToolsOnWire(module.createServer());
}

const bytesOf = (tool: unknown) => Buffer.byteLength(JSON.stringify(tool));

function expectExact(rows: readonly ReportTool[], listed: ReadonlyArray<Record<string, unknown>>): void {
  for (const tool of listed) {
    const row = rows.find((r) => r.name === tool.name);
    expect(row, `${String(tool.name)} is not found`).toBeDefined();
    expect(row!.unreadable, String(tool.name)).toBeUndefined();
    expect(row!.bytes, String(tool.name)).toBe(bytesOf(tool));
  }
  expect(rows.map((row) => row.name).sort()).toEqual(listed.map((tool) => String(tool.name)).sort());
}

const TOOLS = `
  registerAppTool(server, 'show_map', {
    title: 'Show map',
    description: 'Shows a map of the garden beds in an interactive viewer.',
    inputSchema: { bed: z.string().optional().describe('Only this bed.') },
    _meta: { ui: { resourceUri: 'ui://garden/map.html' } },
  }, async () => ({ content: [] }));
  registerAppTool(server, 'show_plan', {
    description: 'Shows the planting plan.',
    inputSchema: { season: z.enum(['spring', 'autumn']) },
    outputSchema: { beds: z.array(z.string()) },
    _meta: { 'ui/resourceUri': 'ui://garden/plan.html' },
  }, async () => ({ content: [], structuredContent: { beds: [] } }));
  registerAppTool(server, 'save_layout', {
    title: 'Save layout',
    description: 'Saves the layout the viewer holds. Called by the viewer only.',
    inputSchema: { layout: z.string() },
    annotations: { readOnlyHint: false },
    _meta: { ui: { visibility: ['app'] } },
  }, async () => ({ content: [] }));
  server.registerTool('list_beds', {
    description: 'Lists the garden beds.',
    inputSchema: {},
    _meta: { 'garden/owner': 'north' },
  }, async () => ({ content: [] }));
`;

describe('registerAppTool from @modelcontextprotocol/ext-apps/server', () => {
  it('publishes the _meta ext-apps completes, byte for byte', async () => {
    const file = 'garden.mjs';
    const dir = writeProject({
      [file]: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import { z } from 'zod';

export function createServer() {
  const server = new McpServer({ name: 'garden', version: '1.0.0' });
${TOOLS}
  return server;
}
`,
    });
    const listed = await listOnWire(dir, file);
    expect(listed.find((tool) => tool.name === 'show_plan')?._meta).toEqual({ 'ui/resourceUri': 'ui://garden/plan.html', ui: { resourceUri: 'ui://garden/plan.html' } });
    expectExact(report(dir, file), listed);
    // The same server as tsc's CommonJS writes it: \`(0, server_1.registerAppTool)(server, …)\`.
    const cjs = 'garden.cjs';
    writeFileSync(
      join(dir, cjs),
      `"use strict";
const mcp_js_1 = require("@modelcontextprotocol/sdk/server/mcp.js");
const server_1 = require("@modelcontextprotocol/ext-apps/server");
const zod_1 = require("zod");
function createServer() {
  const server = new mcp_js_1.McpServer({ name: 'garden', version: '1.0.0' });
${TOOLS.replaceAll('registerAppTool(server', '(0, server_1.registerAppTool)(server').replaceAll('z.', 'zod_1.z.')}
  return server;
}
exports.createServer = createServer;
`,
    );
    expectExact(report(dir, cjs), listed);
  });

  it('reads a registration in a helper that is given the server, and names the name a helper is given', async () => {
    const file = 'beds.mjs';
    const dir = writeProject({
      [file]: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import { z } from 'zod';

export function registerShowBed(server) {
  registerAppTool(server, 'show_bed', {
    description: 'Shows one garden bed in an interactive viewer.',
    inputSchema: { bed: z.string().describe('Which bed.') },
    _meta: { ui: { resourceUri: 'ui://garden/bed.html' } },
  }, async () => ({ content: [] }));
}

export function registerNamedView(server, name) {
  registerAppTool(server, name, { description: 'Shows a view.', _meta: { ui: { resourceUri: 'ui://garden/view.html' } } }, async () => ({ content: [] }));
}

export function createServer() {
  const server = new McpServer({ name: 'beds', version: '1.0.0' });
  for (const register of [registerShowBed]) register(server);
  return server;
}
`,
    });
    const listed = await listOnWire(dir, file);
    expectExact(report(dir, file), listed);
    const unread = buildReport([{ filePath: join(dir, file), code: readFileSync(join(dir, file), 'utf8') }], { cwd: dir }).unread;
    expect(unread?.map((miss) => miss.reason)).toEqual(["the tool's name is `name`, a parameter of `registerNamedView`, and no call of it that toolslim can read gives it a value"]);
  });

  it('follows a bundle’s inlined registrar under a minified name', async () => {
    const file = 'bundle.mjs';
    // What a bundler makes of ext-apps' server module: the key inlined as a top-level constant, the function renamed.
    const dir = writeProject({
      [file]: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

var D = "ui/resourceUri";
function j(B, Q, F, V) {
  let q = F._meta, J = q.ui, Z = q[D], $ = q;
  if (J?.resourceUri && !Z)
    $ = { ...q, [D]: J.resourceUri };
  else if (Z && !J?.resourceUri)
    $ = { ...q, ui: { ...J, resourceUri: Z } };
  return B.registerTool(Q, { ...F, _meta: $ }, V);
}

export function createServer() {
  const server = new McpServer({ name: 'garden', version: '1.0.0' });
${TOOLS.replaceAll('registerAppTool(server', 'j(server')}
  return server;
}
`,
    });
    const listed = await listOnWire(dir, file);
    expectExact(report(dir, file), listed);
  });

  it('reads zod bundled as a namespace (`__export(exports_external, { object, … })`) as the zod installed beside it', async () => {
    const file = 'bundled-zod.mjs';
    const dir = writeProject({
      [file]: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as zod from 'zod';

var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all) __defProp(target, name, { get: all[name], enumerable: true, configurable: true });
};

// What a bundler writes for zod's classic/external.js (here re-exporting the installed zod, so the server runs).
var exports_external = {};
__export(exports_external, {
  object: () => zod.object,
  string: () => zod.string,
  number: () => zod.number,
  array: () => zod.array,
  toJSONSchema: () => zod.toJSONSchema,
  ZodType: () => zod.ZodType,
  ZodObject: () => zod.ZodObject,
  ZodError: () => zod.ZodError,
  safeParse: () => zod.safeParse,
  discriminatedUnion: () => zod.discriminatedUnion,
});
// A namespace that is not zod, though it has an \`object\` member.
var exports_shapes = {};
__export(exports_shapes, { object: () => zod.object });

export function createServer() {
  const server = new McpServer({ name: 'garden', version: '1.0.0' });
  server.registerTool('plant', {
    description: 'Plants one seed.',
    inputSchema: exports_external.object({ seed: exports_external.string().describe('What to plant.'), depth: exports_external.number().min(1) }),
    outputSchema: exports_external.object({ ids: exports_external.array(exports_external.string()) }),
  }, async () => ({ content: [], structuredContent: { ids: [] } }));
  return server;
}

export function createOtherServer() {
  const server = new McpServer({ name: 'garden', version: '1.0.0' });
  server.registerTool('harvest', { description: 'Harvests.', inputSchema: exports_shapes.object({}) }, async () => ({ content: [] }));
  return server;
}
`,
    });
    const rows = report(dir, file);
    const listed = await listOnWire(dir, file);
    expectExact(rows.filter((row) => row.name === 'plant'), listed);
    expect(rows.find((row) => row.name === 'harvest')?.unreadable?.[0]?.field).toBe('inputSchema');
  });

  it('reads zod bundled as a namespace under a minified export helper (`Ko(u, { object: () => … })`)', async () => {
    const file = 'minified-zod.mjs';
    const dir = writeProject({
      [file]: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as zod from 'zod';

var Dp = Object.defineProperty;
var Ko = (t, e) => { for (var a in e) Dp(t, a, { get: e[a], enumerable: true }); };
var u = {};
Ko(u, { object: () => zod.object, string: () => zod.string, toJSONSchema: () => zod.toJSONSchema, ZodType: () => zod.ZodType, ZodObject: () => zod.ZodObject, ZodError: () => zod.ZodError, safeParse: () => zod.safeParse, discriminatedUnion: () => zod.discriminatedUnion });
// The same helper called with a record not all of whose members are \`() => name\`: not taken for an export record.
var w = {};
Ko(w, { object: () => zod.object, string: () => zod.string, toJSONSchema: () => zod.toJSONSchema, ZodType: () => zod.ZodType, ZodObject: () => zod.ZodObject, ZodError: () => zod.ZodError, safeParse: () => zod.safeParse, discriminatedUnion: () => zod.discriminatedUnion, label: function () { return 'shapes'; } });

export function createServer() {
  const server = new McpServer({ name: 'garden', version: '1.0.0' });
  server.registerTool('prune', { description: 'Prunes one bed.', inputSchema: u.object({ bed: u.string().describe('Which bed.') }) }, async () => ({ content: [] }));
  return server;
}

export function createOtherServer() {
  const server = new McpServer({ name: 'garden', version: '1.0.0' });
  server.registerTool('mulch', { description: 'Mulches.', inputSchema: w.object({}) }, async () => ({ content: [] }));
  return server;
}
`,
    });
    const rows = report(dir, file);
    const listed = await listOnWire(dir, file);
    expectExact(rows.filter((row) => row.name === 'prune'), listed);
    expect(rows.find((row) => row.name === 'mulch')?.unreadable?.[0]?.field).toBe('inputSchema');
  });

  it('follows a project registrar written as an arrow function that passes the config on', async () => {
    const file = 'arrow.mjs';
    const dir = writeProject({
      [file]: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const register = (server, name, config, cb) => server.registerTool(name, config, cb);

export function createServer() {
  const server = new McpServer({ name: 'garden', version: '1.0.0' });
  register(server, 'water', { description: 'Waters one bed.', inputSchema: { bed: z.string() }, _meta: { 'garden/zone': 'north' } }, async () => ({ content: [] }));
  return server;
}
`,
    });
    const listed = await listOnWire(dir, file);
    expectExact(report(dir, file), listed);
  });

  it('marks the _meta of a registrar that rewrites it some other way', () => {
    const file = 'other.mjs';
    const dir = writeProject({
      [file]: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

function register(server, name, config, cb) {
  return server.registerTool(name, { ...config, _meta: { ...config._meta, stamp: Date.now() } }, cb);
}

export function createServer() {
  const server = new McpServer({ name: 'garden', version: '1.0.0' });
  register(server, 'water', { description: 'Waters the garden.', inputSchema: { bed: z.string() }, _meta: {} }, async () => ({ content: [] }));
  return server;
}
`,
    });
    const [row] = report(dir, file);
    expect(row?.name).toBe('water');
    expect(row?.unreadable).toEqual([{ field: '_meta', reason: expect.stringContaining('registrar function at line 4') }]);
  });
});
