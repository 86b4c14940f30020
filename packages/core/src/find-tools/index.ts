// PLACEHOLDER (helper core-find replaces this file): signature only.
import type { Program } from '../ast.js';
import type { AnalyzeOptions, FileModel } from '../model.js';

/** Every tool declaration and server in a file. Cached per program. */
export function findTools(program: Program, options: AnalyzeOptions): FileModel {
  void program;
  void options;
  throw new Error('findTools: not implemented yet');
}
