/**
 * What `McpServer` does with a schema when the project has no MCP SDK to ask (or one without
 * `server/zod-compat.js`): the same three functions as SDK 1.32's `zod-compat` and
 * `zod-json-schema-compat`, over the project's zod. tests/mcp-sdk-compat.test.ts checks that they
 * publish what the SDK itself publishes.
 */
import type { McpSdkCompat, ProjectLibraries } from '../installed-libraries.js';

type Loose = { _def?: unknown; _zod?: { def?: { type?: string; shape?: unknown } }; shape?: unknown; parse?: unknown };

function isZod4(value: unknown): boolean {
  return !!(value as Loose | undefined)?._zod;
}

export function createMcpSdkCompat(libraries: ProjectLibraries): McpSdkCompat {
  const objectFromShape = (shape: unknown): unknown => {
    const values = Object.values(shape as object);
    const mini = libraries.getZod('mini') as { object(shape: unknown): unknown };
    // An SDK without zod-compat (zod 3 only) builds even an empty shape with the project's zod 3.
    if (values.length === 0 && libraries.zodMajor === 3) return (libraries.getZod(3) as { object(shape: unknown): unknown }).object(shape);
    if (values.length === 0 || values.every(isZod4)) return mini.object(shape);
    if (values.every((value) => !isZod4(value))) return (libraries.getZod(3) as { object(shape: unknown): unknown }).object(shape);
    throw new Error('Mixed Zod versions detected in object shape.');
  };
  return {
    objectFromShape,
    normalizeObjectSchema(schema) {
      if (!schema) return undefined;
      const loose = schema as Loose;
      if (typeof schema === 'object' && !loose._def && !loose._zod) {
        const values = Object.values(schema) as (Loose | null)[];
        const isShape = values.length > 0 && values.every((v) => typeof v === 'object' && v !== null && (v._def !== undefined || v._zod !== undefined || typeof v.parse === 'function'));
        if (isShape) return objectFromShape(schema);
      }
      if (isZod4(schema)) {
        const def = loose._zod?.def;
        return def && (def.type === 'object' || def.shape !== undefined) ? schema : undefined;
      }
      return loose.shape !== undefined ? schema : undefined;
    },
    toJsonSchemaCompat(schema, options) {
      if (isZod4(schema)) {
        const mini = libraries.getZod('mini') as { toJSONSchema(schema: unknown, options: unknown): unknown };
        return mini.toJSONSchema(schema, { target: 'draft-7', io: options.pipeStrategy });
      }
      return libraries.getZodToJsonSchema()(schema, { strictUnions: options.strictUnions, pipeStrategy: options.pipeStrategy });
    },
  };
}
