/**
 * Which family each tool belongs to, read from the instruction folder without `core`: the family whose
 * file has the tool's `## <tool>` section, else the family named by the tool's name prefix (split as
 * toolslim splits names: `db_query`, `db-query`, `dbQuery` → `db`), else the only family when there is
 * one. The author's `families` option wins over all three.
 */
import { parseFamilySections } from './gate/family-sections.js';
import { findInstructionFamilies, readInstructionFamilySync, type InstructionsDir } from './instructions-dir.js';

export interface FamilyIndex {
  readonly families: readonly string[];
  /** The tool's family, or undefined for a tool that belongs to none. */
  familyOf(tool: string): string | undefined;
  /** Tools with a section in a family file (their text moved), by family. */
  readonly sectionTools: ReadonlyMap<string, string>;
}

export function buildFamilyIndex(dir: InstructionsDir, families: readonly string[] = findInstructionFamilies(dir), overrides: Readonly<Record<string, string>> = {}): FamilyIndex {
  const sectionTools = new Map<string, string>();
  for (const family of families) {
    for (const tool of parseFamilySections(readInstructionFamilySync(dir, family)).sections.keys()) {
      if (!sectionTools.has(tool)) sectionTools.set(tool, family);
    }
  }
  const known = new Set([...families, ...Object.values(overrides)]);
  return {
    families,
    sectionTools,
    familyOf(tool) {
      if (Object.hasOwn(overrides, tool)) return overrides[tool];
      const section = sectionTools.get(tool);
      if (section !== undefined) return section;
      const prefix = getNamePrefix(tool);
      if (prefix !== undefined && known.has(prefix)) return prefix;
      return families.length === 1 ? families[0] : undefined;
    },
  };
}

/** The first word of a tool name, lower case: the same split as `core`'s `getNamePrefix` (a test keeps them equal). */
export function getNamePrefix(name: string): string | undefined {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.\-/:]+/)
    .filter((word) => word !== '');
  return words[0]?.toLowerCase();
}
