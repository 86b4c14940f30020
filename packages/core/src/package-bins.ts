/**
 * Whether a file is a `bin` of its package (the nearest `package.json` above it): what a user starts,
 * so a bin that only launches another program is the server, and its tools are that program's.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface PackageBinLookup {
  /** The folder of the package whose `bin` the file is; undefined when it is none. */
  getBinPackage(filePath: string): string | undefined;
  /** The `name` of the file's package (its nearest `package.json`). */
  getPackageName(filePath: string): string | undefined;
}

interface PackageBins {
  readonly dir: string;
  readonly name: string | undefined;
  readonly bins: ReadonlySet<string>;
}

export function createPackageBinLookup(): PackageBinLookup {
  const packages = new Map<string, PackageBins | undefined>();
  const getPackage = (dir: string): PackageBins | undefined => {
    if (packages.has(dir)) return packages.get(dir);
    const manifest = path.join(dir, 'package.json');
    const parent = path.dirname(dir);
    const found = existsSync(manifest) ? readManifest(manifest, dir) : parent === dir ? undefined : getPackage(parent);
    packages.set(dir, found);
    return found;
  };
  return {
    getBinPackage: (filePath) => {
      const file = path.resolve(filePath);
      const found = getPackage(path.dirname(file));
      return found?.bins.has(file) ? found.dir : undefined;
    },
    getPackageName: (filePath) => getPackage(path.dirname(path.resolve(filePath)))?.name,
  };
}

function readManifest(manifest: string, dir: string): PackageBins {
  try {
    const json: { name?: unknown; bin?: unknown } = JSON.parse(readFileSync(manifest, 'utf8'));
    const bin = json.bin;
    const entries = typeof bin === 'string' ? [bin] : bin && typeof bin === 'object' ? Object.values(bin).filter((v): v is string => typeof v === 'string') : [];
    return { dir, name: typeof json.name === 'string' ? json.name : undefined, bins: new Set(entries.map((entry) => path.resolve(dir, entry))) };
  } catch {
    // A manifest that does not parse names no bin; the files are still read.
    return { dir, name: undefined, bins: new Set() };
  }
}
