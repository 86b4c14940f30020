/** A slimmed fixture server's dependencies, put beside it as an install would, by linking the workspace's. */
import { mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const runtimeDir = path.join(import.meta.dirname, '../../packages/runtime');

/** Links @toolslim/runtime, the MCP SDK and zod (the versions the runtime resolves) into `project/node_modules`. */
export function linkRuntimeBeside(project: string): void {
  const requireFromRuntime = createRequire(path.join(runtimeDir, 'package.json'));
  const packageDir = (name: string) => path.dirname(requireFromRuntime.resolve(`${name}/package.json`));
  for (const [name, target] of [
    ['@toolslim/runtime', runtimeDir],
    ['@modelcontextprotocol/sdk', packageDir('@modelcontextprotocol/sdk')],
    ['zod', packageDir('zod')],
  ] as const) {
    mkdirSync(path.dirname(path.join(project, 'node_modules', name)), { recursive: true });
    symlinkSync(target, path.join(project, 'node_modules', name), 'dir');
  }
}
