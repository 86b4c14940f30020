/**
 * Instruction files through remark. Files are parsed with remark to find sections, and new text is
 * spliced in at the parsed offsets, so what a person wrote stays byte for byte (re-serialising the whole
 * tree would rewrite their lists, escapes and spacing) and moved text lands verbatim.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { toString } from 'mdast-util-to-string';
import { FAMILY_SUMMARY_PREFIX, INSTRUCTIONS_INDEX_HEADER } from '@toolslim/core';

export interface ToolSection {
  readonly tool: string;
  /** Text moved out of the tool's description, in order. */
  readonly chunks: readonly string[];
  readonly params: ReadonlyArray<{ readonly param: string; readonly chunks: readonly string[] }>;
}

const parser = unified().use(remarkParse).use(remarkGfm);
const stringifier = unified().use(remarkStringify).use(remarkGfm);

// The mdast types, taken from the parser so that no extra type package is needed.
type Root = ReturnType<typeof parser.parse>;
type RootContent = Root['children'][number];
type Heading = Extract<RootContent, { type: 'heading' }>;

function parseMarkdown(text: string): Root {
  return parser.parse(text);
}

/** Whitespace-folded plain text: what a reader (or an agent) sees of some markdown. */
export function getPlainText(markdown: string): string {
  return foldSpace(toString(parseMarkdown(markdown)));
}

function foldSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Moved text as markdown: a chunk starts at its first unit, but the lines after it keep the indentation
 * of the source (a template literal inside an indented call), which markdown would read as code blocks
 * and nested lists. The common indentation of those lines goes; their indentation relative to each other
 * stays. Trailing spaces at line ends go too (two of them would be a hard break).
 */
export function dedentChunk(chunk: string): string {
  const lines = chunk.split('\n');
  if (lines.length < 2) return demoteHeadings(chunk.trim());
  const rest = lines.slice(1).filter((line) => line.trim() !== '');
  const indent = Math.min(...rest.map((line) => /^[ \t]*/.exec(line)![0].length));
  const out = [lines[0], ...lines.slice(1).map((line) => (line.trim() === '' ? '' : line.slice(indent)))];
  return demoteHeadings(out.map((line) => line.replace(/[ \t]+$/, '')).join('\n').trim());
}

/**
 * Headings inside moved text (`## Best Practices`) go below the tool and parameter levels (`####`), so
 * they never open a section of their own; lines inside code fences are left alone (`# a shell comment`).
 */
function demoteHeadings(text: string): string {
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (fence === undefined || marker.startsWith(fence))) {
        fence = fence === undefined ? marker : undefined;
        return line;
      }
      if (fence !== undefined) return line;
      return line.replace(/^( {0,3})(#{1,3})(?=[ \t]|$)/, (_, space: string, hashes: string) => `${space}${'#'.repeat(Math.min(6, Math.max(4, hashes.length + 2)))}`);
    })
    .join('\n');
}

/** Heading markers read as one (`## X` moved and written as `#### X` is the same text). */
function foldHeadingMarkers(text: string): string {
  return text.replace(/(^|\n)[ \t]*#{1,6}(?=[ \t])/g, '$1#');
}

/** Merge tool sections into a family file (new when `existing` is undefined). */
export function mergeFamilyFile(existing: string | undefined, family: string, sections: readonly ToolSection[]): string {
  let text = existing ?? `# ${buildHeadingText(family)}\n\n${buildFamilyIntro(family)}\n`;
  // Parse once to know which tools already have a section; a new section is appended whole (a catalogue
  // writes hundreds of units, and parsing the growing file for each one was most of a run's time).
  const titles = new Set(findToolHeadings(text));
  for (const section of sections) {
    if (titles.has(section.tool)) text = mergeToolSection(text, section);
    else if (section.chunks.length > 0 || section.params.length > 0) {
      text = insertBlock(text, text.length, buildSectionBlock(section));
      titles.add(section.tool);
    }
  }
  return text;
}

function buildSectionBlock(section: ToolSection): string {
  const blocks = [`## ${buildHeadingText(section.tool)}`, ...section.chunks];
  for (const param of section.params) blocks.push(`### ${buildHeadingText(param.param)}`, ...param.chunks);
  return blocks.join('\n\n');
}

/**
 * The text of every `## tool` section and `### param` subsection as written (whitespace folded), from
 * one parse. Keys are `tool` and `tool\0param`; the first section with a title wins, as in `findSection`.
 * Moved text is inserted verbatim (dedented), so it is found as written; comparing rendered text instead
 * would lose list numbers and the spaces between list items.
 */
export function collectSectionTexts(text: string): Map<string, string> {
  const parts = new Map<string, string[]>();
  let tool: string | undefined;
  let param: string | undefined;
  for (const node of parseMarkdown(text).children) {
    if (isSectionHeading(text, node) && node.depth <= 2) {
      tool = node.depth === 2 && !parts.has(toString(node).trim()) ? toString(node).trim() : undefined;
      param = undefined;
      if (tool !== undefined) parts.set(tool, []);
      continue;
    }
    if (tool === undefined) continue;
    const written = text.slice(node.position!.start.offset!, node.position!.end.offset!);
    if (isSectionHeading(text, node) && node.depth === 3) {
      const key = `${tool}\0${toString(node).trim()}`;
      param = parts.has(key) ? undefined : key;
      if (param !== undefined) parts.set(param, []);
    } else if (param !== undefined && isSectionHeading(text, node) && node.depth < 3) {
      param = undefined;
    } else if (param !== undefined) {
      parts.get(param)!.push(written);
    }
    parts.get(tool)!.push(written);
  }
  return new Map([...parts].map(([key, texts]) => [key, foldSpace(texts.map(foldHeadingMarkers).join(' '))]));
}

/** Text as written with its whitespace folded (what `collectSectionTexts` compares). */
export function getWrittenText(text: string): string {
  return foldSpace(foldHeadingMarkers(text));
}

function mergeToolSection(input: string, section: ToolSection): string {
  let text = input;
  for (const chunk of section.chunks) {
    const found = findSection(text, 2, section.tool);
    if (!found) {
      text = insertBlock(text, text.length, `## ${buildHeadingText(section.tool)}\n\n${chunk}`);
      continue;
    }
    if (found.plainText.includes(getPlainText(chunk))) continue;
    // Description text goes before the parameter subsections.
    text = insertBlock(text, found.firstSubsection ?? found.end, chunk);
  }
  for (const param of section.params) {
    for (const chunk of param.chunks) {
      let toolSection = findSection(text, 2, section.tool);
      if (!toolSection) {
        text = insertBlock(text, text.length, `## ${buildHeadingText(section.tool)}`);
        toolSection = findSection(text, 2, section.tool)!;
      }
      const paramSection = findSection(text, 3, param.param, toolSection);
      if (!paramSection) {
        text = insertBlock(text, toolSection.end, `### ${buildHeadingText(param.param)}\n\n${chunk}`);
      } else if (!paramSection.plainText.includes(getPlainText(chunk))) {
        text = insertBlock(text, paramSection.end, chunk);
      }
    }
  }
  return text;
}

export interface FoundSection {
  readonly start: number;
  /** Offset where the next heading of the same or a higher level starts, or the end of the text. */
  readonly end: number;
  /** Offset of the first heading one level down (parameter subsections), if any. */
  readonly firstSubsection: number | undefined;
  readonly plainText: string;
}

/** The section under a heading of `depth` whose text is `title` (inside `within`, when given). */
export function findSection(text: string, depth: number, title: string, within?: { start: number; end: number }): FoundSection | undefined {
  const nodes = parseMarkdown(text).children;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    const start = node.position!.start.offset!;
    if (within && (start < within.start || start >= within.end)) continue;
    if (!isSectionHeading(text, node) || node.depth !== depth || toString(node).trim() !== title) continue;
    let j = i + 1;
    while (j < nodes.length && !(isSectionHeading(text, nodes[j]) && (nodes[j] as Heading).depth <= depth)) j++;
    const end = Math.min(j < nodes.length ? nodes[j].position!.start.offset! : text.length, within?.end ?? text.length);
    const children = nodes.slice(i + 1, j).filter((n) => n.position!.start.offset! < end);
    const subsection = children.find((n) => isSectionHeading(text, n) && n.depth === depth + 1);
    return { start, end, firstSubsection: subsection?.position!.start.offset, plainText: foldSpace(children.map((n) => toString(n)).join(' ')) };
  }
  return undefined;
}

/**
 * A heading that can open a tool or parameter section: an ATX heading (`## name`), as sections are
 * written. A setext underline inside moved text (`--` under a line of an SQL example) is not one.
 */
function isSectionHeading(text: string, node: RootContent): node is Heading {
  return node.type === 'heading' && text[node.position!.start.offset!] === '#';
}

/** Put a block at an offset with one blank line on each side, keeping the text around it as written. */
function insertBlock(text: string, offset: number, block: string): string {
  const before = text.slice(0, offset).replace(/\s+$/, '');
  const after = text.slice(offset).replace(/^\s+/, '');
  return `${before}${before ? '\n\n' : ''}${block}\n${after ? `\n${after}` : ''}`;
}

/** Heading text that parses back to exactly `title`; escaped through remark only when it has to be. */
function buildHeadingText(title: string): string {
  const heading = parseMarkdown(`## ${title}`).children[0];
  if (heading?.type === 'heading' && toString(heading) === title) return title;
  const root: Root = { type: 'root', children: [{ type: 'heading', depth: 2, children: [{ type: 'text', value: title }] }] };
  return String(stringifier.stringify(root)).trim().replace(/^##\s+/, '');
}

/** The tool names (H2 headings) of a family file, in order. */
export function findToolHeadings(text: string): string[] {
  return parseMarkdown(text)
    .children.filter((n): n is Heading => isSectionHeading(text, n) && n.depth === 2)
    .map((n) => toString(n).trim());
}

export interface IndexEntry {
  readonly family: string;
  /** File name relative to the index. */
  readonly link: string;
  readonly summary: string;
}

/** True for an index slim wrote (its heading, or one of its generated lines). */
/** The paragraph that opens every family file slim writes. */
function buildFamilyIntro(family: string): string {
  return `Usage notes for the ${family} tools, moved out of their descriptions. Read a tool's section before calling it the first time.`;
}

/** A family file slim wrote: it opens with slim's own paragraph. */
export function isFamilyFile(text: string): boolean {
  return /^Usage notes for the .+ tools, moved out of their descriptions\. Read a tool's section before calling it the first time\.$/m.test(text);
}

export function isGeneratedIndex(text: string): boolean {
  return text.includes(FAMILY_SUMMARY_PREFIX) || /^# Tool instructions\s*$/m.test(text);
}

/** The tools a generated index line names (its backticked names), so parallel runs add to the list rather than replace it. */
export function findIndexedTools(index: string, link: string): string[] {
  const own = findIndexItems(index).find((item) => item.link === link || item.link === `./${link}`);
  if (!own) return [];
  const written = index.slice(own.start, own.end);
  if (!written.includes(FAMILY_SUMMARY_PREFIX)) return [];
  return [...written.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

/** Merge index lines into `<dir>/README.md`: own lines are updated in place, everything else stays. */
export function mergeIndexFile(existing: string | undefined, entries: readonly IndexEntry[]): string {
  let text =
    existing ?? INSTRUCTIONS_INDEX_HEADER;
  for (const entry of entries) {
    const line = `[${entry.family}](${entry.link}): ${entry.summary}`;
    const items = findIndexItems(text);
    const own = items.find((item) => item.link === entry.link || item.link === `./${entry.link}`);
    if (own) {
      // A line a person wrote about the family stays theirs; only a generated summary is brought up to date.
      const written = text.slice(own.start, own.end);
      if (!written.includes(FAMILY_SUMMARY_PREFIX)) continue;
      const marker = written.match(/^([-*+]|\d+[.)])\s+/)?.[0] ?? '- ';
      text = `${text.slice(0, own.start)}${marker}${line}${text.slice(own.end)}`;
    } else if (items.length > 0) {
      const last = items[items.length - 1];
      text = `${text.slice(0, last.end)}\n- ${line}${text.slice(last.end)}`;
    } else {
      text = insertBlock(text, text.length, `- ${line}`);
    }
  }
  return text;
}

/** List items of the index whose first link points at a markdown file. */
function findIndexItems(text: string): Array<{ start: number; end: number; link: string }> {
  const out: Array<{ start: number; end: number; link: string }> = [];
  for (const node of parseMarkdown(text).children) {
    if (node.type !== 'list') continue;
    for (const item of node.children) {
      const link = findFirstLink(item);
      if (link && /\.md$/.test(link)) out.push({ start: item.position!.start.offset!, end: item.position!.end.offset!, link });
    }
  }
  return out;
}

function findFirstLink(node: unknown): string | undefined {
  const n = node as { type?: string; url?: string; children?: unknown[] };
  if (n.type === 'link' && typeof n.url === 'string') return n.url;
  for (const child of n.children ?? []) {
    const found = findFirstLink(child);
    if (found) return found;
  }
  return undefined;
}
