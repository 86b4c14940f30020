import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The codemod writes one `<family>.md` per tool family and this index beside them. */
export const INSTRUCTIONS_INDEX_FILE = 'README.md';
export const DEFAULT_INSTRUCTIONS_TOOL_NAME = 'read_instructions';
export const DEFAULT_INSTRUCTIONS_URI_SCHEME = 'instructions';

/** A folder given as a path, a `file:` URL string, or a URL (e.g. `new URL('../docs/tools', import.meta.url)`). */
export type InstructionsDir = string | URL;

export function getInstructionsDirPath(dir: InstructionsDir): string {
  if (dir instanceof URL || dir.startsWith('file:')) return fileURLToPath(dir);
  return path.resolve(dir);
}

/** The families in a folder: every `*.md` except the index, sorted. Throws when the folder cannot be read. */
export function findInstructionFamilies(dir: InstructionsDir): string[] {
  return readdirSync(getInstructionsDirPath(dir), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && entry.name.toLowerCase() !== INSTRUCTIONS_INDEX_FILE.toLowerCase())
    .map((entry) => entry.name.slice(0, -'.md'.length))
    .filter((family) => family !== '')
    .sort();
}

/** A family's file, verbatim; read at call time so an edited file is served without a restart. */
export async function readInstructionFamily(dir: InstructionsDir, family: string): Promise<string> {
  return readFile(path.join(getInstructionsDirPath(dir), `${family}.md`), 'utf8');
}

export function buildInstructionsUri(family: string, scheme = DEFAULT_INSTRUCTIONS_URI_SCHEME): string {
  return `${scheme}://${encodeURIComponent(family)}`;
}

export interface LoadInstructionsIndexOptions {
  toolName?: string;
  uriScheme?: string;
  /** Append one sentence saying how to read a family, unless the index already names the tool. Default true. */
  appendPointer?: boolean;
}

/**
 * The text for the server's `instructions` (synchronous, so it can go straight into
 * `new McpServer(info, { instructions })`): the index file verbatim, or a one-line list of the
 * families when there is no index, plus a pointer to the tool and resources.
 */
export function loadInstructionsIndex(dir: InstructionsDir, options: LoadInstructionsIndexOptions = {}): string {
  const toolName = options.toolName ?? DEFAULT_INSTRUCTIONS_TOOL_NAME;
  const families = findInstructionFamilies(dir);
  const index = getIndexText(dir) ?? `Instructions are available for these tool families: ${families.join(', ')}.\n`;
  if (options.appendPointer === false || index.includes(toolName)) return index;
  const separator = index.endsWith('\n') ? '\n' : '\n\n';
  const scheme = options.uriScheme ?? DEFAULT_INSTRUCTIONS_URI_SCHEME;
  return `${index}${separator}Read a family's instructions with the \`${toolName}\` tool or the \`${scheme}://<family>\` resource.\n`;
}

function getIndexText(dir: InstructionsDir): string | undefined {
  try {
    return readFileSync(path.join(getInstructionsDirPath(dir), INSTRUCTIONS_INDEX_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
