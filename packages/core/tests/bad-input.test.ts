// Inputs that must end as "unreadable" with a reason: never a throw, never a hang.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, type ReportJson } from '@toolslim/core';

/** A report over `server.ts` of a project written to a temporary folder (imports are read from disk). */
function report(files: Record<string, string>): ReportJson {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-bad-input-'));
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, name), code);
  return buildReport([{ filePath: path.join(dir, 'server.ts'), code: files['server.ts'] }], { cwd: dir, settings: { zodVersion: 4 } });
}

const SERVER_HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'bad', version: '1.0.0' });
`;

function onlyTool(result: ReportJson) {
  expect(result.errors).toEqual([]);
  expect(result.tools).toHaveLength(1);
  return result.tools[0];
}

describe('bad input ends as unreadable with a reason', () => {
  it('cyclic re-exports', () => {
    const tool = onlyTool(
      report({
        'server.ts': `${SERVER_HEAD}import { Shape } from './a.js';
server.registerTool('cyclic', { description: 'Reads a cycle.', inputSchema: Shape }, async () => ({ content: [] }));`,
        'a.ts': `export * from './b.js';\nexport { Shape } from './b.js';`,
        'b.ts': `export { Shape } from './a.js';`,
      }),
    );
    expect(tool.dynamic).toBe(true);
    expect(tool.unreadable).toEqual([{ field: 'inputSchema', reason: expect.stringMatching(/cycle/) }]);
  });

  it('cyclic CommonJS re-exports, read as text through a namespace', () => {
    const tool = onlyTool(
      report({
        'server.ts': `${SERVER_HEAD}import * as texts from './a.cjs';
server.registerTool('cjs_cycle', { title: texts.MISSING, description: texts.A, inputSchema: { q: z.string() } }, async () => ({ content: [] }));`,
        'a.cjs': `"use strict";\n__exportStar(require("./b.cjs"), exports);\nconst b_1 = require("./b.cjs");\nexports.A = b_1.B;\n`,
        'b.cjs': `"use strict";\n__exportStar(require("./a.cjs"), exports);\nconst a_1 = require("./a.cjs");\nexports.B = a_1.A;\n`,
      }),
    );
    expect(tool.dynamic).toBe(true);
    expect(tool.unreadable).toEqual([
      { field: 'title', reason: expect.stringMatching(/cycle|exports no/) },
      { field: 'description', reason: expect.stringMatching(/cycle|calls itself|refers to itself|nested|too long/) },
    ]);
  });

  it('self-referencing constants', () => {
    const tool = onlyTool(
      report({
        'server.ts': `${SERVER_HEAD}const A = \`first \${B}\`;
const B = \`second \${A}\`;
server.registerTool('selfref', { description: A, inputSchema: { q: z.string() } }, async () => ({ content: [] }));`,
      }),
    );
    expect(tool.dynamic).toBe(true);
    expect(tool.unreadable).toEqual([{ field: 'description', reason: expect.any(String) }]);
    expect(tool.unreadable?.[0].reason.length).toBeGreaterThan(0);
    // The static parts are still measured: the lower bound holds the text around the cycle.
    expect(tool.descriptionBytes).toBeGreaterThan(0);
  });

  it('a helper that recurses without end, or deeper than a few calls (a few calls are followed)', () => {
    const shallow = onlyTool(
      report({
        'server.ts': `${SERVER_HEAD}function repeat(n: number): string { return n > 0 ? 'x' + repeat(n - 1) : ''; }
server.registerTool('recursive', { description: repeat(3), inputSchema: { q: z.string() } }, async () => ({ content: [] }));`,
      }),
    );
    expect([shallow.dynamic, shallow.descriptionBytes]).toEqual([false, 3]);
    const tool = onlyTool(
      report({
        'server.ts': `${SERVER_HEAD}function repeat(n: number): string { return n > 0 ? 'x' + repeat(n - 1) : ''; }
const loop = (): string => loop();
server.registerTool('recursive', { description: repeat(50), title: loop(), inputSchema: { q: z.string() } }, async () => ({ content: [] }));`,
      }),
    );
    expect(tool.dynamic).toBe(true);
    expect(tool.unreadable).toEqual([
      { field: 'title', reason: expect.stringMatching(/calls itself|refers to itself|nested|too long/) },
      { field: 'description', reason: expect.stringMatching(/calls itself|refers to itself|nested|too long/) },
    ]);
  });

  it('a 5 MB generated file', () => {
    const rows = Array.from({ length: 90_000 }, (_, i) => `  "generated_value_number_${i}_with_a_longer_label_to_pad_the_row",`).join('\n');
    const generated = `export const VALUES = [\n${rows}\n];\nexport const HELP = 'never read';\n`;
    expect(generated.length).toBeGreaterThan(5_000_000);
    const tool = onlyTool(
      report({
        'server.ts': `${SERVER_HEAD}import { HELP, VALUES } from './generated.js';
server.registerTool('huge', { description: HELP, inputSchema: { v: z.enum(VALUES) } }, async () => ({ content: [] }));`,
        'generated.ts': generated,
      }),
    );
    expect(tool.dynamic).toBe(true);
    expect(tool.unreadable?.map((u) => u.field)).toContain('inputSchema');
    for (const u of tool.unreadable ?? []) expect(u.reason).toMatch(/5 MB/);
  });

  it('a missing import target', () => {
    const tool = onlyTool(
      report({
        'server.ts': `${SERVER_HEAD}import { DESCRIPTION, Shape } from './missing.js';
server.registerTool('missing', { description: DESCRIPTION, inputSchema: Shape }, async () => ({ content: [] }));`,
      }),
    );
    expect(tool.dynamic).toBe(true);
    expect(tool.unreadable).toEqual([
      { field: 'inputSchema', reason: expect.stringMatching(/missing\.js.*cannot be found/) },
      { field: 'description', reason: expect.stringMatching(/missing\.js.*cannot be found/) },
    ]);
    // Name and the schema's lower bound (`{}`) are still measured.
    expect(tool.bytes).toBeGreaterThan(0);
  });
});
