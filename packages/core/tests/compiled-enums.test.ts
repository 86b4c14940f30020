/**
 * TypeScript enums as tsc emits them (`export var Glaze; (function (Glaze) { Glaze["Matte"] = "matte"; })(Glaze || (Glaze = {}));`,
 * numeric members with their reverse mapping `Cone[Cone["Low"] = 6] = "Low"`), imported by a server of our own or
 * used in their own file: read as the enum objects they are, byte for byte what the server lists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../src/report.js';
import { listToolsOnWire } from './schema-harness.js';
import { useScratchProjects } from './scratch-projects.js';

const writeProject = useScratchProjects('toolslim-compiled-enums');

const ENUMS = `export var Glaze;
(function (Glaze) {
    Glaze["Matte"] = "matte";
    Glaze["Gloss"] = "gloss";
    Glaze["Satin"] = "satin";
})(Glaze || (Glaze = {}));
export var Cone;
(function (Cone) {
    Cone[Cone["Low"] = 6] = "Low";
    Cone[Cone["High"] = 10] = "High";
})(Cone || (Cone = {}));
`;

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { Cone, Glaze } from './enums.mjs';

var Shelf;
(function (Shelf) {
    Shelf["Top"] = "top";
    Shelf["Bottom"] = "bottom";
})(Shelf || (Shelf = {}));

export function createServer() {
  const server = new McpServer({ name: 'kiln', version: '1.0.0' });
  server.tool(
    'fire',
    'Fires one load.',
    { glaze: z.nativeEnum(Glaze).describe('The glaze of the load.'), cone: z.nativeEnum(Cone), shelf: z.enum(Object.values(Shelf)) },
    async () => ({ content: [] }),
  );
  return server;
}
`;

describe('enums compiled by tsc', () => {
  it('reads string and numeric enums, imported and of the same file, as their objects', async () => {
    const dir = writeProject({ 'enums.mjs': ENUMS, 'server.mjs': SERVER });
    const rows = buildReport(
      ['enums.mjs', 'server.mjs'].map((file) => ({ filePath: join(dir, file), code: readFileSync(join(dir, file), 'utf8') })),
      { cwd: dir },
    ).tools;
    const module = (await import(pathToFileURL(join(dir, 'server.mjs')).href)) as { createServer(): Parameters<typeof listToolsOnWire>[0] };
    const [listed] = await listToolsOnWire(module.createServer());
    expect(JSON.stringify(listed)).toContain('"enum":[6,10]');
    expect(rows).toHaveLength(1);
    expect(rows[0].unreadable).toBeUndefined();
    expect(rows[0].bytes).toBe(Buffer.byteLength(JSON.stringify(listed)));
  });
});
