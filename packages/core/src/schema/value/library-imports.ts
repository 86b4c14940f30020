/**
 * Imports of libraries the evaluator understands (zod in each flavour, zod-to-json-schema, TypeBox, the AI
 * SDK's helpers), taken from what is installed for the file; any other package import stays unknown, except
 * text a `ConstantResolver` reads for it.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { Unreadable } from '../../resolve/unreadable.js';
import { getLibraryModule, getNamespaceMember, getZodFlavor, getZodNamespace, isLibraryModuleSource } from '../zod-api.js';
import type { ValueContext } from './context.js';

/** True when `source` is followed into the project (a relative path, or a package the evaluator does not know). */
export function isProjectImport(source: string, zodVersion: 3 | 4): boolean {
  const known = getZodFlavor(source, zodVersion) !== undefined || isLibraryModuleSource(source);
  return isRelativeSource(source) || !known;
}

/** What `importedName` of the library `source` is (`'*'` for the namespace); `local` names it in messages. */
export function readLibraryImport(node: TSESTree.Identifier, local: string, source: string, importedName: string, context: ValueContext): unknown {
  const flavor = getZodFlavor(source, context.zodVersion);
  if (flavor !== undefined) {
    const ns = getZodNamespace(flavor, context.filePath);
    if (importedName === '*') return ns;
    return getNamespaceMember(ns, importedName) ?? new Unreadable(`\`${importedName}\` of '${source}' is not a schema builder`, node);
  }
  const module = getLibraryModule(source, context.filePath);
  if (module) {
    if (importedName === '*') return module;
    return module.members[importedName] ?? new Unreadable(`\`${importedName}\` of '${source}' is not understood`, node);
  }
  // A constant imported from another file: only text can come through the resolver hook.
  if (importedName !== '*' && context.resolveConstant) {
    const resolved = context.resolveConstant({ local: node, importedName, source, fromFile: context.filePath });
    if (resolved) return resolved.value;
  }
  return new Unreadable(`\`${local}\` is imported from '${source}'`, node);
}

function isRelativeSource(source: string): boolean {
  return source.startsWith('./') || source.startsWith('../') || source === '.' || source === '..';
}
