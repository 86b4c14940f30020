/** What a slimming run can be told, its defaults, and the pointer sentence it appends. */
import { INSTRUCTIONS_DIRS } from '@toolslim/core';
import type { ProgramCache, ToolslimSettings } from '@toolslim/core';
import type { SlimDecisions } from './plan-file/decisions.js';

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
  /**
   * How sure the prose model must be that a unit is no guardrail or constraint before it moves (default: the
   * shipped model's threshold, chosen on the development sets; see docs/how-categories.md). Lower moves more
   * and risks more; the rules keep judging at the default.
   */
  readonly moveThreshold?: number;
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
  /**
   * The author's decisions (a plan file's marks, `slim --apply`): where each unit goes, by tool name and
   * unit text. Core's planner carries them out; units kept in `kept-in-descriptions.json` are added.
   */
  readonly decisions?: SlimDecisions;
  /** Called after each file is analysed (progress bars). */
  readonly onProgress?: (done: number, total: number) => void;
}

export const DEFAULT_INSTRUCTIONS_DIR: string = INSTRUCTIONS_DIRS[0];
export { DEFAULT_INSTRUCTIONS_TOOL, DEFAULT_POINTER, buildPointer, findPointer, type PointerContext } from '@toolslim/core';
export const DEFAULT_EXTRA_SENTENCES = 2;
