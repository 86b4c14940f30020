// PLACEHOLDER (helper core-prose replaces this file): signature only.

/**
 * The family of each tool, in input order: an override from settings, else the name prefix (before the
 * first `_`, `-`, `.` or camelCase hump) shared by at least two tools, else the declaring file's base name.
 */
export function assignFamilies(
  tools: readonly { readonly name: string | undefined; readonly filePath: string }[],
  overrides?: Readonly<Record<string, string>>,
): string[] {
  void tools;
  void overrides;
  throw new Error('assignFamilies: not implemented yet');
}
