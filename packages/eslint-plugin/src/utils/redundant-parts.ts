import { findRedundantParts, getJsonNumber, type ParamDecl, type RedundantPart } from '@toolslim/core';

/**
 * `findRedundantParts`, kept by what it reads: the text, the parameter's name, schema and required flag,
 * and the tool's name. A file linted again (every keystroke) asks the same questions of the same schemas.
 */
const redundantPartsByKey = new Map<string, readonly RedundantPart[]>();

export function findRedundantPartsOnce(text: string, param: ParamDecl, toolName: string | undefined): readonly RedundantPart[] {
  const key = JSON.stringify([param.schema === undefined ? -1 : getJsonNumber(param.schema), param.name, param.required, toolName ?? null, text]);
  let parts = redundantPartsByKey.get(key);
  if (!parts) {
    parts = findRedundantParts(text, { name: param.name, schema: param.schema, required: param.required, toolName });
    if (redundantPartsByKey.size >= 4096) redundantPartsByKey.clear();
    redundantPartsByKey.set(key, parts);
  }
  return parts;
}
