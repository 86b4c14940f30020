/**
 * A family file as `toolslim slim` writes it: a title and shared notes, then one `## <tool>` section per
 * tool (with `### <param>` subsections). Read line by line, with code fences skipped, so that the runtime
 * needs no markdown parser: a `#` line inside a fence is code, not a heading.
 */

export interface FamilySections {
  /** Everything before the first tool section: the title and the family's shared notes. */
  readonly shared: string;
  /** Each `## <tool>` section, its heading included, by tool name (the first section of a name wins). */
  readonly sections: ReadonlyMap<string, string>;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

export function parseFamilySections(text: string): FamilySections {
  const lines = text.split('\n');
  const sections = new Map<string, string>();
  let firstSection: number | undefined;
  let current: { tool: string; start: number } | undefined;
  let fence: string | undefined;
  const close = (end: number) => {
    if (current && !sections.has(current.tool)) sections.set(current.tool, lines.slice(current.start, end).join('\n').trimEnd());
    current = undefined;
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const marker = FENCE.exec(line)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = HEADING.exec(line);
    // `###` and deeper belong to the section they are in (parameters, moved headings).
    if (!heading || heading[1].length > 2) continue;
    close(index);
    if (heading[1].length === 2) {
      firstSection ??= index;
      current = { tool: unescapeHeading(heading[2] ?? ''), start: index };
    }
  }
  close(lines.length);
  return { shared: lines.slice(0, firstSection ?? lines.length).join('\n').trimEnd(), sections };
}

/** Heading text as a reader sees it: backslash escapes of punctuation (`\_`, `\*`) undone. */
function unescapeHeading(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1').trim();
}
