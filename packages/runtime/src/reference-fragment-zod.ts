import { z } from 'zod';
import * as z3 from 'zod/v3';
import type { ReferenceInputNames } from './reference-input-names.js';
import { getReferenceFieldSpecs, type ReferenceFragmentOptions, type ReferenceInputFields, type ReferenceKind } from './reference-fragment-text.js';

/**
 * The fragment as a zod 4 raw shape: spread it into `inputSchema` (`registerTool`) or a `z.object`.
 * Every field is optional; `resolveReferenceInput` enforces "exactly one of content, path, url",
 * because a top-level `oneOf` is rejected by several model APIs.
 */
export function buildReferenceInputShape<
  const Names extends Partial<ReferenceInputNames> = Record<never, never>,
  Kind extends ReferenceKind = ReferenceKind,
>(options: ReferenceFragmentOptions<Names, Kind> = {}): ReferenceInputFields<Names, Kind, z.ZodOptional<z.ZodString>> {
  const shape: Record<string, z.ZodOptional<z.ZodString>> = {};
  for (const spec of getReferenceFieldSpecs(options)) {
    const field = spec.pattern === undefined ? z.string() : z.string().regex(new RegExp(spec.pattern));
    shape[spec.name] = field.optional().describe(spec.description);
  }
  return shape as ReferenceInputFields<Names, Kind, z.ZodOptional<z.ZodString>>;
}

/** The same fragment for the zod 3 API (`zod/v3`). */
export function buildReferenceInputShapeV3<
  const Names extends Partial<ReferenceInputNames> = Record<never, never>,
  Kind extends ReferenceKind = ReferenceKind,
>(options: ReferenceFragmentOptions<Names, Kind> = {}): ReferenceInputFields<Names, Kind, z3.ZodOptional<z3.ZodString>> {
  const shape: Record<string, z3.ZodOptional<z3.ZodString>> = {};
  for (const spec of getReferenceFieldSpecs(options)) {
    const field = spec.pattern === undefined ? z3.string() : z3.string().regex(new RegExp(spec.pattern));
    shape[spec.name] = field.optional().describe(spec.description);
  }
  return shape as ReferenceInputFields<Names, Kind, z3.ZodOptional<z3.ZodString>>;
}
