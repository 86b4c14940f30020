/** Flag parsing shared by the commands: node's `parseArgs`, plus the `-- <command…>` tail and number flags. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError, EXIT } from './exit-codes.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The parsed value of each flag, typed from its declaration. */
export type FlagValues<T extends Options> = {
  [K in keyof T]?: T[K] extends { type: 'boolean' } ? boolean : T[K] extends { multiple: true } ? string[] : string;
};

export interface ParsedFlags<T extends Options> {
  readonly values: FlagValues<T>;
  readonly positionals: string[];
}

export interface SplitArgs {
  /** Everything before the first `--`. */
  readonly head: string[];
  /** The server command after `--`, when one was given. */
  readonly serverCommand: string[] | undefined;
}

/** `--` ends toolslim's own flags; what follows is the server command, passed on untouched. */
export function splitServerCommand(args: readonly string[]): SplitArgs {
  const index = args.indexOf('--');
  if (index === -1) return { head: [...args], serverCommand: undefined };
  return { head: args.slice(0, index), serverCommand: args.slice(index + 1) };
}

/**
 * Parse flags strictly. An unknown flag or a missing value is a usage error in our own words: what was
 * wrong, the closest declared flag, and where the help is (`command` names it).
 */
export function parseFlags<T extends Options>(head: readonly string[], options: T, command?: string): ParsedFlags<T> {
  try {
    const { values, positionals } = parseArgs({ args: [...head], options, allowPositionals: true, strict: true });
    return { values: values as FlagValues<T>, positionals };
  } catch (error) {
    throw new CliError(buildFlagError(error, options, command), EXIT.usage);
  }
}

function buildFlagError(error: unknown, options: Options, command: string | undefined): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  const help = `See toolslim ${command ? `${command} ` : ''}--help.`;
  const flag = /'(-[^' ]*)/.exec(message)?.[1];
  if (flag === undefined) return `${message} ${help}`;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const closest = findClosestFlag(flag, options);
    const suggestion = closest ? ` Did you mean ${closest}?` : '';
    return `Unknown flag ${flag}${command ? ` for toolslim ${command}` : ''}.${suggestion}\n${help}`;
  }
  if (message.includes('does not take an argument')) return `${flag} takes no value. ${help}`;
  if (message.includes('argument missing')) return `${flag} needs a value. ${help}`;
  return `${message} ${help}`;
}

/** The declared long flag nearest to what was typed (a typo, a missing letter), if any is near. */
export function findClosestFlag(typed: string, options: Options): string | undefined {
  const bare = typed.replace(/^-+/, '').split('=')[0].toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of Object.keys(options)) {
    const distance = name.startsWith(bare) || bare.startsWith(name) ? Math.min(1, getEditDistance(bare, name)) : getEditDistance(bare, name);
    if (!best || distance < best.distance) best = { name, distance };
  }
  if (!best || best.distance > Math.max(2, Math.floor(bare.length / 3))) return undefined;
  return `--${best.name}`;
}

/** Levenshtein distance, small strings only. */
export function getEditDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** A positive number flag (`--top 5`, `--timeout 1.5`); undefined when absent. */
export function getPositiveNumber(value: string | undefined, flag: string, options: { integer?: boolean } = {}): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  const valid = value.trim() !== '' && Number.isFinite(number) && number > 0 && (!options.integer || Number.isInteger(number));
  if (!valid) throw new CliError(`${flag} needs a positive ${options.integer ? 'whole ' : ''}number, got "${value}".`, EXIT.usage);
  return number;
}

/** `--header 'Authorization: Bearer x'` → `{ Authorization: 'Bearer x' }`. */
export function parseHeaders(values: readonly string[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values ?? []) {
    const colon = value.indexOf(':');
    const name = colon === -1 ? '' : value.slice(0, colon).trim();
    if (!name) throw new CliError(`--header needs "Name: value", got "${value}".`, EXIT.usage);
    headers[name] = value.slice(colon + 1).trim();
  }
  return headers;
}
