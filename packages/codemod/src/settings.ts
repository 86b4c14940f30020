/**
 * The `toolslim` settings of the user's ESLint config (`settings: { toolslim: { families, … } }`), the one
 * place for settings, as the rules read them. ESLint is loaded from the user's project; without one, or
 * when their config cannot be loaded, there are no settings and a note says why.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ToolslimSettings } from '@toolslim/core';

const CONFIG_FILES = ['eslint.config.js', 'eslint.config.mjs', 'eslint.config.cjs', 'eslint.config.ts', 'eslint.config.mts', 'eslint.config.cts'];

interface EslintLike {
  calculateConfigForFile(file: string): Promise<{ settings?: Record<string, unknown> } | undefined>;
}

export interface LoadedSettings {
  readonly settings: ToolslimSettings | undefined;
  /** Why no settings were read although a config exists. */
  readonly note?: string;
}

/** `settings.toolslim` as the user's ESLint config gives it for `file`. */
export async function loadToolslimSettings(cwd: string, file: string | undefined): Promise<LoadedSettings> {
  if (file === undefined || !hasFlatConfig(path.dirname(file))) return { settings: undefined };
  try {
    const require = createRequire(path.join(cwd, 'package.json'));
    const eslintPath = require.resolve('eslint');
    const module = (await import(pathToFileURL(eslintPath).href)) as { loadESLint?: () => Promise<new (options: { cwd: string }) => EslintLike> };
    if (!module.loadESLint) return { settings: undefined, note: 'the installed ESLint is older than 9; the toolslim settings were not read' };
    const Eslint = await module.loadESLint();
    const eslint = new Eslint({ cwd });
    // A file no config object matches (a .ts file in a config without `files` for TypeScript) has no
    // config; settings are usually global, so a JavaScript file beside it tells them.
    const config =
      (await eslint.calculateConfigForFile(file)) ?? (await eslint.calculateConfigForFile(path.join(path.dirname(file), 'toolslim-settings.js')));
    const settings = config?.settings?.toolslim;
    return { settings: settings && typeof settings === 'object' ? (settings as ToolslimSettings) : undefined };
  } catch (error) {
    return { settings: undefined, note: `the ESLint config could not be loaded (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); the toolslim settings were not read` };
  }
}

function hasFlatConfig(dir: string): boolean {
  for (let current = dir; ; current = path.dirname(current)) {
    if (CONFIG_FILES.some((name) => existsSync(path.join(current, name)))) return true;
    if (path.dirname(current) === current) return false;
  }
}
