// PLACEHOLDER (helper core-schema replaces this file): signatures only.
import type { TextContext } from '../text/index.js';
import type { Framework, Node, ParamDecl, SchemaValue } from '../model.js';

export interface SchemaContext extends TextContext {
  /** Which zod major `'zod'` means in this file (`'zod/v3'` and `'zod/v4'` imports say it themselves). */
  readonly zodVersion: 3 | 4;
}

export interface EvaluatedSchema {
  readonly schema: SchemaValue;
  readonly params: readonly ParamDecl[];
}

/**
 * Evaluate what a declaration passes as its input (or output) schema — a raw zod shape, a zod schema,
 * a JSON Schema literal, `zodToJsonSchema(X)`, `z.toJSONSchema(X)`, TypeBox, valibot, or an identifier
 * for any of those — into the JSON Schema the given framework publishes, plus its parameters.
 */
export function evaluateSchema(node: Node, framework: Framework, context: SchemaContext, io: 'input' | 'output' = 'input'): EvaluatedSchema {
  void node;
  void framework;
  void context;
  void io;
  throw new Error('evaluateSchema: not implemented yet');
}
