/**
 * Which tools the people who run a server turned on: `TOOLSLIM_TOOLSETS=db,repo` (or the author's own
 * variable, or a command-line flag `--toolsets db,repo`), comma-separated. An entry is a family, a preset
 * the author defined (`core`), `all`, or one tool's name; `-name` leaves a family or a tool out. Only
 * exclusions (`-deploy`) start from every family. Unset, the author's default applies; with no default,
 * nothing is chosen and every tool is published exactly as without the runtime.
 */

export interface ToolsetsOption {
  /** The environment variable to read. Default `TOOLSLIM_TOOLSETS`. */
  readonly env?: string;
  /** A command-line flag to read as well (`--toolsets`); it wins over the variable. */
  readonly flag?: string;
  /** What is on when neither is set (entries as in the variable). Default: everything. */
  readonly default?: readonly string[] | string;
  /** Named sets of entries (`{ core: ['db', 'repo_list'] }`). */
  readonly presets?: Readonly<Record<string, readonly string[]>>;
  /** Where to read: default `process.env` and `process.argv`. */
  readonly environment?: Readonly<Record<string, string | undefined>>;
  readonly argv?: readonly string[];
}

export const DEFAULT_TOOLSETS_ENV = 'TOOLSLIM_TOOLSETS';
export const ALL_TOOLSETS = 'all';

export interface ToolsetChoice {
  /** False when nothing was chosen: every tool is on and nothing is changed. */
  readonly active: boolean;
  /** How a user turns something on: `TOOLSLIM_TOOLSETS` (or the flag). */
  readonly setting: string;
  /** The value in force, as written. */
  readonly value: string;
  isEnabled(tool: string, family: string | undefined): boolean;
  /** The families that are on, of `families`. */
  enabledFamilies(families: readonly string[]): string[];
}

export function readToolsetChoice(option: ToolsetsOption | undefined, families: readonly string[]): ToolsetChoice {
  const env = option?.env ?? DEFAULT_TOOLSETS_ENV;
  const environment = option?.environment ?? (typeof process === 'object' ? process.env : {});
  const fromFlag = option?.flag ? readFlag(option.argv ?? (typeof process === 'object' ? process.argv : []), option.flag) : undefined;
  const fromEnv = environment[env];
  const defaultValue = typeof option?.default === 'string' ? option.default : option?.default?.join(',');
  const value = fromFlag ?? (fromEnv !== undefined && fromEnv.trim() !== '' ? fromEnv : defaultValue);
  const setting = fromFlag !== undefined && option?.flag ? option.flag : env;
  if (value === undefined) return { active: false, setting, value: '', isEnabled: () => true, enabledFamilies: (all) => [...all] };
  const presets = option?.presets ?? {};
  const known = new Set(families);
  const on = { families: new Set<string>(), tools: new Set<string>() };
  const off = { families: new Set<string>(), tools: new Set<string>() };
  let positive = false;
  const add = (entry: string, into: typeof on, depth: number) => {
    if (entry === ALL_TOOLSETS) for (const family of families) into.families.add(family);
    else if (Object.hasOwn(presets, entry) && depth < 4) for (const inner of presets[entry]) add(inner.trim(), into, depth + 1);
    else if (known.has(entry)) into.families.add(entry);
    else into.tools.add(entry);
  };
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    if (entry.startsWith('-')) add(entry.slice(1).trim(), off, 0);
    else {
      positive = true;
      add(entry, on, 0);
    }
  }
  if (!positive) for (const family of families) on.families.add(family);
  const isEnabled = (tool: string, family: string | undefined) => {
    if (off.tools.has(tool)) return false;
    if (on.tools.has(tool)) return true;
    return family !== undefined && on.families.has(family) && !off.families.has(family);
  };
  return {
    active: true,
    setting,
    value: value.trim(),
    isEnabled,
    enabledFamilies: (all) => all.filter((family) => on.families.has(family) && !off.families.has(family)),
  };
}

/** `--toolsets db,repo` or `--toolsets=db,repo`; the last one given wins. */
function readFlag(argv: readonly string[], flag: string): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === flag && i + 1 < argv.length) found = argv[i + 1];
    else if (argv[i].startsWith(`${flag}=`)) found = argv[i].slice(flag.length + 1);
  }
  return found;
}
