/**
 * What `toolslim slim` says and writes about the runtime it wires, end to end through the CLI on copies of
 * the codemod's `basic` fixture: the one line that turns bounded results on, the first-use gate that a
 * server without HTTP sessions cannot have, and the author's default toolsets from `settings.toolslim`,
 * written into the wiring and checked on the running server with a real client (`toolslim measure`).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../packages/cli/tests/support/run-cli.js';

const basic = path.resolve(import.meta.dirname, '../packages/codemod/tests/fixtures/basic/input');
const tsx = path.resolve(import.meta.dirname, '../node_modules/tsx/dist/esm/index.mjs');
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixture with a package.json of its own (slim adds the runtime there), in `parent`. */
function copyBasic(parent = tmpdir()): string {
  const dir = mkdtempSync(path.join(parent, 'toolslim-slim-wiring-'));
  temporary.push(dir);
  cpSync(basic, dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "notes-server", "version": "1.0.0", "type": "module" }\n');
  return dir;
}

/** Output as one line: sentences are wrapped to the terminal's width. */
const unwrap = (text: string) => text.replace(/\n\s*/g, ' ');

const WIRED = "serveInstructions(server, { dir: findInstructionsDir(import.meta.url, 'docs/tools') });";

// The fixtures are small: net of the tool and the instructions slim adds they would be left alone
// (test/net-numbers); these tests are about the wiring, so slim runs with --even-if-larger.
describe('toolslim slim and the runtime it wires', { timeout: 240_000 }, () => {
  test('prints the wired call with results: true, the one change that turns bounded results on', async () => {
    const dir = copyBasic();
    const { code, stdout } = await runCli(['slim', 'src', '--force', '--even-if-larger'], { cwd: dir, env: {} });
    expect(code).toBe(0);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain(WIRED);
    expect(unwrap(stdout)).toContain(
      "Bounded results are off: a tool result past Claude Code's 25,000-token cut is refused or truncated. To hold it and give the model a first slice and a way to read the rest, write the call as:",
    );
    // The call to copy, one option a line where one line would not fit the width.
    expect(stdout).toContain("\n    serveInstructions(server, {\n      dir: findInstructionsDir(import.meta.url, 'docs/tools'),\n      results: true,\n    });\n");
    expect(stdout).not.toContain('first-use gate');
  });

  test('says the first-use gate cannot work on streamable HTTP without sessions', async () => {
    const dir = copyBasic();
    const file = path.join(dir, 'src/server.ts');
    writeFileSync(
      file,
      "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';\n" +
        readFileSync(file, 'utf8') +
        'export const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });\n',
    );
    const note = "note its streamable HTTP transport has no sessions (`sessionIdGenerator: undefined`), so the first-use gate cannot stop a tool's first call there; the pointers in the descriptions and the server instructions remain.";
    const dry = await runCli(['slim', 'src', '--dry-run', '--even-if-larger'], { cwd: dir, env: {} });
    expect(dry.stderr).toContain('would wire src/server.ts: the instruction files would be served at run time (as resources and a tool).\n');
    expect(unwrap(dry.stderr)).toContain(note);
    const written = await runCli(['slim', 'src', '--force', '--even-if-larger'], { cwd: dir, env: {} });
    expect(written.code).toBe(0);
    expect(unwrap(written.stdout)).toContain(note);
    // A server built per request could not read back what it held: bounded results are not offered.
    expect(written.stdout).not.toContain('Bounded results');
  });

  test('writes settings.toolslim.toolsets.default into the wiring, and the running server lists only those families', async () => {
    // Inside the repository, so that the project's ESLint (which reads the settings) and the runtime are found.
    const dir = copyBasic(import.meta.dirname);
    writeFileSync(
      path.join(dir, 'eslint.config.mjs'),
      "export default [{ settings: { toolslim: { families: { notes_create: 'writing' }, toolsets: { default: ['notes'] } } } }];\n",
    );
    const file = path.join(dir, 'src/server.ts');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nconst { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');\nawait server.connect(new StdioServerTransport());\n`);
    const { code, stdout, stderr } = await runCli(['slim', 'src', '--force', '--even-if-larger'], { cwd: dir, env: {} });
    expect(code, stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain("serveInstructions(server, { dir: findInstructionsDir(import.meta.url, 'docs/tools'), toolsets: { default: ['notes'] } });");
    expect(stdout).toContain("\n      toolsets: { default: ['notes'] },\n      results: true,\n    });\n");

    const listed = async (toolsets: string | undefined) => {
      const env = { ...process.env };
      delete env.TOOLSLIM_TOOLSETS;
      if (toolsets !== undefined) env.TOOLSLIM_TOOLSETS = toolsets;
      const measured = await runCli(['measure', '--json', '--timeout', '120', '--', process.execPath, '--import', tsx, 'src/server.ts'], { cwd: dir, env });
      expect(measured.code, measured.stderr).toBe(0);
      return (JSON.parse(measured.stdout) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name).sort();
    };
    expect(await listed(undefined)).toEqual(['notes_search', 'read_instructions']);
    // Whoever runs the server still chooses: the variable wins over the author's default.
    expect(await listed('all')).toEqual(['notes_create', 'notes_search', 'read_instructions']);
  });

  test('refuses toolsets settings that are not a list of names, saying what it got', async () => {
    const dir = copyBasic(import.meta.dirname);
    writeFileSync(path.join(dir, 'eslint.config.mjs'), "export default [{ settings: { toolslim: { toolsets: { default: 'notes' } } } }];\n");
    const before = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    const { code, stderr } = await runCli(['slim', 'src', '--force', '--even-if-larger'], { cwd: dir, env: {} });
    expect(code).toBe(2);
    expect(stderr).toContain('settings.toolslim.toolsets must be { default: [names…] } with family or tool names, e.g. { default: [\'db\', \'repo\'] }; got {"default":"notes"}.');
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(before);
  });
});
