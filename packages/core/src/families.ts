/**
 * Families group tools: the report's family column, the pointer a rule says slim would write, the toolsets a
 * rule suggests, and the codemod's instruction files (`<dir>/<family>.md`) all read this one assignment. A
 * reader looks for `billing.md`, not `get.md` or `index.md`: a family is a name prefix shared by at least two
 * tools unless that prefix is a bare verb or a generic word; every other tool goes to its server's family
 * (the server's name, else its package's name). The `families` setting wins over both.
 */
import type { ServerDecl, ToolDecl } from './model.js';
import { createPackageBinLookup } from './package-bins.js';

/** Prefixes that say what a tool does, not what it is about: never a family of their own. */
const NOT_A_FAMILY = new Set(
  (
    'get list create update delete remove add set put post patch fetch find search read write run execute exec query start stop ' +
    'prepare complete describe generate send check validate upload download open close edit make do show view cancel apply compare ' +
    'provision reset explain lookup load save clear copy move rename sync test call invoke use manage insert select count explore ' +
    'analyze analyse submit resolve tool tools index main default server mcp api app my the a new'
  ).split(' '),
);

/** Words a server or package name carries that say nothing about its tools. */
const NOT_A_NAME_WORD = new Set(['mcp', 'server', 'model', 'context', 'protocol']);

export interface FamilyInput {
  readonly name: string | undefined;
  /** The declaring file (its nearest package.json names the family of a tool with no server name). */
  readonly filePath: string;
  /** The name of the server that registers the tool, when it is written statically. */
  readonly serverName?: string | undefined;
  /** The tool's description: a prefix its tools' descriptions open with as their verb is an action, not a family. */
  readonly description?: string | undefined;
}

/**
 * The first word of a tool name: before the first `_`, `-`, `.` or camelCase hump, lower-cased
 * (`backlog_create` → `backlog`, `getUser` → `get`, `HTTPServer` → `http`). Leading separators are skipped.
 */
export function getNamePrefix(name: string): string | undefined {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.\-/:]+/)
    .filter((word) => word !== '');
  return words[0]?.toLowerCase();
}

/**
 * The family of each tool, in input order, as a file name (`[A-Za-z0-9_.-]`, never empty). Prefixes are
 * counted over distinct names, so the ESM and CJS twins of one tool do not make a family on their own, and
 * overridden tools still count toward prefixes, so a tool's family depends only on its own override and the
 * set of tools.
 */
export function assignFamilies(
  tools: readonly FamilyInput[],
  overrides?: Readonly<Record<string, string>>,
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
  const packages = createPackageBinLookup();
  const fallback = (tool: FamilyInput): string => {
    const own = tool.serverName === undefined ? '' : toFamilyName(tool.serverName);
    if (own) return own;
    if (serverNames.length === 1) return serverNames[0];
    return toFamilyName(packages.getPackageName(tool.filePath) ?? '') || 'tools';
  };
  return tools.map((tool) => {
    const override = tool.name === undefined ? undefined : getOwnValue(overrides, tool.name);
    if (override !== undefined) return toFileName(override);
    const prefix = tool.name === undefined ? undefined : getNamePrefix(tool.name);
    if (prefix !== undefined && (namesByPrefix.get(prefix)?.size ?? 0) >= 2) return toFileName(prefix);
    return fallback(tool);
  });
}

/** The static name of the server a tool is registered on, or of the one server its file creates. */
export function getRegisteringServerName(decl: ToolDecl, servers: readonly ServerDecl[]): string | undefined {
  const server = decl.server ?? (servers.length === 1 ? servers[0] : undefined);
  return server?.name?.kind === 'static' ? server.name.value : undefined;
}

/**
 * A server or package name as a family: `@acme/billing-mcp-server` → `billing`, `Neon MCP` → `neon`.
 * Empty when nothing is left.
 */
export function toFamilyName(name: string): string {
  return name
    .replace(/^@[^/]+\//, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !NOT_A_NAME_WORD.has(word))
    .join('-');
}

/** A family as a file name: letters, digits, `_`, `-` and `.` only. */
export function toFileName(family: string): string {
  return family.replace(/[^A-Za-z0-9_.-]+/g, '-') || 'tools';
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

/** A settings value for a key, ignoring inherited properties (`constructor`, `toString`). */
function getOwnValue(record: Readonly<Record<string, string>> | undefined, key: string): string | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
