import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSource } from '@toolslim/core';

const source = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Each module of core's source and the modules it imports at run time (`import type` does not count). */
function readImportGraph(root: string): Map<string, string[]> {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(root, file));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const program = parseSource(readFileSync(file, 'utf8'), file);
    const imports: string[] = [];
    for (const statement of program.body) {
      if (statement.type !== 'ImportDeclaration' && statement.type !== 'ExportNamedDeclaration' && statement.type !== 'ExportAllDeclaration') continue;
      if (!statement.source || !statement.source.value.startsWith('.')) continue;
      if (statement.type === 'ImportDeclaration') {
        const onlyTypes = statement.importKind === 'type' || (statement.specifiers.length > 0 && statement.specifiers.every((s) => s.type === 'ImportSpecifier' && s.importKind === 'type'));
        if (onlyTypes) continue;
      } else if (statement.exportKind === 'type') continue;
      imports.push(resolve(dirname(file), statement.source.value.replace(/\.js$/, '.ts')));
    }
    graph.set(file, imports);
  }
  return graph;
}

/** Groups of modules that import each other, directly or through others (Tarjan's strongly connected components). */
function findCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const dependency of graph.get(file) ?? []) {
      if (!graph.has(dependency)) continue;
      if (!index.has(dependency)) {
        visit(dependency);
        low.set(file, Math.min(low.get(file)!, low.get(dependency)!));
      } else if (stack.includes(dependency)) low.set(file, Math.min(low.get(file)!, index.get(dependency)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== file);
    if (group.length > 1) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe("core's modules", () => {
  it('import each other without a circle at run time', () => {
    const graph = readImportGraph(source);
    expect(graph.size).toBeGreaterThan(50);
    expect(findCircles(graph).map((group) => group.map((file) => relative(source, file)))).toEqual([]);
  });

  it('a circle is found when there is one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(findCircles(graph)).toEqual([['/a.ts', '/b.ts', '/c.ts']]);
  });
});
