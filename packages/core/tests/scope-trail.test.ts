import { describe, expect, it } from 'vitest';
import type { TSESTree } from '@typescript-eslint/types';
import { parseSource, walk } from '../src/ast.js';
import { collectCandidates } from '../src/find-tools/collect.js';
import { Scope } from '../src/text/scope.js';

/** Our own file touching every kind of name the scope records, in nested blocks and in parts the candidate walk skips. */
const CODE = [
  "import { z } from 'zod';",
  "import * as helpers from './helpers.js';",
  "import defaults from './defaults.js';",
  "const fs_1 = require('node:fs');",
  'const NAME = "outer";',
  'let counter = 0;',
  'counter++;',
  'var hoisted = "top";',
  'enum Kind { A = "a", B = (() => { const inEnum = "b"; return inEnum; })() }',
  'type Alias = { field: string };',
  'interface Shape { readonly size: number }',
  'function register(server: { tool(name: string, description: string): void }, NAME = "param") {',
  '  const description: string = `about ${NAME}`;',
  '  server.tool(NAME, description);',
  '  for (const item of [1, 2]) { const inLoop = item; counter = inLoop; }',
  '  switch (NAME) { case "x": { const inCase = NAME; break; } default: break; }',
  '  try { helpers.run(); } catch (caught) { const reason = caught; }',
  '}',
  'class Registry { static { const inStatic = "s"; } schema = z.object({ id: z.string() }); }',
  'const arrow = (NAME: string) => ({ inputSchema: { id: z.string() }, NAME });',
  'if (hoisted) { const NAME = "inner"; var late = NAME; }',
  'exports.answer = NAME;',
  'exports.first = exports.second = void 0;',
  'module.exports.other = arrow;',
  'export const uses = [NAME, counter, hoisted, Kind.A, defaults, fs_1, late, Registry, register];',
].join('\n');

/** What the scope says about every identifier of the program, by position. */
function readAll(program: TSESTree.Program, scope: Scope): unknown[] {
  const rows: unknown[] = [];
  walk(program, (node) => {
    if (node.type !== 'Identifier') return;
    rows.push([
      node.range[0],
      node.name,
      scope.resolve(node)?.range,
      scope.resolveInitial(node)?.range,
      scope.getImport(node.name),
      scope.getExportsAssignment(node.name)?.range,
      scope.getFirstEnum(node.name)?.range,
    ]);
  });
  return rows;
}

describe('a scope built from the candidate walk', () => {
  it('reads every name as a scope built by its own walk does', () => {
    const walked = parseSource(CODE, 'trail.ts');
    const recorded = parseSource(CODE, 'trail.ts');
    collectCandidates(recorded, new Set(['tool']));
    const expected = readAll(walked, Scope.of(walked));
    expect(readAll(recorded, Scope.of(recorded))).toEqual(expected);
    // The fixture exercises what the scope records: shadowed, reassigned, imported, enum and exports names.
    const resolved = expected.filter((row) => (row as unknown[])[2] !== undefined);
    expect(resolved.length).toBeGreaterThan(10);
    expect(expected.some((row) => (row as unknown[])[4] !== undefined)).toBe(true);
    expect(expected.some((row) => (row as unknown[])[5] !== undefined)).toBe(true);
    expect(expected.some((row) => (row as unknown[])[6] !== undefined)).toBe(true);
  });

  it('resolves the nearest declaration inside a block the candidate walk passed through', () => {
    const program = parseSource(CODE, 'trail.ts');
    collectCandidates(program, new Set(['tool']));
    const scope = Scope.of(program);
    const uses: TSESTree.Identifier[] = [];
    walk(program, (node) => {
      if (node.type === 'Identifier' && node.name === 'NAME') uses.push(node);
    });
    const inner = uses.find((id) => CODE.slice(0, id.range[0]).endsWith('var late = '));
    const outer = uses.find((id) => CODE.slice(0, id.range[0]).endsWith('exports.answer = '));
    expect(inner && scope.resolve(inner)?.type).toBe('Literal');
    expect(inner && (scope.resolve(inner) as TSESTree.Literal).value).toBe('inner');
    expect(outer && (scope.resolve(outer) as TSESTree.Literal).value).toBe('outer');
  });
});
