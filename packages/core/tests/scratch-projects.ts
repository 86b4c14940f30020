/**
 * Fixture projects written inside core's node_modules (so that they resolve zod and the SDK installed
 * there), one folder per case, removed when the test file ends.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const coreDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Call at a test file's top level; `cacheName` names the folder under node_modules/.cache. */
export function useScratchProjects(cacheName: string): (files: Record<string, string>) => string {
  const workDir = join(coreDir, 'node_modules', '.cache', cacheName);
  const created: string[] = [];
  afterAll(() => {
    for (const dir of created) rmSync(dir, { recursive: true, force: true });
  });
  return (files) => {
    mkdirSync(workDir, { recursive: true });
    const dir = mkdtempSync(join(workDir, 'case-'));
    created.push(dir);
    for (const [name, code] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), code);
    }
    return dir;
  };
}
