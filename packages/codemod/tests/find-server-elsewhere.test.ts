import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { findServerElsewhere } from '../src/find-server-elsewhere.js';
import { planSlim } from '../src/slim.js';

const root = mkdtempSync(path.join(tmpdir(), 'toolslim-elsewhere-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

// A monorepo: the app registers its tools through a wrapper that a workspace package (linked into the
// app's node_modules, as pnpm does) builds around `new McpServer(…)`.
write('packages/common/package.json', '{ "name": "@repo/common" }');
write('packages/common/src/app.ts', "export { createApp } from './server';\n");
write(
  'packages/common/src/server.ts',
  [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    'export function createApp(options: { register(server: McpServer): void }) {',
    "  const server = new McpServer({ name: 'app', version: '1.0.0' });",
    '  options.register(server);',
    '  return server;',
    '}',
    '',
  ].join('\n'),
);
write('apps/notes/package.json', '{ "name": "notes-app" }');
write(
  'apps/notes/src/index.ts',
  [
    "import { createApp } from '@repo/common/src/app';",
    'export default createApp({',
    '  register(server) {',
    '    server.tool(',
    "      'notes_search',",
    "      'Search the notes by keyword. Use it when the user asks about something they wrote down earlier. The query is matched case-insensitively against titles and bodies. Quote a phrase to match it exactly, for example \"weekly review\". Returns at most 20 notes, newest first. Each result has an id, a title, the first 200 characters of the body and its tags. Archived notes are returned only when the query names them. Tags are matched exactly, not as prefixes. Results are cached for a minute, so a note saved seconds ago may be missing.',",
    '      async () => ({ content: [] }),',
    '    );',
    '  },',
    '});',
    '',
  ].join('\n'),
);
mkdirSync(path.join(root, 'apps/notes/node_modules/@repo'), { recursive: true });
symlinkSync(path.join(root, 'packages/common'), path.join(root, 'apps/notes/node_modules/@repo/common'), 'dir');

test('follows imports into a workspace package to the server construction', () => {
  expect(findServerElsewhere([path.join(root, 'apps/notes/src/index.ts')])).toEqual({
    file: path.join(root, 'packages/common/src/server.ts'),
    line: 3,
    construction: 'McpServer',
  });
});

test('slim wires the app’s own register callback, never the shared wrapper', () => {
  const plan = planSlim({ cwd: path.join(root, 'apps/notes'), files: [path.join(root, 'apps/notes/src/index.ts')], skipUnprofitable: false });
  expect(plan.tools.map((tool) => tool.name)).toEqual(['notes_search']);
  expect(plan.partial).toBe(false);
  expect(plan.wiring).toEqual([
    {
      file: path.join(root, 'apps/notes/src/index.ts'),
      wired: true,
      lines: [
        "import { findInstructionsDir, serveInstructionsViaRegister } from '@toolslim/runtime';",
        "serveInstructionsViaRegister({ …, register(context) { … } }, { dir: findInstructionsDir(import.meta.url, 'docs/tools') })",
      ],
    },
  ]);
  expect(plan.sources.map((change) => path.relative(root, change.file)).sort()).toEqual(['apps/notes/package.json', 'apps/notes/src/index.ts']);
});

test('with no register callback, slim names the wrapper’s place and prints lines that use this package’s folder, and the run is partial', () => {
  const file = path.join(root, 'apps/notes/src/setup.ts');
  write('apps/notes/src/setup.ts', readFileSync(path.join(root, 'apps/notes/src/index.ts'), 'utf8').replace('register(server)', 'setup(server)'));
  const plan = planSlim({ cwd: path.join(root, 'apps/notes'), files: [file], skipUnprofitable: false });
  expect(plan.tools.map((tool) => tool.name)).toEqual(['notes_search']);
  expect(plan.partial).toBe(true);
  expect(plan.wiring).toEqual([
    {
      file: path.join(root, 'packages/common/src/server.ts'),
      wired: false,
      reason: expect.stringContaining('the McpServer created at ../../packages/common/src/server.ts:3'),
      lines: ["import { serveInstructions } from '@toolslim/runtime';", "serveInstructions(server, { dir: new URL('../../../apps/notes/docs/tools/', import.meta.url) });"],
    },
  ]);
});
