/**
 * Cheap structural questions about an expression, asked before anything is evaluated: could it be text
 * (a name, a description)? could it be a schema? The answers never throw and never guess text values.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getCalleeName, getPropertyName, unwrap } from '../ast.js';
import type { Node } from '../model.js';
import type { DetectContext } from './context.js';

const MAX_DEPTH = 8;
const TEXT_METHODS = new Set(['join', 'trim', 'trimStart', 'trimEnd', 'concat', 'replace', 'replaceAll', 'toLowerCase', 'toUpperCase']);

/**
 * Whether an expression reads as text. `strict` (for objects found by shape alone) refuses names that
 * come from function parameters or globals, so generic builders (`{ name: def.name, … }`) are not tools;
 * imported constants and anything statically readable are accepted.
 */
export function isTextExpression(input: Node, context: DetectContext, strict: boolean, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const node = unwrap(input);
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string';
    case 'TemplateLiteral':
    case 'TaggedTemplateExpression':
      return true;
    case 'BinaryExpression':
      return node.operator === '+' && (isTextExpression(node.left, context, strict, depth + 1) || isTextExpression(node.right, context, strict, depth + 1));
    case 'ConditionalExpression':
      return isTextExpression(node.consequent, context, strict, depth + 1) || isTextExpression(node.alternate, context, strict, depth + 1);
    case 'LogicalExpression':
      return isTextExpression(node.right, context, strict, depth + 1);
    case 'CallExpression': {
      const name = getCalleeName(node.callee);
      if (name === 'String' || name === 'dedent' || name === 'outdent') return true;
      return name !== undefined && TEXT_METHODS.has(name) && unwrap(node.callee).type === 'MemberExpression';
    }
    case 'Identifier': {
      const init = context.resolveIdentifier(node);
      if (init) return isTextExpression(init, context, strict, depth + 1);
      return !strict || context.isImported(node);
    }
    case 'MemberExpression': {
      if (context.text(node).kind === 'static') return true;
      if (!strict) return true;
      // `ToolNames.READ` / `constants.NAME` from an imported module or a same-file enum-like object.
      const root = getMemberRoot(node);
      if (root?.type !== 'Identifier') return false;
      if (context.isImported(root)) return true;
      const init = context.resolveIdentifier(root);
      return init !== undefined && (init.type === 'ObjectExpression' || init.type === 'ClassDeclaration');
    }
    default:
      return false;
  }
}

/**
 * Descriptions are often built at run time (`description: buildDescription()`): anything that is not
 * plainly something else (an object, array, function, number, boolean) may be text, and is then read as
 * static or dynamic text.
 */
export function isPossiblyText(input: Node, context: DetectContext, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const node = unwrap(input);
  switch (node.type) {
    case 'ObjectExpression':
    case 'ArrayExpression':
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
    case 'FunctionDeclaration':
    case 'ClassExpression':
    case 'ClassDeclaration':
      return false;
    case 'Literal':
      return typeof node.value === 'string';
    case 'Identifier': {
      const init = context.resolveIdentifier(node);
      return init ? isPossiblyText(init, context, depth + 1) : node.name !== 'undefined';
    }
    default:
      return true;
  }
}

function getMemberRoot(node: TSESTree.MemberExpression): Node | undefined {
  let current: Node = node;
  while (current.type === 'MemberExpression') current = unwrap(current.object);
  return current;
}

/** Values that can never be a schema: text, numbers, booleans, arrays (OpenAPI `parameters`, ESLint `schema: []`), functions. */
export function isSchemaExpression(input: Node, context: DetectContext, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const node = unwrap(input);
  switch (node.type) {
    case 'ObjectExpression':
      return !isTypeNote(node) && !isPlainSettings(node);
    case 'CallExpression':
    case 'NewExpression':
    case 'MemberExpression':
    case 'ConditionalExpression':
    case 'LogicalExpression':
    case 'AwaitExpression':
      return true;
    case 'Identifier': {
      const init = context.resolveIdentifier(node);
      if (init) return init.type !== 'FunctionDeclaration' && init.type !== 'ClassDeclaration' && isSchemaExpression(init, context, depth + 1);
      return true;
    }
    default:
      return false;
  }
}

/** JSON Schema keywords whose value is a string: an object holding one may be a schema of strings only. */
const STRING_KEYWORDS = new Set(['type', '$ref', '$schema', '$id', '$anchor', '$comment', 'title', 'description', 'format', 'pattern', 'default', 'const', 'contentMediaType', 'contentEncoding']);

/**
 * `{ email: 'string', tags: 'array?' }`: every field a type word (beside keywords such as `title`). It notes
 * the types of a record for a person to read; it is neither a JSON Schema nor a zod shape, so an object
 * holding it under `inputSchema` is not a tool definition.
 */
function isTypeNote(object: TSESTree.ObjectExpression): boolean {
  let noted = 0;
  const all = object.properties.every((p) => {
    if (p.type !== 'Property' || p.computed) return false;
    const key = getPropertyName(p);
    const value = unwrap(p.value);
    if (key === undefined || value.type !== 'Literal' || typeof value.value !== 'string') return false;
    // `title: 'string'` may be a schema's own title; any other field holds a type word.
    if (STRING_KEYWORDS.has(key)) return true;
    noted++;
    return TYPE_WORD.test(value.value);
  });
  return all && noted > 0;
}

/** Keywords that make an object (or a field of it) a JSON Schema, a property map or an OpenAPI schema. */
const SCHEMA_KEYWORDS = new Set([
  'type', 'properties', 'required', 'items', '$schema', '$ref', '$defs', 'definitions', 'anyOf', 'oneOf', 'allOf', 'not',
  'enum', 'const', 'additionalProperties', 'patternProperties', 'format', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern',
  'description', 'title', 'default', 'examples',
]);

/**
 * `parameters: { requireParent: ['system'], maxDepth: 3 }`: settings a rule or a job is configured with, written as
 * plain data (arrays, numbers, booleans, strings, objects of the same) with no schema keyword at any level. No tool
 * library takes that as a schema (a zod shape holds calls, a JSON Schema and a property map hold keywords), so an
 * object holding it is a record of settings, not a tool definition. An empty object is an empty schema.
 */
function isPlainSettings(object: TSESTree.ObjectExpression, depth = 0): boolean {
  if (object.properties.length === 0 || depth > MAX_DEPTH) return false;
  const isPlain = (input: Node): boolean => {
    const value = unwrap(input);
    if (value.type === 'Literal' || value.type === 'TemplateLiteral') return true;
    if (value.type === 'ArrayExpression') return value.elements.every((element) => element !== null && element.type !== 'SpreadElement' && isPlain(element));
    if (value.type === 'ObjectExpression') return isPlainSettings(value, depth + 1);
    return false;
  };
  return object.properties.every((p) => {
    if (p.type !== 'Property' || p.computed) return false;
    const key = getPropertyName(p);
    return key !== undefined && !SCHEMA_KEYWORDS.has(key) && isPlain(p.value);
  });
}

/** `string`, `number?`, `array[]`: a type written as a word. */
const TYPE_WORD = /^(?:string|number|integer|boolean|array|object|null|any|date)(?:\?|\[\])?$/i;

const JSON_SCHEMA_TYPES = new Set(['object', 'string', 'number', 'integer', 'boolean', 'array', 'null']);

/** An object whose `type` is a JSON Schema type or `json_schema`: a schema or a response format, not a tool. */
export function isSchemaObject(object: TSESTree.ObjectExpression): boolean {
  for (const p of object.properties) {
    if (p.type !== 'Property' || getPropertyName(p) !== 'type') continue;
    const value = unwrap(p.value);
    if (value.type === 'Literal' && typeof value.value === 'string') return JSON_SCHEMA_TYPES.has(value.value) || value.value === 'json_schema';
    if (value.type === 'ArrayExpression') return true;
  }
  return false;
}
