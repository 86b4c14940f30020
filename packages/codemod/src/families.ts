/**
 * Which instruction file each tool's moved text goes to. A reader looks for `billing.md`, not `get.md`
 * or `index.md`: a family is a name prefix shared by at least two tools unless that prefix is a bare verb
 * or a generic word; every other tool goes to the server's family (its name, else its package's name).
 * The `families` setting wins over both.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getNamePrefix } from '@toolslim/core';

/** Prefixes that say what a tool does, not what it is about: never a family of their own. */
const NOT_A_FAMILY = new Set(
  (
    'get list create update delete remove add set put post patch fetch find search read write run execute exec query start stop ' +
    'prepare complete describe generate send check validate upload download open close edit make do show view cancel apply compare ' +
    'provision reset explain lookup load save clear copy move rename sync test call invoke use manage insert select count explore ' +
    'analyze analyse submit resolve tool tools index main default server mcp api app my the a new'
  ).split(' '),
);

export interface FamilyInput {
  readonly name: string | undefined;
  readonly filePath: string;
  /** The name of the server that registers the tool, when it is written statically. */
  readonly serverName: string | undefined;
  /** The tool's description: a prefix its tools' descriptions open with as their verb is an action, not a family. */
  readonly description?: string;
}

/** The family of each tool, in input order, as a file name (`[a-z0-9-]`, never empty). */
export function findFamilies(
  tools: readonly FamilyInput[],
  overrides: Readonly<Record<string, string>> | undefined,
  /** Names of every server the run found (tools in other files are often registered on one of them). */
  runServerNames: readonly string[] = [],
): string[] {
  const namesByPrefix = new Map<string, Set<string>>();
  const openings = new Map<string, string[]>();
  for (const { name, description } of tools) {
    const prefix = name === undefined ? undefined : getNamePrefix(name);
    if (name === undefined || prefix === undefined || !isFamilyWord(prefix)) continue;
    namesByPrefix.set(prefix, (namesByPrefix.get(prefix) ?? new Set()).add(name));
    if (description !== undefined) openings.set(prefix, [...(openings.get(prefix) ?? []), getOpeningWord(description)]);
  }
  // `take_screenshot` ("Take a screenshot…") and `take_snapshot`: the prefix is what the tools do, not what they are about.
  for (const [prefix, words] of openings) if (isVerbOfDescriptions(prefix, words)) namesByPrefix.delete(prefix);
  // One server name for the run when every tool's server agrees (or only one is named).
  const named = [...tools.map((tool) => tool.serverName), ...runServerNames].filter((name) => name !== undefined);
  const serverNames = [...new Set(named.map(toFamilyName))].filter(Boolean);
  const packageNames = new Map<string, string | undefined>();
  const fallback = (tool: FamilyInput): string => {
    const own = tool.serverName === undefined ? '' : toFamilyName(tool.serverName);
    if (own) return own;
    if (serverNames.length === 1) return serverNames[0];
    const dir = path.dirname(tool.filePath);
    if (!packageNames.has(dir)) packageNames.set(dir, findPackageName(dir));
    return toFamilyName(packageNames.get(dir) ?? '') || 'tools';
  };
  return tools.map((tool) => {
    const override = tool.name !== undefined && overrides && Object.hasOwn(overrides, tool.name) ? overrides[tool.name] : undefined;
    if (override !== undefined) return toFileName(override);
    const prefix = tool.name === undefined ? undefined : getNamePrefix(tool.name);
    if (prefix !== undefined && (namesByPrefix.get(prefix)?.size ?? 0) >= 2) return toFileName(prefix);
    return fallback(tool);
  });
}

/** The first word of a description, lowercased ("Takes a screenshot…" → `takes`). */
function getOpeningWord(description: string): string {
  return /[A-Za-z]+/.exec(description)?.[0].toLowerCase() ?? '';
}

/** True when at least half of the descriptions open with the prefix as their verb (`take`, `takes`, `taking`, `navigated`). */
function isVerbOfDescriptions(prefix: string, words: readonly string[]): boolean {
  const stem = prefix.replace(/e$/, '');
  const isForm = (word: string) => word === prefix || (word.startsWith(stem) && /^(?:e|s|es|ed|d|ing)$/.test(word.slice(stem.length)));
  return words.length > 0 && words.filter(isForm).length * 2 >= words.length;
}

function isFamilyWord(word: string): boolean {
  return word.length > 1 && !NOT_A_FAMILY.has(word) && !/^\d+$/.test(word);
}

/**
 * A server or package name as a family: `@acme/billing-mcp-server` → `billing`, `Neon MCP` → `neon`.
 * Empty when nothing is left.
 */
export function toFamilyName(name: string): string {
  const words = name
    .replace(/^@[^/]+\//, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && word !== 'mcp' && word !== 'server' && word !== 'model' && word !== 'context' && word !== 'protocol');
  return words.join('-');
}

/** A family as a file name: letters, digits, `_`, `-` and `.` only. */
export function toFileName(family: string): string {
  return family.replace(/[^A-Za-z0-9_.-]+/g, '-') || 'tools';
}

/** The `name` of the nearest package.json above a folder. */
function findPackageName(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    try {
      const name = (JSON.parse(readFileSync(path.join(current, 'package.json'), 'utf8')) as { name?: unknown }).name;
      return typeof name === 'string' ? name : undefined;
    } catch {
      // No package.json here (or not JSON): look further up.
    }
    if (path.dirname(current) === current) return undefined;
  }
}
