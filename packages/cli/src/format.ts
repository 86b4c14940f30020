/**
 * Edits pass the repository's own formatter check: what slim changed is formatted with the project's
 * formatter when the project has one installed and configured (biome or prettier, found in its
 * node_modules). slim never installs one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Format the changed files with the project's own formatter when it has one installed (prettier or
 * biome, found in its node_modules; never installed for it). Returns the formatter used.
 */
export function formatFiles(root: string, cwd: string, files: readonly string[]): string | undefined {
  const bin = (name: string) => {
    for (let dir = root; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', '.bin', name);
      if (existsSync(candidate)) return candidate;
      if (path.dirname(dir) === dir) return undefined;
    }
  };
  const formatters: Array<[string, string | undefined, string[]]> = [
    ['biome', bin('biome'), ['format', '--write', ...files]],
    ['prettier', bin('prettier'), ['--write', '--log-level', 'warn', ...files]],
  ];
  for (const [name, command, args] of formatters) {
    if (!command || files.length === 0) continue;
    const hasConfig = name === 'biome' ? hasFile(root, ['biome.json', 'biome.jsonc']) : hasPrettierConfig(root);
    if (!hasConfig) continue;
    const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
    if (result.status === 0) return name;
  }
  return undefined;
}

function hasFile(root: string, names: readonly string[]): boolean {
  for (let dir = root; ; dir = path.dirname(dir)) {
    if (names.some((name) => existsSync(path.join(dir, name)))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

function hasPrettierConfig(root: string): boolean {
  if (hasFile(root, ['.prettierrc', '.prettierrc.json', '.prettierrc.yaml', '.prettierrc.yml', '.prettierrc.js', '.prettierrc.cjs', '.prettierrc.mjs', 'prettier.config.js', 'prettier.config.mjs', 'prettier.config.cjs'])) return true;
  try {
    return 'prettier' in (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>);
  } catch {
    return false;
  }
}

