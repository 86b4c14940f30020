/**
 * `eslint --fix` with `configs.recommended` over fixtures/verbose-catalogue, proven against the running
 * server: the fixed sources still parse, fixes were applied, and `tools/list` before and after differs
 * in description text only (names, parameters at every depth, types, enums, defaults, required fields
 * and annotations are identical).
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@typescript-eslint/parser';
import parser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import plugin from 'eslint-plugin-toolslim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_ROOT, listToolsOf, type RawTool, type ServerCommand } from './support/fixture-servers.js';

// The copy lives inside fixtures/ so the server's imports resolve through fixtures/node_modules;
// the leading dot keeps it out of listFixtures() and `.gitignore` has `fixtures/.tmp-*/`.
const SOURCE_FOLDER = path.join(FIXTURES_ROOT, 'verbose-catalogue');

/** The value with every `description` key removed, at any depth. */
function stripDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripDescriptions);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).filter(([key]) => key !== 'description');
  return Object.fromEntries(entries.map(([key, inner]) => [key, stripDescriptions(inner)]));
}

/** `tool.param` (or `tool.param.nested`) → description, for every property that has one. */
function findParamDescriptions(tools: readonly RawTool[]): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (schema: unknown, prefix: string): void => {
    if (typeof schema !== 'object' || schema === null) return;
    const { properties, items } = schema as { properties?: Record<string, unknown>; items?: unknown };
    for (const [name, property] of Object.entries(properties ?? {})) {
      const description = (property as { description?: unknown }).description;
      if (typeof description === 'string') found.set(`${prefix}.${name}`, description);
      visit(property, `${prefix}.${name}`);
    }
    if (items !== undefined) visit(items, `${prefix}[]`);
  };
  for (const tool of tools) visit(tool.inputSchema, tool.name);
  return found;
}

function findSourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(folder, file))
    .sort();
}

describe('eslint --fix with configs.recommended on fixtures/verbose-catalogue', () => {
  let folder: string;
  let server: ServerCommand;
  let sourcesBefore: Map<string, string>;
  let toolsBefore: RawTool[];
  let results: ESLint.LintResult[];

  beforeAll(async () => {
    folder = mkdtempSync(path.join(FIXTURES_ROOT, '.tmp-eslint-fix-'));
    cpSync(SOURCE_FOLDER, folder, { recursive: true });
    server = {
      name: 'verbose-catalogue (copy)',
      command: process.execPath,
      args: ['--import', 'tsx', path.relative(FIXTURES_ROOT, path.join(folder, 'src', 'server.ts'))],
      cwd: FIXTURES_ROOT,
    };
    sourcesBefore = new Map(findSourceFiles(folder).map((file) => [file, readFileSync(file, 'utf8')]));
    toolsBefore = (await listToolsOf(server)).tools;

    const eslint = new ESLint({
      cwd: folder,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser }, ...plugin.configs.recommended }],
      fix: true,
    });
    results = await eslint.lintFiles(['src']);
    await ESLint.outputFixes(results);
  });

  afterAll(() => {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  });

  it('lints every source file without a parse error or a crash', () => {
    expect(results.map((result) => result.filePath).sort()).toEqual([...sourcesBefore.keys()]);
    expect(results.flatMap((result) => result.messages.filter((message) => message.fatal === true || message.ruleId === null))).toEqual([]);
  });

  it('applies fixes, and every fixed file still parses', () => {
    const fixed = results.filter((result) => result.output !== undefined);
    expect(fixed.length).toBeGreaterThan(0);
    for (const file of sourcesBefore.keys()) {
      const after = readFileSync(file, 'utf8');
      expect(() => parse(after, { filePath: file, sourceType: 'module', loc: true, range: true })).not.toThrow();
    }
    const changedFiles = [...sourcesBefore].filter(([file, before]) => readFileSync(file, 'utf8') !== before);
    expect(changedFiles.length).toBe(fixed.length);
  });

  it('leaves the published tools identical except for description strings', async () => {
    const toolsAfter = (await listToolsOf(server)).tools;
    expect(toolsAfter.map((tool) => tool.name)).toEqual(toolsBefore.map((tool) => tool.name));
    expect(toolsBefore.length).toBe(64);
    expect(stripDescriptions(toolsAfter)).toEqual(stripDescriptions(toolsBefore));

    // Tool descriptions can change by themselves (deploy_freeze_status embeds the start time), so the
    // proof that the fixes reached the server is a parameter description that changed.
    const paramsBefore = findParamDescriptions(toolsBefore);
    const paramsAfter = findParamDescriptions(toolsAfter);
    const changed = [...paramsBefore.keys()].filter((key) => paramsAfter.get(key) !== paramsBefore.get(key));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed).toContain('repo_get.repo');
  });
});
