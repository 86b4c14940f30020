/**
 * Squiggles in a real editor server: start the ESLint language server VS Code runs
 * (`vscode-eslint-language-server` from vscode-langservers-extracted) over stdio, answer it the way the
 * VS Code extension does, open a tool file from a small flat-config project that uses our plugin, and
 * check that the diagnostics carry our rule ids at the exact ranges, then again after an edit.
 *
 * This server release (vscode-eslint 3.x in vscode-langservers-extracted 4.10) offers LSP 3.17 pull
 * diagnostics (`diagnosticProvider`) and never pushes `textDocument/publishDiagnostics`; VS Code asks
 * with `textDocument/diagnostic`, and so does this test.
 *
 * The project's config imports the built plugin (`packages/eslint-plugin/dist`): `pnpm test` builds first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pluginDir = join(repoDir, 'packages', 'eslint-plugin');
const pluginDist = join(pluginDir, 'dist', 'index.js');
const requireFromPlugin = createRequire(join(pluginDir, 'package.json'));

/** The part of vscode-jsonrpc this test uses (it is a dev dependency of the plugin package, loaded from there). */
interface MessageConnection {
  listen(): void;
  dispose(): void;
  sendRequest(method: string, params?: unknown): Promise<unknown>;
  sendNotification(method: string, params?: unknown): Promise<void>;
  onRequest<P>(method: string, handler: (params: P) => unknown): void;
  onNotification<P>(method: string, handler: (params: P) => void): void;
  onNotification(handler: (method: string) => void): void;
}
const jsonrpc = requireFromPlugin('vscode-jsonrpc/node') as {
  createMessageConnection(reader: unknown, writer: unknown): MessageConnection;
  StreamMessageReader: new (stream: NodeJS.ReadableStream) => unknown;
  StreamMessageWriter: new (stream: NodeJS.WritableStream) => unknown;
};

interface Diagnostic {
  readonly code?: string | number;
  readonly source?: string;
  readonly message: string;
  readonly range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

// The server is exported (other modules add tools to it), so each tool is judged on its own, as slim judges it.
const TOOL_FILE = [
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "export const server = new McpServer({ name: 'files', version: '1.0.0' });",
  "server.tool('read_file', 'Read file.', async () => ({ content: [] }));",
  "server.tool('list_files', 'Lists workspace files. Example: list_files with depth 2 to list the files of the workspace and of each folder directly inside it, but no deeper.', async () => ({ content: [] }));",
  '',
].join('\n');

/** A project folder as a user would have it: eslint installed, a flat config using the plugin, one tool file. */
function createProject(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolslim-editor-')));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(dirname(requireFromPlugin.resolve('eslint/package.json')), join(dir, 'node_modules', 'eslint'), 'dir');
  const parserUrl = pathToFileURL(requireFromPlugin.resolve('@typescript-eslint/parser')).href;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'editor-fixture', private: true, type: 'module' }));
  writeFileSync(
    join(dir, 'eslint.config.mjs'),
    `import parser from ${JSON.stringify(parserUrl)};\nimport toolslim from ${JSON.stringify(pathToFileURL(pluginDist).href)};\n\n` +
      "export default [{ files: ['**/*.ts'], languageOptions: { parser }, ...toolslim.configs.recommended }];\n",
  );
  writeFileSync(join(dir, 'tools.ts'), TOOL_FILE);
  return dir;
}

/** The settings the VS Code ESLint extension sends for a document (its `workspace/configuration` answer). */
function buildExtensionSettings(folder: string): Record<string, unknown> {
  return {
    validate: 'on',
    packageManager: 'npm',
    useESLintClass: false,
    useFlatConfig: true,
    experimental: { useFlatConfig: false },
    codeAction: { disableRuleComment: { enable: true, location: 'separateLine', commentStyle: 'line' }, showDocumentation: { enable: true } },
    codeActionOnSave: { mode: 'all' },
    format: false,
    quiet: false,
    onIgnoredFiles: 'off',
    options: {},
    rulesCustomizations: [],
    run: 'onType',
    problems: { shortenToSingleLine: false },
    nodePath: null,
    workingDirectory: { mode: 'location' },
    workspaceFolder: { name: 'editor-fixture', uri: pathToFileURL(folder).href },
  };
}

/** 0-based position of `text` in the tool file, as LSP ranges count. */
function findRange(text: string): Diagnostic['range'] {
  const lines = TOOL_FILE.split('\n');
  const line = lines.findIndex((content) => content.includes(text));
  const character = lines[line].indexOf(text);
  return { start: { line, character }, end: { line, character: character + text.length } };
}

const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

describe('vscode-eslint-language-server', () => {
  it.runIf(existsSync(pluginDist))('answers with our diagnostics at the ranges of the problem text, and again after an edit', { timeout: 180_000 }, async () => {
    const project = createProject();
    cleanups.push(() => rmSync(project, { recursive: true, force: true }));
    const serverBin = join(dirname(requireFromPlugin.resolve('vscode-langservers-extracted/package.json')), 'bin', 'vscode-eslint-language-server');
    const server: ChildProcess = spawn(process.execPath, [serverBin, '--stdio'], { cwd: project, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    server.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    cleanups.push(() => server.kill());
    const connection: MessageConnection = jsonrpc.createMessageConnection(new jsonrpc.StreamMessageReader(server.stdout!), new jsonrpc.StreamMessageWriter(server.stdin!));
    const logs: string[] = [];
    const settings = buildExtensionSettings(project);
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => settings));
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onRequest('workspace/diagnostic/refresh', () => null);
    connection.onNotification('window/logMessage', (params: { message: string }) => logs.push(params.message));
    connection.onNotification((method: string) => logs.push(`notification ${method}`));
    const fileUri = pathToFileURL(join(project, 'tools.ts')).href;
    connection.listen();
    cleanups.push(() => connection.dispose());

    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(project).href,
      workspaceFolders: [{ uri: pathToFileURL(project).href, name: 'editor-fixture' }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true, diagnostics: { refreshSupport: true } },
        textDocument: { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false }, publishDiagnostics: { relatedInformation: true } },
      },
      initializationOptions: {},
    });
    connection.sendNotification('initialized', {});
    connection.sendNotification('textDocument/didOpen', { textDocument: { uri: fileUri, languageId: 'typescript', version: 1, text: TOOL_FILE } });

    const pullOurDiagnostics = async () => {
      const report = (await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: fileUri } })) as { kind: string; items: Diagnostic[] };
      expect(report.kind, `server log:\n${logs.join('\n')}\nstderr:\n${stderr}`).toBe('full');
      return report.items
        .filter((d) => String(d.code).startsWith('toolslim/'))
        .map((d) => ({ code: d.code, range: d.range }))
        .sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    };
    expect(await pullOurDiagnostics(), `server log:\n${logs.join('\n')}\nstderr:\n${stderr}`).toEqual([
      { code: 'toolslim/require-tool-description', range: findRange("'Read file.'") },
      { code: 'toolslim/no-how-in-description', range: findRange('Example: list_files with depth 2 to list the files of the workspace and of each folder directly inside it, but no deeper.') },
    ]);

    // Typing a real description clears that squiggle (`run: 'onType'`); the other stays where it was.
    const edit = findRange("'Read file.'");
    connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: fileUri, version: 2 },
      contentChanges: [{ range: edit, text: "'Returns the text of one workspace file.'" }],
    });
    expect(await pullOurDiagnostics()).toEqual([{ code: 'toolslim/no-how-in-description', range: findRange('Example: list_files with depth 2 to list the files of the workspace and of each folder directly inside it, but no deeper.') }]);
    // Shut down as a client does, and wait for the process to end before the cleanups close the pipes. The
    // server may exit before the `exit` write has flushed: a closed pipe then is the end of the session.
    await connection.sendRequest('shutdown');
    const exited = new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(server.exitCode)));
    await connection.sendNotification('exit').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
    await exited;
  });
});
