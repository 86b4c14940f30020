/** One call from source text to the file's tools: parse the way ESLint does, then find the declarations. */
import { parseSource } from './ast.js';
import { findTools } from './find-tools/index.js';
import type { AnalyzeOptions, FileModel } from './model.js';

/** Parse `code` (as `options.filePath`) and find its tools. Throws only when the code does not parse. */
export function analyzeSource(code: string, options: AnalyzeOptions): FileModel {
  return findTools(parseSource(code, options.filePath), options);
}
