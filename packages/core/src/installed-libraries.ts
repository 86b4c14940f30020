/**
 * What the libraries installed next to a file do, for measuring from disk (report, budget): which zod
 * major a plain `import … from 'zod'` means, and whether the MCP SDK's McpServer adds `execution` to each
 * tool (SDK 1.24 and later do; 1.15 and earlier do not). The ESLint rules take settings instead.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Memoised walk up from a file's folder to the nearest `node_modules/<name>` that `read` understands. */
function createNearestLookup<T>(name: string, read: (packageDir: string) => T | undefined): (filePath: string) => T | undefined {
  const byDirectory = new Map<string, T | undefined>();
  const lookup = (directory: string): T | undefined => {
    if (byDirectory.has(directory)) return byDirectory.get(directory);
    let found: T | undefined;
    try {
      found = read(join(directory, 'node_modules', name));
    } catch {
      found = undefined;
    }
    if (found === undefined) {
      const parent = dirname(directory);
      found = parent === directory ? undefined : lookup(parent);
    }
    byDirectory.set(directory, found);
    return found;
  };
  return (filePath) => lookup(dirname(filePath));
}

/** zod 3.x (3.25 included: v4 lives under `zod/v4` there) publishes the v3 API at `zod`; 4.x publishes v4. */
export function createZodVersionLookup(): (filePath: string) => 3 | 4 | undefined {
  return createNearestLookup('zod', (dir) => {
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string };
    const major = Number(version?.split('.')[0]);
    return major === 3 ? 3 : major >= 4 ? 4 : undefined;
  });
}

/** True when the nearest installed SDK's McpServer publishes `execution`, read from its own `tools/list` code. */
export function createMcpSdkExecutionLookup(): (filePath: string) => boolean | undefined {
  return createNearestLookup('@modelcontextprotocol/sdk', (dir) => {
    for (const build of ['esm', 'cjs']) {
      try {
        return /execution:\s*tool\.execution/.test(readFileSync(join(dir, 'dist', build, 'server', 'mcp.js'), 'utf8'));
      } catch {
        // try the other build
      }
    }
    return undefined;
  });
}
