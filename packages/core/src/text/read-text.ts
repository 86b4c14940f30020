/**
 * Reading an expression as text: string literals, templates, `+` chains, `[...].join(sep)`, `.trim()`,
 * dedent-style tags, same-file constants, `exports.X`, members of constant objects and enums, and imported
 * constants through a `ConstantResolver` or the module resolver. What it does not compute itself (calls,
 * conditionals, fallbacks) it asks the value reader it is given for; anything else is dynamic, and the
 * caller never guesses about text it cannot read.
 *
 * The value reader is a parameter, not an import: the value evaluator reads templates through this module,
 * and this module falls back to it, without the two importing each other (`evaluate.ts` joins them).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getPropertyName, unwrap, type Program } from '../ast.js';
import type { ConstantResolver, DynamicText, ModuleResolver, Node, TextValue } from '../model.js';
import { Unreadable } from '../resolve/unreadable.js';
import { findFrameBinding } from '../schema/value/call-frames.js';
import { isEnvironmentDependent, UnreadableText } from '../schema/value/unreadable-values.js';
import { enter, leave, MAX_DEPTH, step } from './budget.js';
import { getExportsMemberName, Scope } from './scope.js';
import { buildStatic, decodeRaw, dedent, literalSegments, sliceSegments, textOf, type Segment } from './segments.js';

export interface TextContext {
  readonly program: Program;
  readonly filePath: string;
  readonly resolveConstant?: ConstantResolver;
  /** Follows imports into other files (text built from imported constants and helper functions). */
  readonly resolveModule?: ModuleResolver;
  /** Which zod major `'zod'` means, for text read through a schema (default 4). */
  readonly zodVersion?: 3 | 4;
}

/** What the value evaluator is to this reader: the value of an expression, or `Unreadable`. */
export type ValueReader = (node: Node, context: TextContext & { readonly zodVersion: 3 | 4 }) => unknown;

/** A text context with the value reader text falls back to. */
export interface ReadContext extends TextContext {
  readonly readValue: ValueReader;
}

/**
 * Expressions this evaluator does not compute itself but the value evaluator may (calls of project
 * functions, conditionals, fallbacks, imported constants); their text has no place in this file's source.
 */
const VALUE_FALLBACK = new Set(['CallExpression', 'Identifier', 'MemberExpression', 'ConditionalExpression', 'LogicalExpression']);

/** Tags whose result is their template with common indentation removed. */
const DEDENT_TAGS = new Set(['dedent', 'outdent', 'stripIndent', 'endent', 'ts_dedent']);
/** How far the readable parts of a dynamic text are followed through templates, `+` and constants. */
const MAX_READABLE_DEPTH = 8;

type Eval = Segment[] | Unreadable;

/** Read an expression as text, falling back to `context.readValue` for what only values compute. */
export function readText(node: Node, context: ReadContext): TextValue {
  if (!enter()) return { kind: 'dynamic', node, reason: 'evaluations nested too deeply', readable: '', dynamicNodes: [node] };
  try {
    return evaluateTextEntered(node, context);
  } finally {
    leave();
  }
}

function evaluateTextEntered(node: Node, context: ReadContext): TextValue {
  const dynamicNodes: Node[] = [];
  const reasons: string[] = [];
  const readable: string[] = [];
  const result = evaluate(node, context, 0);
  if (!(result instanceof Unreadable)) return buildStatic(node, result);
  // Collect what is readable for the dynamic text: walk templates and `+` chains part by part.
  collectReadable(node, context, readable, dynamicNodes, reasons);
  const value: DynamicText = {
    kind: 'dynamic',
    node,
    reason: reasons[0] ?? result.reason,
    readable: readable.join(''),
    dynamicNodes: dynamicNodes.length > 0 ? dynamicNodes : [result.node],
  };
  return value;
}

function evaluate(input: Node, context: ReadContext, depth: number): Eval {
  if (depth > MAX_DEPTH) return new Unreadable('too deeply nested', input);
  if (!step()) return new Unreadable('the text takes too long to evaluate', input);
  const result = evaluateOwn(input, context, depth);
  if (!(result instanceof Unreadable)) return result;
  const node = unwrap(input);
  if (!VALUE_FALLBACK.has(node.type)) return result;
  const value = context.readValue(node, { ...context, zodVersion: context.zodVersion ?? 4 });
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [{ text: String(value), node }];
  // The value evaluator often knows better why (an import it followed, a helper it called).
  const isGeneric = result.reason.startsWith('a ') || result.reason.includes(' is imported from ');
  if (value instanceof Unreadable && isEnvironmentDependent(value)) return new Unreadable(value.reason, result.node);
  return value instanceof Unreadable && isGeneric && !value.reason.includes('not a schema builder') ? new Unreadable(value.reason, result.node) : result;
}

function evaluateOwn(input: Node, context: ReadContext, depth: number): Eval {
  const node = unwrap(input);
  switch (node.type) {
    case 'Literal':
      if (typeof node.value === 'string') return literalSegments(node as TSESTree.StringLiteral);
      if (typeof node.value === 'number' || typeof node.value === 'boolean') return [{ text: String(node.value), node }];
      return new Unreadable('not text', node);
    case 'TemplateLiteral':
      return templateSegments(node, context, depth);
    case 'TaggedTemplateExpression': {
      const tag = unwrap(node.tag);
      const tagName =
        tag.type === 'Identifier' ? tag.name : tag.type === 'MemberExpression' && tag.property.type === 'Identifier' ? tag.property.name : '';
      if (tag.type === 'MemberExpression' && tag.object.type === 'Identifier' && tag.object.name === 'String' && tagName === 'raw') {
        return templateSegments(node.quasi, context, depth, true);
      }
      if (!DEDENT_TAGS.has(tagName)) return new Unreadable(`tagged template \`${tagName || 'tag'}\``, node);
      const segments = templateSegments(node.quasi, context, depth);
      return segments instanceof Unreadable ? segments : dedent(segments);
    }
    case 'BinaryExpression': {
      if (node.operator !== '+') return new Unreadable(`\`${node.operator}\` expression`, node);
      const left = evaluate(node.left, context, depth + 1);
      if (left instanceof Unreadable) return left;
      const right = evaluate(node.right, context, depth + 1);
      if (right instanceof Unreadable) return right;
      return [...left, ...right];
    }
    case 'CallExpression':
      return callSegments(node, context, depth);
    case 'Identifier':
      return identifierSegments(node, context, depth);
    case 'MemberExpression':
      return memberSegments(node, context, depth);
    default:
      return new Unreadable(`${describeNode(node)} is not static text`, node);
  }
}

function describeNode(node: Node): string {
  switch (node.type) {
    case 'ConditionalExpression':
      return 'a conditional';
    case 'CallExpression':
      return 'a function call';
    case 'AwaitExpression':
      return 'an awaited value';
    default:
      return node.type;
  }
}

function templateSegments(node: TSESTree.TemplateLiteral, context: ReadContext, depth: number, raw = false): Eval {
  const out: Segment[] = [];
  for (let i = 0; i < node.quasis.length; i++) {
    const quasi = node.quasis[i];
    const cooked = raw ? quasi.value.raw : quasi.value.cooked;
    if (cooked == null) return new Unreadable('invalid escape in template', quasi);
    // TemplateElement ranges include the delimiters: "`" or "}" before, "${" or "`" after.
    const contentStart = quasi.range[0] + 1;
    if (raw || cooked === quasi.value.raw) {
      out.push({ text: cooked, node: quasi, start: contentStart });
    } else {
      const decoded = decodeRaw(quasi.value.raw, contentStart, true);
      out.push(decoded && decoded.text === cooked ? { text: cooked, node: quasi, offsets: decoded.offsets } : { text: cooked, node: quasi });
    }
    if (i < node.expressions.length) {
      const part = evaluate(node.expressions[i], context, depth + 1);
      if (part instanceof Unreadable) return part;
      out.push(...part);
    }
  }
  return out;
}

function callSegments(node: TSESTree.CallExpression, context: ReadContext, depth: number): Eval {
  const callee = unwrap(node.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') {
    return new Unreadable('a function call', node);
  }
  const method = callee.property.name;
  if (method === 'join') {
    const array = resolveArray(callee.object, context, depth);
    if (!array) {
      // The value evaluator says why the list is unknown (a helper it could not run, a run-time value).
      const list = context.readValue(callee.object, { ...context, zodVersion: context.zodVersion ?? 4 });
      return new Unreadable(list instanceof Unreadable ? `a list joined at run time (${list.reason})` : '`.join()` on something that is not a static array', node);
    }
    let separator: Segment[] = [{ text: ',', node }];
    if (node.arguments.length > 0) {
      const sep = evaluate(node.arguments[0], context, depth + 1);
      if (sep instanceof Unreadable) return sep;
      separator = sep;
    }
    const out: Segment[] = [];
    for (let i = 0; i < array.elements.length; i++) {
      const element = array.elements[i];
      if (!element || element.type === 'SpreadElement') return new Unreadable('spread or hole in a joined array', element ?? array);
      if (i > 0) out.push(...separator);
      const part = evaluate(element, context, depth + 1);
      if (part instanceof Unreadable) return part;
      out.push(...part);
    }
    return out;
  }
  if (method === 'trim' || method === 'trimStart' || method === 'trimEnd') {
    if (node.arguments.length > 0) return new Unreadable('a function call', node);
    const inner = evaluate(callee.object, context, depth + 1);
    if (inner instanceof Unreadable) return inner;
    const text = textOf(inner);
    let start = 0;
    let end = text.length;
    if (method !== 'trimEnd') while (start < end && /\s/.test(text[start])) start++;
    if (method !== 'trimStart') while (end > start && /\s/.test(text[end - 1])) end--;
    return sliceSegments(inner, start, end);
  }
  if (method === 'concat') {
    const base = evaluate(callee.object, context, depth + 1);
    if (base instanceof Unreadable) return base;
    const out = [...base];
    for (const arg of node.arguments) {
      if (arg.type === 'SpreadElement') return new Unreadable('spread argument', arg);
      const part = evaluate(arg, context, depth + 1);
      if (part instanceof Unreadable) return part;
      out.push(...part);
    }
    return out;
  }
  return new Unreadable(`\`.${method}()\` call`, node);
}

function resolveArray(node: Node, context: ReadContext, depth: number): TSESTree.ArrayExpression | undefined {
  const n = unwrap(node);
  if (n.type === 'ArrayExpression') return n;
  if (n.type === 'Identifier' && depth < MAX_DEPTH && !isBound(n, context)) {
    const init = Scope.of(context.program).resolve(n);
    return init ? resolveArray(init, context, depth + 1) : undefined;
  }
  return undefined;
}

/**
 * A name bound while a function runs (a parameter, or a local its statements build and change): only the
 * value reader knows its value now, not its declaration.
 */
function isBound(node: TSESTree.Identifier, context: TextContext): boolean {
  return findFrameBinding(node.name, node, context.program) !== undefined;
}

function identifierSegments(node: TSESTree.Identifier, context: ReadContext, depth: number): Eval {
  if (isBound(node, context)) return new Unreadable(`a name bound where a function runs (\`${node.name}\`)`, node);
  const scope = Scope.of(context.program);
  const init = scope.resolve(node);
  if (init) {
    if (init.type === 'FunctionDeclaration' || init.type === 'ClassDeclaration') return new Unreadable(`\`${node.name}\` is not text`, node);
    return evaluate(init, context, depth + 1);
  }
  const imported = scope.getImport(node.name);
  if (imported && imported.importedName !== '*') return importedSegments(node, imported.source, imported.importedName, context, depth);
  if (imported) return new Unreadable(`\`${node.name}\` is imported from '${imported.source}'`, node);
  return new Unreadable(`\`${node.name}\` is not a constant of this file`, node);
}

/** Imported texts being read, across files and resolvers: a chain that comes back to one is a cycle. */
const importing = new Set<Node>();

/** Read the text of an imported declaration once at a time: `cycle()` when it is already being read. */
export function readImportedText<T>(node: Node, read: () => T, cycle: () => T): T {
  if (importing.has(node)) return cycle();
  importing.add(node);
  try {
    return read();
  } finally {
    importing.delete(node);
  }
}

/**
 * Text another module exports as `importedName`, for an imported name (`import { X }`) and for a member
 * of a namespace (`import * as ns` / `const ns = require('./x')`, then `ns.X`): through the caller's
 * `ConstantResolver` (ts-morph in the codemod, type information in ESLint), else through the one module
 * resolver the value evaluator uses. The text is marked as written in that file (`externalFile`).
 */
function importedSegments(local: TSESTree.Identifier, source: string, importedName: string, context: ReadContext, depth: number): Eval {
  const resolved = context.resolveConstant?.({ local, importedName, source, fromFile: context.filePath });
  if (resolved) return [{ text: resolved.value, node: local, ...(resolved.file ? { externalFile: resolved.file } : {}) }];
  if (!context.resolveModule) return new Unreadable(`\`${importedName}\` is imported from '${source}'`, local);
  const binding = context.resolveModule.resolveImport(context.filePath, source, importedName);
  if (binding.kind === 'unreadable') return new Unreadable(`\`${importedName}\`: ${binding.reason}`, local);
  if (binding.kind !== 'node') return new Unreadable(`\`${importedName}\` is imported from '${source}'`, local);
  const text = readImportedText(
    binding.node,
    () => evaluate(binding.node, { ...context, program: binding.program, filePath: binding.filePath }, depth + 1),
    () => new Unreadable(`\`${importedName}\` is imported in a cycle`, local),
  );
  // The reason is the other file's; the place is this file's, where a report can point.
  if (text instanceof Unreadable) return new Unreadable(text.reason, local);
  return [{ text: textOf(text), node: local, externalFile: binding.filePath }];
}

function memberSegments(node: TSESTree.MemberExpression, context: ReadContext, depth: number): Eval {
  const exported = getExportsMemberName(node);
  if (exported) {
    const value = Scope.of(context.program).getExportsAssignment(exported);
    if (value) return evaluate(value, context, depth + 1);
  }
  // CONSTANTS.key / CONSTANTS['key'] where CONSTANTS is a same-file object literal.
  const key = !node.computed && node.property.type === 'Identifier' ? node.property.name : node.property.type === 'Literal' ? String(node.property.value) : undefined;
  const object = unwrap(node.object);
  if (key !== undefined && object.type === 'Identifier' && !isBound(object, context)) {
    const init = Scope.of(context.program).resolve(object);
    const objectLiteral = init ? unwrap(init) : undefined;
    if (objectLiteral?.type === 'ObjectExpression') {
      for (let i = objectLiteral.properties.length - 1; i >= 0; i--) {
        const p = objectLiteral.properties[i];
        if (p.type === 'SpreadElement') return new Unreadable('object with a spread', p);
        if (getPropertyName(p) === key) return evaluate(p.value, context, depth + 1);
      }
    }
    if (objectLiteral?.type === 'TSEnumDeclaration') {
      const member = objectLiteral.body.members.find((m) => (m.id.type === 'Identifier' ? m.id.name : String(m.id.value)) === key);
      if (member?.initializer) return evaluate(member.initializer, context, depth + 1);
    }
    // `texts.X` of `import * as texts from './texts'`, `texts_1.X` of tsc's `const texts_1 = require("./texts")`.
    const imported = Scope.of(context.program).getImport(object.name);
    if (imported?.importedName === '*' && node.property.type === 'Identifier') return importedSegments(node.property, imported.source, key, context, depth);
  }
  return new Unreadable('a property read that is not a same-file constant', node);
}

/** For a dynamic text: the static parts, in order, and the sub-expressions that are not static. */
function collectReadable(input: Node, context: ReadContext, readable: string[], dynamicNodes: Node[], reasons: string[], depth = 0): void {
  const node = unwrap(input);
  const attempt = evaluate(node, context, 0);
  if (!(attempt instanceof Unreadable)) {
    readable.push(textOf(attempt));
    return;
  }
  if (node.type === 'TemplateLiteral' && depth < MAX_READABLE_DEPTH) {
    node.quasis.forEach((quasi, i) => {
      readable.push(quasi.value.cooked ?? '');
      if (i < node.expressions.length) collectReadable(node.expressions[i], context, readable, dynamicNodes, reasons, depth + 1);
    });
    return;
  }
  if (node.type === 'BinaryExpression' && node.operator === '+' && depth < MAX_READABLE_DEPTH) {
    collectReadable(node.left, context, readable, dynamicNodes, reasons, depth + 1);
    collectReadable(node.right, context, readable, dynamicNodes, reasons, depth + 1);
    return;
  }
  // A same-file constant built from a template or `+`: its static parts count too (a lower bound).
  const init = node.type === 'Identifier' && depth < MAX_READABLE_DEPTH && !isBound(node, context) ? Scope.of(context.program).resolve(node) : undefined;
  if (init && (unwrap(init).type === 'TemplateLiteral' || unwrap(init).type === 'BinaryExpression')) {
    collectReadable(init, context, readable, dynamicNodes, reasons, depth + 1);
    return;
  }
  // A value known to be partly readable (a loop's definition with run-time text appended): its static parts.
  if (VALUE_FALLBACK.has(node.type)) {
    const value = context.readValue(node, { ...context, zodVersion: context.zodVersion ?? 4 });
    if (value instanceof UnreadableText) {
      readable.push(value.text.readable);
      dynamicNodes.push(...value.text.dynamicNodes);
      reasons.push(value.text.reason);
      return;
    }
  }
  dynamicNodes.push(attempt.node);
  reasons.push(attempt.reason);
}
