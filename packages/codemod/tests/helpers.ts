/** Test helpers: the source files of a fixture project and a whole folder as `{ relative path: text }`. */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

export function findProjectSources(dir: string): string[] {
  return listFiles(dir)
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file));
}

export function readTree(dir: string): Record<string, string> {
  const tree: Record<string, string> = {};
  for (const file of listFiles(dir)) tree[file] = readFileSync(path.join(dir, file), 'utf8');
  return tree;
}

function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...listFiles(dir, relative));
    } else out.push(relative);
  }
  return out;
}
