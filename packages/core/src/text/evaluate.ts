/**
 * Static evaluation of description text: string literals, expression-free templates, `+` chains,
 * `[...].join(sep)`, `.trim()`, dedent-style tags, same-file constants, `exports.X`, object members of
 * constant objects, and imported constants through a `ConstantResolver`. Anything else is dynamic:
 * the caller never guesses about text it cannot read.
 *
 * Every character of a static value keeps the source offsets it was written at, so a report can sit on
 * one sentence inside a long string and an edit can change the text where it lives.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getPropertyName, unwrap, type Program } from '../ast.js';
import type { ConstantResolver, DynamicText, ModuleResolver, Node, StaticText, TextPiece, TextValue } from '../model.js';
import { Unreadable } from '../resolve/unreadable.js';
import { evaluateValue, isEnvironmentDependent, UnreadableText } from '../schema/static-value.js';
import { enter, leave, MAX_DEPTH, step } from './budget.js';
import { getExportsMemberName, Scope } from './scope.js';

export interface TextContext {
  readonly program: Program;
  readonly filePath: string;
  readonly resolveConstant?: ConstantResolver;
  /** Follows imports into other files (text built from imported constants and helper functions). */
  readonly resolveModule?: ModuleResolver;
  /** Which zod major `'zod'` means, for text read through a schema (default 4). */
  readonly zodVersion?: 3 | 4;
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

/**
 * A run of an evaluated string written in one place. Mapped runs know the source offset of each character:
 * `start + i` when the run is written verbatim, or `offsets[i]` (plus one entry for the end) when escapes
 * make the mapping uneven. Runs are cheap to concatenate and slice, so long descriptions cost no per-character objects.
 */
interface Segment {
  readonly text: string;
  readonly node: Node;
  readonly start?: number;
  readonly offsets?: readonly number[];
  readonly externalFile?: string;
}

/** One character and where it was written; only dedent works per character. */
interface Char {
  readonly ch: string;
  readonly node: Node;
  /** [start, end) in source, or undefined when not written in this file verbatim. */
  readonly src: readonly [number, number] | undefined;
  readonly externalFile?: string;
}

type Eval = Segment[] | Unreadable;

/** Evaluate an expression as text. */
export function evaluateText(node: Node, context: TextContext): TextValue {
  if (!enter()) return { kind: 'dynamic', node, reason: 'evaluations nested too deeply', readable: '', dynamicNodes: [node] };
  try {
    return evaluateTextEntered(node, context);
  } finally {
    leave();
  }
}

function evaluateTextEntered(node: Node, context: TextContext): TextValue {
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

/** Evaluate only if the node is plainly a piece of text (a string literal or template); cheap pre-check for detectors. */
export function isTextLike(node: Node): boolean {
  const n = unwrap(node);
  return (n.type === 'Literal' && typeof n.value === 'string') || n.type === 'TemplateLiteral' || n.type === 'TaggedTemplateExpression';
}

function isMapped(segment: Segment): boolean {
  return segment.start !== undefined || segment.offsets !== undefined;
}

/** Source offset of character `i` of a mapped segment (`i === text.length` gives the end). */
function offsetAt(segment: Segment, i: number): number {
  return segment.offsets ? segment.offsets[i] : segment.start! + i;
}

function textOf(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.text).join('');
}

function buildStatic(node: Node, segments: Segment[]): StaticText {
  const pieces: TextPiece[] = [];
  let current: { start: number; end: number; node: Node; offsets: number[] | undefined; externalFile?: string } | undefined;
  let position = 0;
  const flush = () => {
    if (!current) return;
    pieces.push({
      start: current.start,
      end: current.end,
      node: current.node,
      sourceOffsets: current.offsets,
      ...(current.externalFile ? { externalFile: current.externalFile } : {}),
    });
  };
  for (const segment of segments) {
    const length = segment.text.length;
    if (length === 0) continue;
    const mapped = isMapped(segment);
    const continues =
      current !== undefined &&
      current.node === segment.node &&
      (mapped
        ? current.offsets !== undefined && current.offsets[current.offsets.length - 1] === offsetAt(segment, 0)
        : current.offsets === undefined && current.externalFile === segment.externalFile);
    if (!continues) {
      flush();
      current = { start: position, end: position, node: segment.node, offsets: mapped ? [offsetAt(segment, 0)] : undefined, externalFile: segment.externalFile };
    }
    if (mapped) for (let k = 1; k <= length; k++) current!.offsets!.push(offsetAt(segment, k));
    current!.end += length;
    position += length;
  }
  flush();
  return { kind: 'static', value: textOf(segments), node, pieces };
}

function evaluate(input: Node, context: TextContext, depth: number): Eval {
  if (depth > MAX_DEPTH) return new Unreadable('too deeply nested', input);
  if (!step()) return new Unreadable('the text takes too long to evaluate', input);
  const result = evaluateOwn(input, context, depth);
  if (!(result instanceof Unreadable)) return result;
  const node = unwrap(input);
  if (!VALUE_FALLBACK.has(node.type)) return result;
  const value = evaluateValue(node, { ...context, zodVersion: context.zodVersion ?? 4 });
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [{ text: String(value), node }];
  // The value evaluator often knows better why (an import it followed, a helper it called).
  const isGeneric = result.reason.startsWith('a ') || result.reason.includes(' is imported from ');
  if (value instanceof Unreadable && isEnvironmentDependent(value)) return new Unreadable(value.reason, result.node);
  return value instanceof Unreadable && isGeneric && !value.reason.includes('not a schema builder') ? new Unreadable(value.reason, result.node) : result;
}

function evaluateOwn(input: Node, context: TextContext, depth: number): Eval {
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

function literalSegments(node: TSESTree.StringLiteral): Segment[] {
  const content = node.raw.slice(1, -1);
  if (content === node.value) return [{ text: node.value, node, start: node.range[0] + 1 }];
  const decoded = decodeRaw(content, node.range[0] + 1);
  if (decoded && decoded.text === node.value) return [{ text: decoded.text, node, offsets: decoded.offsets }];
  return [{ text: node.value, node }];
}

function templateSegments(node: TSESTree.TemplateLiteral, context: TextContext, depth: number, raw = false): Eval {
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

/** The segments covering `[from, to)` of the text they make up. */
function sliceSegments(segments: readonly Segment[], from: number, to: number): Segment[] {
  const out: Segment[] = [];
  let position = 0;
  for (const segment of segments) {
    const length = segment.text.length;
    const a = Math.max(from - position, 0);
    const b = Math.min(to - position, length);
    if (a < b) {
      if (a === 0 && b === length) out.push(segment);
      else {
        out.push({
          text: segment.text.slice(a, b),
          node: segment.node,
          ...(segment.offsets ? { offsets: segment.offsets.slice(a, b + 1) } : segment.start !== undefined ? { start: segment.start + a } : {}),
          ...(segment.externalFile ? { externalFile: segment.externalFile } : {}),
        });
      }
    }
    position += length;
  }
  return out;
}

function callSegments(node: TSESTree.CallExpression, context: TextContext, depth: number): Eval {
  const callee = unwrap(node.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') {
    return new Unreadable('a function call', node);
  }
  const method = callee.property.name;
  if (method === 'join') {
    const array = resolveArray(callee.object, context, depth);
    if (!array) {
      // The value evaluator says why the list is unknown (a helper it could not run, a run-time value).
      const list = evaluateValue(callee.object, { ...context, zodVersion: context.zodVersion ?? 4 });
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

function resolveArray(node: Node, context: TextContext, depth: number): TSESTree.ArrayExpression | undefined {
  const n = unwrap(node);
  if (n.type === 'ArrayExpression') return n;
  if (n.type === 'Identifier' && depth < MAX_DEPTH) {
    const init = Scope.of(context.program).resolve(n);
    return init ? resolveArray(init, context, depth + 1) : undefined;
  }
  return undefined;
}

function identifierSegments(node: TSESTree.Identifier, context: TextContext, depth: number): Eval {
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
function importedSegments(local: TSESTree.Identifier, source: string, importedName: string, context: TextContext, depth: number): Eval {
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

function memberSegments(node: TSESTree.MemberExpression, context: TextContext, depth: number): Eval {
  const exported = getExportsMemberName(node);
  if (exported) {
    const value = Scope.of(context.program).getExportsAssignment(exported);
    if (value) return evaluate(value, context, depth + 1);
  }
  // CONSTANTS.key / CONSTANTS['key'] where CONSTANTS is a same-file object literal.
  const key = !node.computed && node.property.type === 'Identifier' ? node.property.name : node.property.type === 'Literal' ? String(node.property.value) : undefined;
  const object = unwrap(node.object);
  if (key !== undefined && object.type === 'Identifier') {
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

/**
 * String-literal and template escape decoding that keeps where each produced UTF-16 unit was written:
 * `offsets[i]` is the source offset of unit i's escape or character, and a last entry marks the end.
 */
function decodeRaw(raw: string, offset: number, template = false): { text: string; offsets: number[] } | undefined {
  const units: string[] = [];
  const offsets: number[] = [];
  let i = 0;
  const push = (text: string, start: number) => {
    for (let k = 0; k < text.length; k++) {
      units.push(text[k]);
      offsets.push(offset + start);
    }
  };
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };
  while (i < raw.length) {
    const c = raw[i];
    if (template && c === '\r') {
      // Template literals normalise CRLF and CR to LF.
      push('\n', i);
      i = raw[i + 1] === '\n' ? i + 2 : i + 1;
      continue;
    }
    if (c !== '\\') {
      push(c, i);
      i++;
      continue;
    }
    const n = raw[i + 1];
    if (n === undefined) return undefined;
    if (n in simple && !(n === '0' && /[0-9]/.test(raw[i + 2] ?? ''))) {
      push(simple[n], i);
      i += 2;
    } else if (n === 'x') {
      const hex = raw.slice(i + 2, i + 4);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined;
      push(String.fromCharCode(parseInt(hex, 16)), i);
      i += 4;
    } else if (n === 'u') {
      if (raw[i + 2] === '{') {
        const close = raw.indexOf('}', i + 3);
        if (close < 0) return undefined;
        const code = parseInt(raw.slice(i + 3, close), 16);
        if (!Number.isFinite(code) || code > 0x10ffff) return undefined;
        push(String.fromCodePoint(code), i);
        i = close + 1;
      } else {
        const hex = raw.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) return undefined;
        push(String.fromCharCode(parseInt(hex, 16)), i);
        i += 6;
      }
    } else if (n === '\r' || n === '\n' || n === '\u2028' || n === '\u2029') {
      // Line continuation: produces nothing.
      i += n === '\r' && raw[i + 2] === '\n' ? 3 : 2;
    } else if (/[1-7]/.test(n)) {
      return undefined; // legacy octal escapes: let the caller fall back
    } else {
      push(n, i);
      i += 2;
    }
  }
  offsets.push(offset + raw.length);
  return { text: units.join(''), offsets };
}

function toChars(segments: readonly Segment[]): Char[] {
  const chars: Char[] = [];
  for (const segment of segments) {
    const mapped = isMapped(segment);
    for (let k = 0; k < segment.text.length; k++) {
      chars.push({
        ch: segment.text[k],
        node: segment.node,
        src: mapped ? [offsetAt(segment, k), offsetAt(segment, k + 1)] : undefined,
        externalFile: segment.externalFile,
      });
    }
  }
  return chars;
}

function fromChars(chars: readonly Char[]): Segment[] {
  return chars.map((c) => ({
    text: c.ch,
    node: c.node,
    ...(c.src ? { offsets: [c.src[0], c.src[1]] } : {}),
    ...(c.externalFile ? { externalFile: c.externalFile } : {}),
  }));
}

/** Remove the common indentation of a template (and its leading/trailing blank line), as dedent-style tags do. */
function dedent(segments: Segment[]): Segment[] {
  const chars = toChars(segments);
  // Each line keeps the newline character that ended the line before it, so offsets stay exact.
  const lines: Array<{ newline: Char | undefined; chars: Char[] }> = [{ newline: undefined, chars: [] }];
  for (const c of chars) {
    if (c.ch === '\n') lines.push({ newline: c, chars: [] });
    else lines[lines.length - 1].chars.push(c);
  }
  const isBlank = (line: Char[]) => line.every((c) => c.ch === ' ' || c.ch === '\t');
  let indent = Infinity;
  for (const { chars: line } of lines) {
    if (isBlank(line)) continue;
    let k = 0;
    while (k < line.length && (line[k].ch === ' ' || line[k].ch === '\t')) k++;
    indent = Math.min(indent, k);
  }
  if (!Number.isFinite(indent)) indent = 0;
  const kept = lines.map((line) => ({ newline: line.newline, chars: isBlank(line.chars) ? [] : line.chars.slice(indent) }));
  if (kept.length > 1 && kept[0].chars.length === 0) {
    kept.shift();
    kept[0] = { newline: undefined, chars: kept[0].chars };
  }
  if (kept.length > 1 && kept[kept.length - 1].chars.length === 0) kept.pop();
  const out: Char[] = [];
  kept.forEach((line, index) => {
    if (index > 0 && line.newline) out.push(line.newline);
    out.push(...line.chars);
  });
  return fromChars(out);
}

/** For a dynamic text: the static parts, in order, and the sub-expressions that are not static. */
function collectReadable(input: Node, context: TextContext, readable: string[], dynamicNodes: Node[], reasons: string[], depth = 0): void {
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
  const init = node.type === 'Identifier' && depth < MAX_READABLE_DEPTH ? Scope.of(context.program).resolve(node) : undefined;
  if (init && (unwrap(init).type === 'TemplateLiteral' || unwrap(init).type === 'BinaryExpression')) {
    collectReadable(init, context, readable, dynamicNodes, reasons, depth + 1);
    return;
  }
  // A value known to be partly readable (a loop's definition with run-time text appended): its static parts.
  if (VALUE_FALLBACK.has(node.type)) {
    const value = evaluateValue(node, { ...context, zodVersion: context.zodVersion ?? 4 });
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
