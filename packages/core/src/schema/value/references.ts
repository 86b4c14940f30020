/**
 * Values that stand for something not computed yet: a method read but not called, another module of the
 * project imported as a namespace, and the elements a loop runs over.
 */
import type { Program } from '../../ast.js';
import type { ModuleRef } from '../zod-api.js';

/** The elements of a collection a loop runs over, traced through filters, maps and helpers (`find-tools/loops.ts`). */
export class TracedList {
  constructor(readonly elements: readonly unknown[]) {}
}

/** A method of a zod schema, array or string, read but not called yet (`schema.optional`). */
export interface MethodRef {
  readonly kind: 'method';
  readonly target: object;
  readonly name: string;
}

/** Another module of the project, imported as a namespace (`import * as schemas from './schemas'`). */
export interface NamespaceRef {
  readonly kind: 'namespace';
  readonly program: Program;
  readonly filePath: string;
}

export function isMethodRef(value: unknown): value is MethodRef {
  return typeof value === 'object' && value !== null && (value as MethodRef).kind === 'method' && 'target' in value;
}

export function isNamespaceRef(value: unknown): value is NamespaceRef {
  return typeof value === 'object' && value !== null && (value as NamespaceRef).kind === 'namespace' && 'filePath' in value;
}

export function isModuleRef(value: unknown): value is ModuleRef {
  return typeof value === 'object' && value !== null && (value as ModuleRef).kind === 'module' && 'members' in value;
}
