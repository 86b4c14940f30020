// The manifest's `pins`: exact versions a lockfile names that the registry no longer serves (or that come
// from outside it), set in every package.json of a scratch copy (never in /work/corpus) to a version that
// installs; the manifest says why. run.mjs and slim.mjs share it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function applyPins(entry, dir) {
  if (!entry.pins) return;
  const visit = (folder) => {
    for (const item of readdirSync(folder, { withFileTypes: true })) {
      if (item.name === 'node_modules' || item.name.startsWith('.')) continue;
      const file = join(folder, item.name);
      if (item.isDirectory()) visit(file);
      else if (item.name === 'package.json') pinManifest(file, entry.pins);
    }
  };
  visit(dir);
}

function pinManifest(file, pins) {
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  let changed = false;
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    for (const [dep, version] of Object.entries(pins)) {
      if (pkg[field]?.[dep] && pkg[field][dep] !== version) {
        pkg[field][dep] = version;
        changed = true;
      }
    }
  }
  if (changed) writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
}
