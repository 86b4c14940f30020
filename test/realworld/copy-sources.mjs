/**
 * A corpus server's sources copied to a scratch folder for slimming, without .git; node_modules is not
 * copied (slim only reads it): by default each node_modules folder becomes a link to the cached install,
 * or `linkNodeModules(fromFolder, toFolder, parentRel)` puts it there another way.
 */
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

export function copySources(from, to, { linkNodeModules = (fromFolder, toFolder) => symlinkSync(fromFolder, toFolder) } = {}) {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(from, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.name === '.git') continue;
      if (entry.name === 'node_modules') linkNodeModules(path.join(from, rel), path.join(to, rel), dir);
      else if (entry.isDirectory()) {
        mkdirSync(path.join(to, rel), { recursive: true });
        walk(rel);
      } else cpSync(path.join(from, rel), path.join(to, rel), { verbatimSymlinks: true });
    }
  };
  walk('.');
  return to;
}
