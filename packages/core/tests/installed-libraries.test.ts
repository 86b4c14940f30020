// Which installed libraries a file's server publishes with: the nearest install above the file, else
// the one a workspace package it depends on has (a pnpm monorepo installs a shared package's
// dependencies next to that package only).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findInstalledPackage, getProjectLibraries, readBundledExecution } from '../src/installed-libraries.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'toolslim-libs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, content: unknown): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), typeof content === 'string' ? content : JSON.stringify(content));
}

function fakePackage(dir: string, name: string, version: string): void {
  write(`${dir}/node_modules/${name}/package.json`, { name, version });
}

// monorepo/apps/app depends on @repo/common (a workspace link); only packages/common has the SDK.
write('monorepo/package.json', { name: 'monorepo', private: true });
write('monorepo/apps/app/package.json', { name: 'app', dependencies: { '@repo/common': 'workspace:*', zod: '4.0.0' } });
write('monorepo/apps/app/src/tools.ts', '');
write('monorepo/packages/common/package.json', { name: '@repo/common', dependencies: { '@modelcontextprotocol/server': '2.0.0' } });
fakePackage('monorepo/packages/common', '@modelcontextprotocol/server', '2.0.0');
mkdirSync(path.join(root, 'monorepo/apps/app/node_modules/@repo'), { recursive: true });
symlinkSync(path.join(root, 'monorepo/packages/common'), path.join(root, 'monorepo/apps/app/node_modules/@repo/common'));
// both majors installed side by side: v1 stays the default; a nearer v2 wins over a farther v1.
fakePackage('both', '@modelcontextprotocol/sdk', '1.32.0');
fakePackage('both', '@modelcontextprotocol/server', '2.0.0');
write('both/src/server.ts', '');
fakePackage('nested', '@modelcontextprotocol/sdk', '1.32.0');
fakePackage('nested/v2', '@modelcontextprotocol/server', '2.1.0');
write('nested/v2/server.ts', '');

// fastmcp with its own xsschema, in two versions: 0.3 hands a zod 4 schema to zod's toJSONSchema with no options;
// a later one asks the schema's Standard JSON Schema first and gives a draft-07 target. Both resolve core's zod.
const zodDir = path.dirname(realpathSync(createRequire(import.meta.url).resolve('zod/package.json')));
function fakeFastMcp(dir: string, xsschemaCode: string): void {
  write(`${dir}/package.json`, { name: dir, dependencies: { fastmcp: '3.0.0' } });
  write(`${dir}/src/server.ts`, '');
  write(`${dir}/node_modules/fastmcp/package.json`, { name: 'fastmcp', version: '3.15.0' });
  write(`${dir}/node_modules/fastmcp/dist/FastMCP.js`, 'this.#server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await Promise.all(tools.map(async (tool) => ({ inputSchema: strictJsonSchema(await toJsonSchema(tool.parameters)) }))) }));\n');
  write(`${dir}/node_modules/fastmcp/node_modules/xsschema/package.json`, { name: 'xsschema', version: '0.3.5', type: 'module' });
  write(`${dir}/node_modules/fastmcp/node_modules/xsschema/dist/zod.js`, xsschemaCode);
  symlinkSync(zodDir, path.join(root, dir, 'node_modules/zod'));
}
fakeFastMcp('xsschema-03', "export const get = async () => { const { toJSONSchema } = await import('zod/v4/core'); return (schema) => toJSONSchema(schema); };\n");
fakeFastMcp(
  'xsschema-04',
  "export const get = async () => { const { toJSONSchema } = await import('zod/v4/core'); return (schema) => schema['~standard'].jsonSchema ? schema['~standard'].jsonSchema.input({ target: 'draft-07' }) : toJSONSchema(schema, { target: 'draft-7' }); };\n",
);

describe('installed libraries', () => {
  it("converts a zod 4 schema as the installed xsschema does: with zod's default target, or the one it gives", () => {
    const schema = z.object({ limit: z.number().optional() });
    const convert = (dir: string) => getProjectLibraries(path.join(root, dir, 'src/server.ts')).getFastMcp()!.toJsonSchema(schema) as { $schema?: string };
    expect(convert('xsschema-03').$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(convert('xsschema-04').$schema).toBe('http://json-schema.org/draft-07/schema#');
  });

  it('finds the SDK a workspace dependency installs when none is above the file', () => {
    const file = path.join(root, 'monorepo/apps/app/src/tools.ts');
    expect(findInstalledPackage(path.dirname(file), '@modelcontextprotocol/server')).toBe(
      path.join(root, 'monorepo/packages/common/node_modules/@modelcontextprotocol/server'),
    );
    const sdk = getProjectLibraries(file).getMcpSdk();
    expect(sdk).toMatchObject({ package: '@modelcontextprotocol/server', version: '2.0.0', major: 2, execution: false });
    expect(getProjectLibraries(file).describe('mcp-sdk-v2')[0]).toBe('@modelcontextprotocol/server@2.0.0');
  });

  it('takes the nearest SDK, and SDK 1.x when both are installed in one folder', () => {
    expect(getProjectLibraries(path.join(root, 'both/src/server.ts')).getMcpSdk()).toMatchObject({ package: '@modelcontextprotocol/sdk', major: 1 });
    expect(getProjectLibraries(path.join(root, 'nested/v2/server.ts')).getMcpSdk()).toMatchObject({ package: '@modelcontextprotocol/server', version: '2.1.0', major: 2 });
  });

  it('has no SDK and no fastmcp for a file outside any project', () => {
    const libraries = getProjectLibraries(path.join(root, 'nowhere/file.ts'));
    expect(libraries.getMcpSdk()).toBeUndefined();
    expect(libraries.getFastMcp()).toBeUndefined();
    expect(libraries.describe('mcp-sdk')[0]).toMatch(/toolslim's copy/);
  });

  it('reads `execution` from the McpServer a bundle carries, not from the SDK installed beside it', () => {
    // The shape of McpServer's code in a bundle: its registry, and the tools/list mapping (minified names).
    const server = (mapping: string) =>
      `var S=class{constructor(){this._registeredTools={}}_createRegisteredTool(e,a){let l={description:a};return this._registeredTools[e]=l,l}list(){return Object.entries(this._registeredTools).map(([e,a])=>({${mapping}}))}};`;
    expect(readBundledExecution(server('name:e,description:a.description,annotations:a.annotations'))).toBe(false);
    expect(readBundledExecution(server('name:e,description:a.description,execution:a.execution'))).toBe(true);
    // A file that only uses an SDK it imports: the installed one decides.
    expect(readBundledExecution("import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';")).toBeUndefined();
  });
});
