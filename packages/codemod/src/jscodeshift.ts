/**
 * The slimming engine as a jscodeshift transform:
 *   npx jscodeshift -t node_modules/@toolslim/codemod/dist/jscodeshift.js --parser=ts src/
 * Options: --instructions=<dir> (default docs/tools), --pointer=<template>, --toolName=<name>, --keep=<n>.
 *
 * jscodeshift loads a transform with require() under a Babel hook that compiles every module it loads,
 * node_modules included (ts-morph's bundled TypeScript alone takes minutes, and Babel rejects its class
 * static blocks). So this entry stays tiny, releases that hook once the transform is loaded, and loads
 * the engine with the native ESM loader.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { API, FileInfo, Options } from 'jscodeshift';

type Engine = typeof import('./jscodeshift-engine.js');

let engine: Promise<Engine> | undefined;

/** Undo jscodeshift's Babel require hook (it has done its job: this file is loaded). */
function releaseBabelHook(): void {
  for (const [id, loaded] of Object.entries(require.cache)) {
    if (/[\\/]@babel[\\/]register[\\/]lib[\\/](?:index|node)\.cjs$/.test(id)) (loaded?.exports as { revert?: () => void }).revert?.();
  }
}

function loadEngine(): Promise<Engine> {
  if (typeof __dirname === 'string' && typeof require === 'function') {
    releaseBabelHook();
    // Compiled to CommonJS by jscodeshift's Babel hook: a Function body is out of Babel's reach, so this
    // stays a native dynamic import instead of becoming a require().
    const nativeImport = new Function('url', 'return import(url)') as (url: string) => Promise<Engine>;
    return nativeImport(pathToFileURL(path.join(__dirname, 'jscodeshift-engine.js')).href);
  }
  return import('./jscodeshift-engine.js');
}

export default async function transform(file: FileInfo, api: API, options: Options): Promise<string | undefined> {
  engine ??= loadEngine();
  return (await engine).transformFile(file, api, options);
}

export const parser = 'ts';
