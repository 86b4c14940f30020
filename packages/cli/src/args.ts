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

/** Parse flags strictly: an unknown flag or a missing value is a usage error naming the flag. */
export function parseFlags<T extends Options>(head: readonly string[], options: T): ParsedFlags<T> {
  try {
    const { values, positionals } = parseArgs({ args: [...head], options, allowPositionals: true, strict: true });
    return { values: values as FlagValues<T>, positionals };
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error), EXIT.usage);
  }
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
