/**
 * Whether a file is a `bin` of its package (the nearest `package.json` above it): what a user starts,
 * so a bin that only launches another program is the server, and its tools are that program's.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The folder of the package whose `bin` the file is; undefined when it is none. */
export type PackageBinLookup = (filePath: string) => string | undefined;

interface PackageBins {
  readonly dir: string;
  readonly bins: ReadonlySet<string>;
}

export function createPackageBinLookup(): PackageBinLookup {
  const packages = new Map<string, PackageBins | undefined>();
  const getPackage = (dir: string): PackageBins | undefined => {
    if (packages.has(dir)) return packages.get(dir);
    const manifest = path.join(dir, 'package.json');
    const parent = path.dirname(dir);
    const found = existsSync(manifest) ? { dir, bins: readBins(manifest, dir) } : parent === dir ? undefined : getPackage(parent);
    packages.set(dir, found);
    return found;
  };
  return (filePath) => {
    const file = path.resolve(filePath);
    const found = getPackage(path.dirname(file));
    return found?.bins.has(file) ? found.dir : undefined;
  };
}

function readBins(manifest: string, dir: string): ReadonlySet<string> {
  try {
    const bin: unknown = JSON.parse(readFileSync(manifest, 'utf8')).bin;
    const entries = typeof bin === 'string' ? [bin] : bin && typeof bin === 'object' ? Object.values(bin).filter((v): v is string => typeof v === 'string') : [];
    return new Set(entries.map((entry) => path.resolve(dir, entry)));
  } catch {
    // A manifest that does not parse names no bin; the files are still read.
    return new Set();
  }
}
