/**
 * Which zod a file's schemas are rebuilt with, when the file does not say it by its import: a bundle that
 * inlined zod 3 under a namespace, and a source checkout with nothing installed whose package.json declares
 * zod 3. The bundled server is our own, started in memory with the real MCP SDK; the static bytes must equal
 * what it lists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createZodVersionLookup } from '../src/installed-libraries.js';
import { buildReport } from '../src/report.js';
import { listToolsOnWire } from './schema-harness.js';
import { useScratchProjects } from './scratch-projects.js';

const writeProject = useScratchProjects('toolslim-zod-versions');


/** The file's one tool is read whole, and its static bytes are those the server it builds lists. */
async function expectOneToolSizedAsListed(dir: string, file: string): Promise<void> {
  const rows = buildReport([{ filePath: join(dir, file), code: readFileSync(join(dir, file), 'utf8') }], { cwd: dir }).tools;
  const module = (await import(pathToFileURL(join(dir, file)).href)) as { createServer(): Parameters<typeof listToolsOnWire>[0] };
  const [listed] = await listToolsOnWire(module.createServer());
  expect(rows).toHaveLength(1);
  expect(rows[0].unreadable).toBeUndefined();
  expect(rows[0].bytes).toBe(Buffer.byteLength(JSON.stringify(listed)));
}

describe('zod bundled as a namespace', () => {
  it('reads zod 3 inlined by a bundler (`__export(exports_external, { …, ZodFirstPartyTypeKind })`) as zod 3', async () => {
    const file = 'bundled-zod3.mjs';
    const dir = writeProject({
      [file]: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as zod from 'zod/v3';

var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all) __defProp(target, name, { get: all[name], enumerable: true, configurable: true });
};

// What a bundler writes for zod 3's external.js (here re-exporting the installed zod 3 API, so the server runs).
var exports_external = {};
__export(exports_external, {
  object: () => zod.object,
  string: () => zod.string,
  boolean: () => zod.boolean,
  ZodType: () => zod.ZodType,
  ZodObject: () => zod.ZodObject,
  ZodError: () => zod.ZodError,
  ZodEffects: () => zod.ZodEffects,
  ZodFirstPartyTypeKind: () => zod.ZodFirstPartyTypeKind,
  discriminatedUnion: () => zod.discriminatedUnion,
});

export function createServer() {
  const server = new McpServer({ name: 'garden', version: '1.0.0' });
  server.tool('prune', 'Prunes one bed.', { bed: exports_external.string().describe('Which bed.'), hard: exports_external.boolean().default(false) }, async () => ({ content: [] }));
  return server;
}
`,
    });
    await expectOneToolSizedAsListed(dir, file);
  });
});

describe('zod 3 bundled as its classes', () => {
  it('reads `const stringType = ZodString.create` of a bundle that carries its own `class ZodType` as zod 3\'s builders', async () => {
    const file = 'bundled-zod3-classes.mjs';
    const dir = writeProject({
      [file]: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as zod from 'zod/v3';

// What a bundler writes when it inlines zod 3's types.js (here built on the installed zod 3, so the server runs).
class ZodType extends zod.ZodType {}
class ZodString extends zod.ZodString {}
class ZodBoolean extends zod.ZodBoolean {}
const stringType = ZodString.create;
const booleanType = ZodBoolean.create;

export function createServer() {
  const server = new McpServer({ name: 'orchard', version: '1.0.0' });
  server.tool('graft', 'Grafts a scion onto a rootstock.', { scion: stringType().describe('Variety of the scion.'), bench: booleanType().default(false) }, async () => ({ content: [] }));
  return server;
}
`,
    });
    await expectOneToolSizedAsListed(dir, file);
  });
});

describe('zod bundled as a frozen namespace inside a module wrapper', () => {
  it('reads `var z = Object.freeze({ __proto__: null, … })` of the function around the use, not a `var z` of another function', async () => {
    const file = 'bundled-frozen.mjs';
    const dir = writeProject({
      [file]: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as zod from 'zod/v3';

// A helper inlined earlier in the bundle, with a \`var z\` of its own.
function padLabel(label, width) {
  var z = new Array(width + 1).join(' ');
  return label + z;
}

export const createServer = (() => {
  // What a bundler writes for \`import * as z from 'zod'\` (here re-exporting the installed zod 3 API, so the server runs).
  var z = /*#__PURE__*/ Object.freeze({
    __proto__: null,
    object: zod.object,
    string: zod.string,
    number: zod.number,
    ZodType: zod.ZodType,
    ZodObject: zod.ZodObject,
    ZodError: zod.ZodError,
    ZodEffects: zod.ZodEffects,
    get ZodFirstPartyTypeKind() {
      return zod.ZodFirstPartyTypeKind;
    },
    discriminatedUnion: zod.discriminatedUnion,
  });
  const SowArgs = z.object({ bed: z.string().describe('Which bed.'), rows: z.number().int().min(1) });
  return () => {
    const server = new McpServer({ name: 'seeds', version: padLabel('1', 0) });
    server.tool('sow', 'Sows one bed.', SowArgs.shape, async () => ({ content: [] }));
    return server;
  };
})();
`,
    });
    await expectOneToolSizedAsListed(dir, file);
  });
});

describe('the zod major of a file', () => {
  it('is the installed one nearest the file, else the one its nearest package.json declares', () => {
    const dir = writeProject({
      'checkout/package.json': JSON.stringify({ name: 'checkout', dependencies: { zod: '^3.24.2' } }),
      'checkout/src/server.ts': '',
      'plain/src/server.ts': '',
    });
    const lookup = createZodVersionLookup();
    // Nothing installed in the checkout: what it declares, not core's zod 4 further up.
    expect(lookup(join(dir, 'checkout/src/server.ts'))).toBe(3);
    // No package.json of its own: the zod installed further up (core's, zod 4).
    expect(lookup(join(dir, 'plain/src/server.ts'))).toBe(4);
  });
});
