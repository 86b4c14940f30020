/**
 * Families group tools for reports and for the codemod's instruction files (`<dir>/<family>.md`).
 * A family is a name prefix that at least two tools share, because that is how catalogues name related
 * tools (`backlog_create`, `backlog_list`); a tool whose prefix is its own falls back to its file's name.
 */

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

/** The file's base name without its extension (`src/tools/backlog.ts` → `backlog`, `a.d.ts` → `a`). */
export function getFileFamily(filePath: string): string {
  const base = filePath.split(/[\\/]/).pop() ?? filePath;
  const withoutExtension = base.replace(/(?:\.d)?\.[^.]+$/, '');
  return withoutExtension === '' ? base : withoutExtension;
}

/**
 * The family of each tool, in input order: an override from settings, else the name prefix shared by at
 * least two distinct tool names, else the declaring file's base name. Prefixes are counted over distinct
 * names, so the ESM and CJS twins of one tool do not make a family on their own. Overridden tools still
 * count toward prefixes, so a tool's family depends only on its own override and the set of names.
 */
export function assignFamilies(
  tools: readonly { readonly name: string | undefined; readonly filePath: string }[],
  overrides?: Readonly<Record<string, string>>,
): string[] {
  const namesByPrefix = new Map<string, Set<string>>();
  for (const { name } of tools) {
    const prefix = name === undefined ? undefined : getNamePrefix(name);
    if (name === undefined || prefix === undefined) continue;
    const names = namesByPrefix.get(prefix) ?? new Set<string>();
    names.add(name);
    namesByPrefix.set(prefix, names);
  }
  return tools.map(({ name, filePath }) => {
    const override = name === undefined ? undefined : getOwnValue(overrides, name);
    if (override !== undefined) return override;
    const prefix = name === undefined ? undefined : getNamePrefix(name);
    if (prefix !== undefined && (namesByPrefix.get(prefix)?.size ?? 0) >= 2) return prefix;
    return getFileFamily(filePath);
  });
}

/** A settings value for a key, ignoring inherited properties (`constructor`, `toString`). */
function getOwnValue(record: Readonly<Record<string, string>> | undefined, key: string): string | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
