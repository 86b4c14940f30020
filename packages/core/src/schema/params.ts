/**
 * The parameters of a schema, read from source: one ParamDecl per property of a zod shape or a JSON
 * Schema `properties` object, nested ones with their path. They are found syntactically, so a schema
 * that cannot be evaluated still lists what it declares; the published JSON (when known) supplies each
 * parameter's schema and whether it is required.
 *
 * A schema, shape or described field may be written in another module of the project (`import {
 * fooSchema } from './schemas'`, through barrels and namespace imports): with a module resolver in the
 * context (`ValueContext.resolveModule`), it is followed there, and the parameter's nodes and its
 * description's source offsets are that module's (`ParamDecl.filePath`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { findProperty, getCalleeName, getPropertyName, unwrap } from '../ast.js';
import type { JsonObject, JsonValue, ModuleBinding, Node, ParamDecl, SchemaStyle, TextValue } from '../model.js';
import { MAX_DEPTH } from '../text/budget.js';
import { evaluateText, Scope } from '../text/index.js';
import { evaluateValue, type ValueContext } from './static-value.js';
import { getZodNames } from './structural-key.js';


/** Builders whose first argument is the object shape. */
const OBJECT_BUILDERS = new Set(['object', 'strictObject', 'looseObject', 'Object']);
/** TypeBox's builders are capitalised (`Type.Object`, `Type.Optional`); zod's are not. */
const TYPEBOX_WRAPPERS = new Set(['Optional', 'Array', 'Readonly', 'Partial', 'Required']);
/** Calls that take the schema that matters as their first argument. */
const SCHEMA_WRAPPERS = new Set(['zodToJsonSchema', 'toJSONSchema', 'optional', 'nullable', 'nullish', 'array', 'jsonSchema', 'zodSchema', 'readonly']);
const OPTIONAL_METHODS = new Set(['optional', 'nullish', 'default', 'prefault', 'catch', 'Optional']);

/** A node and the module it is written in: the tool's own file, or one a schema is imported from. */
interface Located<T extends Node = Node> {
  readonly node: T;
  readonly context: ValueContext;
}

interface Found {
  readonly shapes: Array<Located<TSESTree.ObjectExpression>>;
  readonly style: SchemaStyle;
  /** For a JSON Schema literal: the schema object that holds `properties` (and `required`). */
  readonly owner?: Located<TSESTree.ObjectExpression>;
}

interface ShapeProperty {
  readonly property: TSESTree.Property;
  readonly container: TSESTree.ObjectExpression;
  /** The module the property is written in. */
  readonly context: ValueContext;
}

/** Every parameter declared by a schema expression, in source order; `json` is its published schema when known. */
export function findParams(node: Node, json: JsonObject | undefined, context: ValueContext): ParamDecl[] {
  const out: ParamDecl[] = [];
  collectParams(node, [], json, context, out, 0);
  return out;
}

function collectParams(node: Node, path: readonly string[], json: JsonObject | undefined, context: ValueContext, out: ParamDecl[], depth: number): void {
  if (depth > MAX_DEPTH) return;
  const found = findShapes(node, context, 0);
  if (!found) return;
  for (const shape of found.shapes) {
    const properties = findShapeProperties(shape, 0);
    const requiredNames = getRequiredNames(json, found.owner);
    for (const { property, container, context: where } of properties) {
      const name = getPropertyName(property);
      if (name === undefined) continue;
      const publishedProperties = json && isJsonObject(json.properties) ? json.properties : undefined;
      // `.pick()`/`.omit()` drop properties: when the published schema is known, it decides what is published.
      if (publishedProperties && !Object.hasOwn(publishedProperties, name) && found.style !== 'json-schema') continue;
      const schema = publishedProperties && isJsonObject(publishedProperties[name]) ? (publishedProperties[name] as JsonObject) : undefined;
      const description = found.style === 'json-schema' ? findJsonDescription(property.value, where) : findBuilderDescription(property.value, where, 0);
      out.push({
        name,
        path: [...path, name],
        node: property,
        filePath: where.filePath,
        style: found.style,
        description: description?.text,
        descriptionNode: description?.node,
        descriptionFilePath: description?.context.filePath,
        schema,
        required: requiredNames ? requiredNames.has(name) : found.style !== 'json-schema' ? !isOptionalBuilder(property.value, where, 0) : false,
        container,
      });
      collectParams(property.value, [...path, name], schema ? findObjectJson(schema) : undefined, where, out, depth + 1);
    }
  }
}

/**
 * The object literals that declare a schema's properties: a raw shape, `z.object(shape)` (through
 * wrappers, `.extend()` and `.merge()`), or a JSON Schema literal's `properties`; each in the module
 * it is written in.
 */
function findShapes(input: Node, context: ValueContext, depth: number): Found | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const node = unwrap(input);
  const declared = resolveDeclared(node, context);
  if (declared) return findShapes(declared.node, declared.context, depth + 1);
  if (node.type === 'ObjectExpression') {
    if (!isJsonSchemaLiteral(node)) return { shapes: [{ node, context }], style: 'zod' };
    const properties = findProperty(node, 'properties');
    const object = properties ? resolveObject(properties.value, context) : undefined;
    if (object) return { shapes: [object], style: 'json-schema', owner: { node, context } };
    const items = findProperty(node, 'items');
    return items ? findShapes(items.value, context, depth + 1) : undefined;
  }
  // `server.tool(name, Schema.shape, cb)`: the shape of an object schema.
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === 'shape') {
    return findShapes(node.object, context, depth + 1);
  }
  if (node.type === 'CallExpression') {
    const name = getCalleeName(node.callee);
    const callee = unwrap(node.callee);
    const receiver = callee.type === 'MemberExpression' ? callee.object : undefined;
    const firstArg = node.arguments[0];
    if (name && OBJECT_BUILDERS.has(name) && firstArg && firstArg.type !== 'SpreadElement') {
      const shape = resolveObject(firstArg, context);
      return shape ? { shapes: [shape], style: name === 'Object' ? 'typebox' : 'zod' } : undefined;
    }
    if (name && TYPEBOX_WRAPPERS.has(name) && firstArg && firstArg.type !== 'SpreadElement') return findShapes(firstArg, context, depth + 1);
    if ((name === 'extend' || name === 'merge' || name === 'safeExtend') && receiver && firstArg && firstArg.type !== 'SpreadElement') {
      const base = findShapes(receiver, context, depth + 1);
      const extension = name === 'merge' ? findShapes(firstArg, context, depth + 1)?.shapes : [resolveObject(firstArg, context)].filter(isDefined);
      return { shapes: [...(base?.shapes ?? []), ...(extension ?? [])], style: 'zod' };
    }
    if (name === 'preprocess' && node.arguments[1] && node.arguments[1].type !== 'SpreadElement') return findShapes(node.arguments[1], context, depth + 1);
    if (name && SCHEMA_WRAPPERS.has(name) && !receiver && firstArg && firstArg.type !== 'SpreadElement') return findShapes(firstArg, context, depth + 1);
    if (name && SCHEMA_WRAPPERS.has(name) && receiver && isNamespaceLike(receiver) && firstArg && firstArg.type !== 'SpreadElement') {
      return findShapes(firstArg, context, depth + 1);
    }
    if (receiver) return findShapes(receiver, context, depth + 1);
    return undefined;
  }
  return undefined;
}

/**
 * What a name stands for, where it is written: a `const` of this file, or an export of another module
 * of the project reached through an import (`import { x } from './schemas'`, barrels included) or a
 * namespace (`schemas.x`, `import * as schemas`), found by the one module resolver. Undefined for
 * anything else (a parameter, a package's export, an unreadable module).
 */
function resolveDeclared(node: Node, context: ValueContext): Located | undefined {
  if (node.type === 'Identifier') {
    // `z` of `z.string()`: zod itself, nothing declared in the project (known without building the file's scope).
    if (getZodNames(context.program).has(node.name)) return undefined;
    const scope = Scope.of(context.program);
    const init = scope.resolve(node);
    if (init) return { node: init, context };
    const imported = scope.getImport(node.name);
    if (!imported || imported.importedName === '*' || !context.resolveModule) return undefined;
    return toLocated(context.resolveModule.resolveImport(context.filePath, imported.source, imported.importedName), context);
  }
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && context.resolveModule) {
    const object = unwrap(node.object);
    const imported = object.type === 'Identifier' && !Scope.of(context.program).resolve(object) ? Scope.of(context.program).getImport(object.name) : undefined;
    if (imported?.importedName !== '*') return undefined;
    const namespace = context.resolveModule.resolveImport(context.filePath, imported.source, '*');
    return namespace.kind === 'namespace' ? toLocated(context.resolveModule.resolveExport(namespace.filePath, node.property.name), context) : undefined;
  }
  return undefined;
}

function toLocated(binding: ModuleBinding, context: ValueContext): Located | undefined {
  if (binding.kind !== 'node') return undefined;
  const other = binding.program === context.program ? context : { ...context, program: binding.program, filePath: binding.filePath };
  return { node: binding.node, context: other };
}

/** `z.optional(x)` (a namespace call) rather than `schema.optional()`. */
function isNamespaceLike(receiver: Node): boolean {
  const r = unwrap(receiver);
  return r.type === 'Identifier' ? /^(?:z|zod|z\d+|zod_\d+)$/.test(r.name) : r.type === 'MemberExpression' && getCalleeName(r) === 'z';
}

const JSON_SCHEMA_KEYS = ['type', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const'];

/** A JSON Schema literal has schema keywords and no zod calls among its values (a zod shape may have a `type` parameter). */
function isJsonSchemaLiteral(node: TSESTree.ObjectExpression): boolean {
  const hasKeyword = JSON_SCHEMA_KEYS.some((key) => findProperty(node, key) !== undefined);
  const hasCall = node.properties.some((p) => p.type === 'Property' && unwrap(p.value).type === 'CallExpression');
  return hasKeyword && !hasCall;
}

/** The object literal a node is or names, in the module it is written in. */
function resolveObject(input: Node, context: ValueContext): Located<TSESTree.ObjectExpression> | undefined {
  let node = unwrap(input);
  let where = context;
  for (let i = 0; i < MAX_DEPTH; i++) {
    const declared = resolveDeclared(node, where);
    if (!declared) break;
    node = unwrap(declared.node);
    where = declared.context;
  }
  return node.type === 'ObjectExpression' ? { node, context: where } : undefined;
}

/** The properties of a shape, spreads of other objects (`...base`, `...Base.shape`) included. */
function findShapeProperties(shape: Located<TSESTree.ObjectExpression>, depth: number): ShapeProperty[] {
  const out: ShapeProperty[] = [];
  const { node, context } = shape;
  for (const p of node.properties) {
    if (p.type === 'Property') {
      out.push({ property: p, container: node, context });
      continue;
    }
    if (depth >= MAX_DEPTH) continue;
    const argument = unwrap(p.argument);
    const spreadShapes =
      argument.type === 'MemberExpression' && !argument.computed && argument.property.type === 'Identifier' && argument.property.name === 'shape'
        ? findShapes(argument.object, context, 0)?.shapes
        : [resolveObject(argument, context)].filter(isDefined);
    for (const inner of spreadShapes ?? []) out.push(...findShapeProperties(inner, depth + 1));
  }
  // A later key replaces an earlier one, as in the object at run time.
  const last = new Map<string, TSESTree.Property>();
  for (const { property } of out) {
    const name = getPropertyName(property);
    if (name !== undefined) last.set(name, property);
  }
  return out.filter(({ property }) => last.get(getPropertyName(property) ?? '') === property);
}

interface FoundDescription {
  readonly text: TextValue;
  readonly node: Node;
  /** The module the description is written in. */
  readonly context: ValueContext;
}

/** The outermost `.describe(text)` or `.meta({ description })` of a zod expression. */
function findBuilderDescription(input: Node, context: ValueContext, depth: number): FoundDescription | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const node = unwrap(input);
  const declared = resolveDeclared(node, context);
  if (declared) return findBuilderDescription(declared.node, declared.context, depth + 1);
  if (node.type !== 'CallExpression') return undefined;
  const name = getCalleeName(node.callee);
  const callee = unwrap(node.callee);
  const arg = node.arguments[0];
  if (name === 'describe' && arg && arg.type !== 'SpreadElement') {
    return { text: evaluateText(arg, context), node, context };
  }
  if (name && /^[A-Z]/.test(name)) {
    // TypeBox: `Type.String({ description })`, the options come last; `Type.Optional(X)` wraps X.
    if (TYPEBOX_WRAPPERS.has(name) && arg && arg.type !== 'SpreadElement') return findBuilderDescription(arg, context, depth + 1);
    const options = node.arguments[node.arguments.length - 1];
    const object = options && options.type !== 'SpreadElement' ? resolveObject(options, context) : undefined;
    return object ? findDescriptionProperty(object) : undefined;
  }
  if (name === 'meta' && arg && arg.type !== 'SpreadElement') {
    const meta = resolveObject(arg, context);
    const description = meta ? findDescriptionProperty(meta) : undefined;
    if (description) return description;
  }
  if (callee.type === 'MemberExpression' && !isNamespaceLike(callee.object)) return findBuilderDescription(callee.object, context, depth + 1);
  // `z.optional(z.string().describe(…))`: the wrapped schema carries the description.
  if (name && SCHEMA_WRAPPERS.has(name) && arg && arg.type !== 'SpreadElement') return findBuilderDescription(arg, context, depth + 1);
  return undefined;
}

function findJsonDescription(input: Node, context: ValueContext): FoundDescription | undefined {
  const object = resolveObject(input, context);
  return object ? findDescriptionProperty(object) : undefined;
}

/** The `description` property of an options, meta or JSON Schema object. */
function findDescriptionProperty(object: Located<TSESTree.ObjectExpression>): FoundDescription | undefined {
  const description = findProperty(object.node, 'description');
  return description ? { text: evaluateText(description.value, object.context), node: description, context: object.context } : undefined;
}

/** Without a published schema: a zod property is optional when its chain says so. */
function isOptionalBuilder(input: Node, context: ValueContext, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const node = unwrap(input);
  const declared = resolveDeclared(node, context);
  if (declared) return isOptionalBuilder(declared.node, declared.context, depth + 1);
  if (node.type !== 'CallExpression') return false;
  const name = getCalleeName(node.callee);
  const callee = unwrap(node.callee);
  if (name && OPTIONAL_METHODS.has(name)) return true;
  // `.describe()`, `.min()`, `.refine()`… keep whatever optionality the receiver has.
  if (callee.type === 'MemberExpression' && !isNamespaceLike(callee.object)) return isOptionalBuilder(callee.object, context, depth + 1);
  return false;
}

function getRequiredNames(json: JsonObject | undefined, owner: Located<TSESTree.ObjectExpression> | undefined): Set<string> | undefined {
  const required = json ? json.required : owner ? getLiteralRequired(owner.node, owner.context) : undefined;
  if (json || owner) return new Set(Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : []);
  return undefined;
}

function getLiteralRequired(owner: TSESTree.ObjectExpression, context: ValueContext): JsonValue | undefined {
  const property = findProperty(owner, 'required');
  const value = property ? evaluateValue(property.value, context) : undefined;
  return Array.isArray(value) ? (value as JsonValue[]) : undefined;
}

/** The object schema inside a property's schema: itself, its array items, or the object branch of a nullable union. */
function findObjectJson(schema: JsonObject): JsonObject | undefined {
  if (isJsonObject(schema.properties)) return schema;
  if (isJsonObject(schema.items)) return findObjectJson(schema.items);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) {
      for (const member of list) {
        const found = isJsonObject(member) ? findObjectJson(member) : undefined;
        if (found) return found;
      }
    }
  }
  return undefined;
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
