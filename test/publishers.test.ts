// Each publisher entry (packages/core/src/published.ts) against a fixture server that runs the library
// it stands for: the tool object built from source must be the very JSON the server lists (same
// fields, same key order, same conversion), not only the same number of bytes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeSource, buildPublishedTool, createModuleResolver, createZodVersionLookup, getProjectLibraries } from '@toolslim/core';
import { describe, expect, it } from 'vitest';
import { getFixture, listToolsOf } from './support/fixture-servers.js';

function publishFromSource(file: string): Map<string, string> {
  const zodVersion = createZodVersionLookup()(file);
  const resolveModule = createModuleResolver({ readFile: (p) => readFileSync(p, 'utf8') });
  const { tools } = analyzeSource(readFileSync(file, 'utf8'), { filePath: file, settings: zodVersion ? { zodVersion } : {}, resolveModule });
  const sdk = getProjectLibraries(file).getMcpSdk();
  const published = new Map<string, string>();
  for (const decl of tools) {
    const { tool } = buildPublishedTool(decl, { mcpSdkExecution: sdk?.execution, mcpSdkMajor: sdk?.major });
    if (tool) published.set(tool.name, JSON.stringify(tool));
  }
  return published;
}

describe.each([['mcp-sdk-v2'], ['fastmcp-zod-registry']])('%s: static JSON equals the listed JSON', (name) => {
  it('every listed tool, field by field and in key order', async () => {
    const fixture = getFixture(name);
    const { tools } = await listToolsOf(fixture, { timeoutMs: 90_000 });
    const published = publishFromSource(path.join(fixture.folder, 'server.ts'));
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) expect(published.get(tool.name), tool.name).toBe(JSON.stringify(tool));
  }, 120_000);
});
