/**
 * The real zod, as a declaration's source uses it. Schemas are rebuilt with the very library the server
 * runs — the zod installed for the file being read (zod 4 classic from `zod`, the v3 API from `zod/v3`,
 * the functional API from `zod/mini`), core's own zod 4 when there is none — so the JSON Schema we
 * publish is produced by the same code as the server's. Only builders and methods on these lists are
 * ever called: they build schemas and have no effect outside the schema they return.
 */
import { getProjectLibraries } from '../installed-libraries.js';

export type ZodFlavor = 3 | 4 | 'mini';

/** A namespace of zod builders as the source sees it (`z`, `zod_1.z`, `z.coerce`, `import * as z`). */
export interface ZodNamespace {
  readonly kind: 'zod-namespace';
  readonly flavor: ZodFlavor;
  readonly members: Readonly<Record<string, unknown>>;
}

const BUILDERS = new Set([
  'any', 'array', 'base64', 'base64url', 'bigint', 'boolean', 'catch', 'check', 'cidrv4', 'cidrv6', 'cuid', 'cuid2',
  'custom', 'date', 'describe', 'discriminatedUnion', 'e164', 'email', 'emoji', 'endsWith', 'enum', 'exactOptional',
  'float32', 'float64', 'guid', 'gt', 'gte', 'hash', 'hex', 'hostname', 'httpUrl', 'includes', 'int', 'int32',
  'int64', 'intersection', 'ipv4', 'ipv6', 'json', 'jwt', 'keyof', 'ksuid', 'lazy', 'length', 'literal',
  'looseObject', 'looseRecord', 'lowercase', 'lt', 'lte', 'map', 'maxLength', 'maxSize', 'meta', 'minLength',
  'minSize', 'multipleOf', 'nan', 'nanoid', 'nativeEnum', 'negative', 'never', 'nonnegative', 'nonoptional',
  'nonpositive', 'normalize', 'null', 'nullable', 'nullish', 'number', 'object', 'optional', 'overwrite',
  'partialRecord', 'pipe', 'positive', 'prefault', 'preprocess', 'readonly', 'record', 'refine', 'regex', 'set',
  'size', 'startsWith', 'strictObject', 'string', 'stringbool', 'stringFormat', 'success', 'superRefine', 'symbol',
  'templateLiteral', 'toJSONSchema', 'toLowerCase', 'toUpperCase', 'transform', 'trim', 'tuple', 'uint32', 'uint64',
  'ulid', 'undefined', 'union', 'unknown', 'uppercase', 'url', 'uuid', 'uuidv4', 'uuidv6', 'uuidv7', 'void', 'xid',
  'xor', 'datetime', 'time', 'duration', 'ip', 'cidr', 'mac', 'iban', 'slugify', 'creditCard', 'currencyCode',
  'ostring', 'onumber', 'oboolean', 'effect',
]);

/** Sub-namespaces of builders: `z.coerce.number()`, `z.iso.datetime()`. */
const SUB_NAMESPACES = new Set(['coerce', 'iso']);

/** Methods of a schema that return a new schema (or, for `safeExtend`…, the same kind of thing). */
export const SCHEMA_METHODS = new Set([
  'optional', 'nullable', 'nullish', 'default', 'prefault', 'catch', 'describe', 'meta', 'min', 'max', 'length',
  'nonempty', 'email', 'url', 'uuid', 'guid', 'cuid', 'cuid2', 'ulid', 'regex', 'startsWith', 'endsWith', 'includes',
  'trim', 'toLowerCase', 'toUpperCase', 'lowercase', 'uppercase', 'normalize', 'datetime', 'date', 'time', 'duration',
  'ip', 'ipv4', 'ipv6', 'cidr', 'cidrv4', 'cidrv6', 'base64', 'base64url', 'emoji', 'nanoid', 'jwt', 'e164',
  'hostname', 'xid', 'ksuid', 'int', 'positive', 'negative', 'nonnegative', 'nonpositive', 'multipleOf', 'step',
  'finite', 'safe', 'gt', 'gte', 'lt', 'lte', 'array', 'or', 'and', 'pipe', 'transform', 'refine', 'superRefine',
  'check', 'brand', 'readonly', 'strict', 'passthrough', 'strip', 'loose', 'catchall', 'extend', 'safeExtend',
  'merge', 'pick', 'omit', 'partial', 'required', 'deepPartial', 'keyof', 'unwrap', 'removeDefault', 'exclude',
  'extract', 'overwrite', 'nonoptional', 'exactOptional', 'size', 'minSize', 'maxSize', 'rest',
  // What a project's own converter calls to walk a schema: the schema inside an effect, its optionality.
  'innerType', 'sourceType', 'isOptional', 'isNullable',
]);

/** Properties of a schema a declaration reads to build another one (`Base.shape`, `Kind.options`). */
export const SCHEMA_PROPERTIES = new Set([
  'shape', 'options', 'enum', 'Enum', 'element', 'Values',
  // What a project's own converter reads of a schema (`schema._def.checks`, `schema.description`, `schema.isInt`).
  '_def', 'def', 'description', 'isInt', 'isFinite', 'minLength', 'maxLength', 'minValue', 'maxValue',
]);

/**
 * Methods whose function arguments do not change the JSON Schema (refinements, transforms): the
 * callback is replaced by a stand-in so the schema can be built without running user code.
 */
export const CALLBACK_METHODS: Readonly<Record<string, (...args: unknown[]) => unknown>> = {
  refine: () => true,
  superRefine: () => undefined,
  check: () => undefined,
  transform: (value: unknown) => value,
  preprocess: (value: unknown) => value,
  custom: () => true,
  overwrite: (value: unknown) => value,
};

const namespaces = new WeakMap<object, Map<ZodFlavor, ZodNamespace>>();

/** The zod flavour an import source means; undefined when the module is not zod. */
export function getZodFlavor(source: string, defaultVersion: 3 | 4): ZodFlavor | undefined {
  switch (source) {
    case 'zod':
      return defaultVersion;
    case 'zod/v3':
    case 'zod3':
      return 3;
    case 'zod/v4':
    case 'zod/v4/classic':
    case 'zod4':
      return 4;
    case 'zod/mini':
    case 'zod/v4-mini':
    case 'zod/v4/mini':
      return 'mini';
    default:
      return undefined;
  }
}

/** The zod namespace of a flavour, from the zod installed for `filePath` (core's own without one). */
export function getZodNamespace(flavor: ZodFlavor, filePath?: string): ZodNamespace {
  const libraries = getProjectLibraries(filePath);
  let byFlavor = namespaces.get(libraries);
  if (!byFlavor) {
    byFlavor = new Map();
    namespaces.set(libraries, byFlavor);
  }
  let ns = byFlavor.get(flavor);
  if (!ns) {
    ns = { kind: 'zod-namespace', flavor, members: libraries.getZod(flavor) };
    byFlavor.set(flavor, ns);
  }
  return ns;
}

export function isZodNamespace(value: unknown): value is ZodNamespace {
  return typeof value === 'object' && value !== null && (value as ZodNamespace).kind === 'zod-namespace';
}

/**
 * What `ns.name` is: the namespace itself (`zod_1.z`, `zod.default`), a sub-namespace, a whitelisted
 * builder function, or undefined.
 */
export function getNamespaceMember(ns: ZodNamespace, name: string): ZodNamespace | BuilderRef | ZodClassRef | undefined {
  if (name === 'z' || name === 'default') return ns;
  const member = Object.hasOwn(ns.members, name) ? ns.members[name] : undefined;
  // `z.ZodObject`, `z.ZodString`: a schema class, for `schema instanceof z.ZodObject` (never constructed here).
  if (/^Zod[A-Z]\w*$/.test(name) && typeof member === 'function') return { kind: 'zod-class', cls: member as ZodClassRef['cls'] };
  if (SUB_NAMESPACES.has(name) && typeof member === 'object' && member !== null) {
    return { kind: 'zod-namespace', flavor: ns.flavor, members: member as Record<string, unknown> };
  }
  if (BUILDERS.has(name) && typeof member === 'function') {
    return { kind: 'builder', name, fn: member as (...args: unknown[]) => unknown, flavor: ns.flavor };
  }
  return undefined;
}

/** One of zod's schema classes (`z.ZodObject`): what a project's own converter tests a schema against. */
export interface ZodClassRef {
  readonly kind: 'zod-class';
  readonly cls: abstract new (...args: never[]) => unknown;
}

export function isZodClassRef(value: unknown): value is ZodClassRef {
  return typeof value === 'object' && value !== null && (value as ZodClassRef).kind === 'zod-class';
}

/** A function the evaluator may call: a zod builder or `zodToJsonSchema`. */
export interface BuilderRef {
  readonly kind: 'builder';
  readonly name: string;
  readonly fn: (...args: unknown[]) => unknown;
  /** The zod a builder belongs to (none for other libraries' functions). */
  readonly flavor?: ZodFlavor;
  /** True for a wrapper that returns its argument itself (`jsonSchema(literal)`): its result is not a new value. */
  readonly passesThrough?: boolean;
}

export function isBuilderRef(value: unknown): value is BuilderRef {
  return typeof value === 'object' && value !== null && (value as BuilderRef).kind === 'builder';
}

/** True for a zod 4 (classic or mini) schema. */
export function isZod4Schema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** True for a zod 3 schema (`zod/v3` or zod 3 itself). */
export function isZod3Schema(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || '_zod' in value) return false;
  const def = (value as { _def?: unknown })._def;
  return typeof def === 'object' && def !== null && 'typeName' in def;
}

export function isZodSchema(value: unknown): boolean {
  return isZod4Schema(value) || isZod3Schema(value);
}

/** The namespace of a non-zod module whose functions we may call (`zod-to-json-schema`, `ai`, TypeBox's `Type`). */
export interface ModuleRef {
  readonly kind: 'module';
  readonly members: Readonly<Record<string, BuilderRef | ModuleRef>>;
}

/** Functions of other libraries that a declaration wraps a schema in. */
const IDENTITY: BuilderRef = { kind: 'builder', name: 'jsonSchema', fn: (value: unknown) => value, passesThrough: true };
/** TypeBox builders: each returns a plain JSON Schema object (its symbol keys never reach JSON). */
const TYPEBOX_BUILDERS = [
  'Any', 'Array', 'Boolean', 'Composite', 'Const', 'Enum', 'Integer', 'Intersect', 'KeyOf', 'Literal', 'Null',
  'Number', 'Object', 'Omit', 'Optional', 'Partial', 'Pick', 'Readonly', 'Record', 'Required', 'String', 'Tuple',
  'Union', 'Unknown', 'Unsafe',
];
const STATIC_MODULES: Readonly<Record<string, ModuleRef>> = {
  // The AI SDK's `jsonSchema(literal)` publishes the literal; `zodSchema(X)` converts X like a bare zod schema.
  ai: { kind: 'module', members: { jsonSchema: IDENTITY, zodSchema: IDENTITY } },
  '@ai-sdk/provider-utils': { kind: 'module', members: { jsonSchema: IDENTITY, zodSchema: IDENTITY } },
  xsschema: { kind: 'module', members: { jsonSchema: IDENTITY } },
};
const libraryModules = new WeakMap<object, Map<string, ModuleRef | undefined>>();

function buildLibraryModule(source: string, filePath: string | undefined): ModuleRef | undefined {
  const libraries = getProjectLibraries(filePath);
  if (source === 'zod-to-json-schema') {
    const builder: BuilderRef = { kind: 'builder', name: 'zodToJsonSchema', fn: libraries.getZodToJsonSchema() as (...args: unknown[]) => unknown };
    return { kind: 'module', members: { zodToJsonSchema: builder, default: builder } };
  }
  if (source === '@sinclair/typebox') {
    // TypeBox comes only from the file's project: without it the import stays unreadable.
    const Type = libraries.getTypeBox()?.Type;
    if (!Type) return undefined;
    const type: ModuleRef = {
      kind: 'module',
      members: Object.fromEntries(TYPEBOX_BUILDERS.map((name) => [name, { kind: 'builder', name, fn: Type[name].bind(Type) }])),
    };
    return { kind: 'module', members: { Type: type, default: type } };
  }
  return STATIC_MODULES[source];
}

/** Whether `source` names a schema library the evaluator understands (whether or not the project installs it). */
export function isLibraryModuleSource(source: string): boolean {
  return source === 'zod-to-json-schema' || source === '@sinclair/typebox' || Object.hasOwn(STATIC_MODULES, source);
}

/** The callable part of a schema library a file imports (`zod-to-json-schema`, TypeBox, `ai`), as installed for that file. */
export function getLibraryModule(source: string, filePath?: string): ModuleRef | undefined {
  if (source !== 'zod-to-json-schema' && source !== '@sinclair/typebox') return STATIC_MODULES[source];
  const libraries = getProjectLibraries(filePath);
  let bySource = libraryModules.get(libraries);
  if (!bySource) {
    bySource = new Map();
    libraryModules.set(libraries, bySource);
  }
  if (!bySource.has(source)) bySource.set(source, buildLibraryModule(source, filePath));
  return bySource.get(source);
}
