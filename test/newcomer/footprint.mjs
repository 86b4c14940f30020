#!/usr/bin/env node
// Install footprint of each packed package in a fresh npm project outside the workspace:
// packages added and megabytes on disk. Usage: node test/newcomer/footprint.mjs <tarball dir> [--base "eslint@10 ..."]
// Local @toolslim/* dependencies are installed from the same tarball folder (they are not on the registry).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const dir = resolve(process.argv[2] ?? '.');
const baseIndex = process.argv.indexOf('--base');
const base = baseIndex > 0 ? process.argv[baseIndex + 1].split(/\s+/).filter(Boolean) : [];
const tarballs = readdirSync(dir).filter((f) => f.endsWith('.tgz'));
const local = (name) => tarballs.find((f) => f.startsWith(name.replace('@', '').replace('/', '-') + '-'));

function measure(project) {
  const listing = execFileSync('npm', ['ls', '--all', '--parseable'], { cwd: project, encoding: 'utf8', maxBuffer: 1 << 26 }).trim().split('\n');
  const packages = listing.filter((line) => line.includes('node_modules')).length;
  const kb = Number(execFileSync('du', ['-sk', join(project, 'node_modules')], { encoding: 'utf8' }).split('\t')[0]);
  return { packages, mb: kb / 1024 };
}

function install(project, specs) {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });
}

const rows = [];
for (const name of ['eslint-plugin-toolslim', '@toolslim/tokens', '@toolslim/core', '@toolslim/runtime', '@toolslim/codemod', '@toolslim/cli']) {
  if (!local(name)) continue;
  const project = mkdtempSync(join(tmpdir(), 'toolslim-footprint-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'footprint', private: true, type: 'module' }));
  // @toolslim/* that npm cannot fetch from the registry: install them from the folder too (they count).
  const overrides = Object.fromEntries(tarballs.filter((f) => f !== local(name)).map((f) => [f.startsWith('toolslim-') ? `@toolslim/${f.slice(9).replace(/-\d.*$/, '')}` : f.replace(/-\d.*$/, ''), `file:${join(dir, f)}`]));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'footprint', private: true, type: 'module', overrides }));
  let before = { packages: 0, mb: 0 };
  if (base.length > 0) {
    install(project, base);
    before = measure(project);
  }
  install(project, [join(dir, local(name))]);
  const after = measure(project);
  rows.push({ name, packages: after.packages - before.packages, mb: Number((after.mb - before.mb).toFixed(1)) });
  rmSync(project, { recursive: true, force: true });
}
console.log(JSON.stringify(rows));
