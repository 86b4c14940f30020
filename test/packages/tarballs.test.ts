// What `npm install` gives a user: each workspace package packed with `pnpm pack` (which replaces
// `workspace:` ranges), its file list and its package.json.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const REPOSITORY = 'https://github.com/toolslim/toolslim';
const PACKAGES = ['tokens', 'core', 'eslint-plugin', 'codemod', 'cli', 'runtime'];

/** package.json as read from a tarball; the test checks its shape field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Manifest = Record<string, any>;

interface Packed {
  readonly dir: string;
  readonly files: string[];
  readonly manifest: Manifest;
  readonly read: (file: string) => string;
}

const packed = new Map<string, Packed>();
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'toolslim-tarballs-'));
  for (const dir of PACKAGES) {
    const cwd = join(root, 'packages', dir);
    const json = execFileSync('npx', ['-y', 'pnpm@12.4.2', 'pack', '--json', '--pack-destination', out], { cwd, encoding: 'utf8' });
    const tarball = (JSON.parse(json.slice(json.indexOf('{'))) as { filename: string }).filename;
    const path = tarball.startsWith('/') ? tarball : join(out, tarball);
    const files = execFileSync('tar', ['-tzf', path], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((file) => file.replace(/^package\//, ''));
    const read = (file: string) => execFileSync('tar', ['-xzOf', path, `package/${file}`], { encoding: 'utf8', maxBuffer: 1 << 26 });
    packed.set(dir, { dir, files, manifest: JSON.parse(read('package.json')), read });
  }
}, 180_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The package a bare specifier names: `@scope/name/sub.js` → `@scope/name`. */
function getPackageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function findImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/^(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
    found.add(match[1] ?? match[2] ?? match[3]);
  }
  return [...found];
}

describe.each(PACKAGES)('the %s tarball', (dir) => {
  const get = () => packed.get(dir)!;

  it('ships what runs, with a README and a LICENSE', () => {
    const { files } = get();
    expect(files).toContain('README.md');
    expect(files).toContain('LICENSE');
    expect(files).toContain('package.json');
    expect(files.filter((file) => /tsbuildinfo|\.map$|(^|\/)tests?\/|\.test\.|^src\//.test(file))).toEqual([]);
    expect(files.some((file) => file.startsWith('dist/') && file.endsWith('.js'))).toBe(true);
    expect(files.some((file) => file.startsWith('dist/') && file.endsWith('.d.ts'))).toBe(true);
  });

  it('has the fields a registry page and a package manager read', () => {
    const { manifest } = get();
    expect(manifest.description).toMatch(/\w{10,}/);
    expect(manifest.keywords).toContain('mcp');
    expect(manifest.license).toBe('MIT');
    expect(manifest.repository).toEqual({ type: 'git', url: `git+${REPOSITORY}.git`, directory: `packages/${dir}` });
    expect(manifest.homepage).toBe(`${REPOSITORY}/tree/main/packages/${dir}#readme`);
    expect(manifest.bugs).toEqual({ url: `${REPOSITORY}/issues` });
    if (manifest.name.startsWith('@')) expect(manifest.publishConfig?.access).toBe('public');
    expect(JSON.stringify(manifest)).not.toContain('workspace:');
  });

  it('points its exports, main, types and bin at files it ships, without the source condition', () => {
    const { manifest, files } = get();
    const targets = [manifest.main, manifest.types, ...Object.values(manifest.bin ?? {})];
    for (const conditions of Object.values(manifest.exports) as Record<string, string>[]) {
      expect(Object.keys(conditions)).not.toContain('source');
      targets.push(...Object.values(conditions));
    }
    for (const target of targets) expect(files).toContain(target.replace(/^\.\//, ''));
  });

  it('declares every package its JavaScript imports', () => {
    const { manifest, files, read } = get();
    const declared = new Set([
      manifest.name,
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
    ]);
    const builtins = new Set(builtinModules);
    const undeclared = new Set<string>();
    for (const file of files.filter((f) => /\.(?:m?js)$/.test(f))) {
      for (const specifier of findImports(read(file))) {
        if (specifier.startsWith('.') || specifier.startsWith('node:') || builtins.has(specifier)) continue;
        if (!declared.has(getPackageName(specifier))) undeclared.add(`${file}: ${specifier}`);
      }
    }
    expect([...undeclared]).toEqual([]);
  });

  it('links its README to pages that exist outside the tarball', () => {
    const readme = get().read('README.md');
    expect(readme).not.toMatch(/\]\((?!https:\/\/|#)/);
  });
});

describe('peers', () => {
  it('eslint-plugin-toolslim takes ESLint, the parser and TypeScript from the project', () => {
    const { manifest } = packed.get('eslint-plugin')!;
    expect(manifest.peerDependencies).toMatchObject({ eslint: '^9.15.0 || ^10.0.0', '@typescript-eslint/parser': expect.any(String), typescript: expect.any(String) });
    expect(manifest.peerDependenciesMeta).toMatchObject({ typescript: { optional: true } });
  });

  it('core and the plugin take the typescript-eslint family from the project as a range, never a pinned copy', () => {
    for (const dir of ['eslint-plugin', 'core']) {
      const { manifest } = packed.get(dir)!;
      const family = Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies }).filter(([name]) => name.startsWith('@typescript-eslint/'));
      expect(family.length).toBeGreaterThan(0);
      for (const [name, range] of family) {
        expect(Object.keys(manifest.dependencies ?? {}), name).not.toContain(name);
        expect(range, name).toBe('^8.72.0');
      }
    }
  });

  it('the runtime needs zod at run time and the MCP SDK only for its types: the SDK peer is optional', () => {
    const { manifest, files, read } = packed.get('runtime')!;
    expect(manifest.peerDependenciesMeta).toEqual({ '@modelcontextprotocol/sdk': { optional: true } });
    const sdkImports = files.filter((file) => file.endsWith('.js')).flatMap((file) => findImports(read(file)).filter((specifier) => specifier.startsWith('@modelcontextprotocol/sdk')));
    expect(sdkImports).toEqual([]);
    expect(files.filter((file) => file.endsWith('.js')).some((file) => findImports(read(file)).includes('zod'))).toBe(true);
  });

  it('the o200k_base rank table ships once, in @toolslim/tokens, which core and the runtime depend on and which depends on nothing', () => {
    const { manifest, files } = packed.get('tokens')!;
    expect(files).toContain('data/o200k_base.bin.br');
    expect(manifest.dependencies).toBeUndefined();
    for (const dir of PACKAGES.filter((name) => name !== 'tokens')) expect(packed.get(dir)!.files.filter((file) => file.endsWith('.br'))).toEqual([]);
    for (const dir of ['core', 'runtime']) expect(Object.keys(packed.get(dir)!.manifest.dependencies)).toContain('@toolslim/tokens');
  });

  it('the plugin ships no development scripts', () => {
    const { manifest, files } = packed.get('eslint-plugin')!;
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies === undefined || !('eslint-doc-generator' in (manifest.scripts ?? {}))).toBe(true);
    expect(files.filter((file) => !file.startsWith('dist/'))).toEqual(['LICENSE', 'README.md', 'package.json'].filter((file) => files.includes(file)));
  });

  it('nothing that lints installs an MCP server framework', () => {
    for (const dir of ['eslint-plugin', 'core']) {
      const { manifest } = packed.get(dir)!;
      expect(Object.keys(manifest.dependencies)).not.toContain('@modelcontextprotocol/sdk');
      expect(Object.keys(manifest.dependencies)).not.toContain('@toolslim/runtime');
    }
  });
});
