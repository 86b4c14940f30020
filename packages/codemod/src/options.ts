/** What a slimming run can be told, its defaults, and the pointer sentence it appends. */
import type { ProgramCache, ToolslimSettings } from '@toolslim/core';

export interface SlimOptions {
  /** Folder that relative paths (and the printed file names) are relative to. */
  readonly cwd: string;
  /** Absolute source files to slim (the CLI expands folders). */
  readonly files: readonly string[];
  /** Where the instruction files go, relative to `cwd`; default `docs/tools`. */
  readonly instructionsDir?: string;
  /** The sentence appended to a slimmed description; `{family}`, `{file}` and `{tool}` are filled in. */
  readonly pointer?: string;
  /** Name of the runtime tool that serves instruction files (`{tool}` in the pointer). */
  readonly instructionsTool?: string;
  /** What/when sentences kept after the first one (default 2). */
  readonly extraSentences?: number;
  readonly settings?: ToolslimSettings;
  /** A tsconfig.json whose compiler options resolve imported constants; default `<cwd>/tsconfig.json` when present. */
  readonly tsconfig?: string;
  /** Add `serveInstructions` to the server setup it finds (default true). */
  readonly wire?: boolean;
  /** Texts to use instead of reading these files (jscodeshift hands the text over). */
  readonly sources?: ReadonlyMap<string, string>;
  /**
   * Programs already parsed in this process (`report` passes the ones it read): the files as on disk are
   * read from them instead of being parsed again. Edited text is always parsed anew.
   */
  readonly programs?: ProgramCache;
  /**
   * Only edit the given files: text that lives in another module is skipped with a note (a jscodeshift
   * worker may only change the file it was given).
   */
  readonly onlyGivenFiles?: boolean;
  /**
   * Leave everything as it is when the moved text would not pay for the `read_instructions` tool that
   * serves it (default true). Fixtures that show a shape on a tiny server turn it off.
   */
  readonly skipUnprofitable?: boolean;
  /** Called after each file is analysed (progress bars). */
  readonly onProgress?: (done: number, total: number) => void;
}

export const DEFAULT_INSTRUCTIONS_DIR = 'docs/tools';
export const DEFAULT_INSTRUCTIONS_TOOL = 'read_instructions';
export const DEFAULT_POINTER = 'Before first use: {tool} family="{family}".';
export const DEFAULT_EXTRA_SENTENCES = 2;

export interface PointerContext {
  readonly family: string;
  /** The instruction file, relative to `cwd`. */
  readonly file: string;
  readonly tool: string;
}

/** The pointer sentence for one tool. */
export function buildPointer(template: string, context: PointerContext): string {
  return template.replace(/\{(family|file|tool)\}/g, (_, key: keyof PointerContext) => context[key]);
}

/**
 * Where an existing pointer is in a description (the last one), whatever family it names: families can
 * change between runs when the set of slimmed files changes, and a second run must never move its own
 * pointer or add another.
 */
export function findPointer(description: string, template: string, context: Pick<PointerContext, 'tool'>): readonly [number, number] | undefined {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = template
    .split(/(\{(?:family|file|tool)\})/)
    .map((part) => (part === '{tool}' ? escape(context.tool) : part === '{family}' || part === '{file}' ? '[^\\s"\']+' : escape(part)))
    .join('');
  let found: readonly [number, number] | undefined;
  for (const match of description.matchAll(new RegExp(pattern, 'g'))) found = [match.index, match.index + match[0].length];
  return found;
}
