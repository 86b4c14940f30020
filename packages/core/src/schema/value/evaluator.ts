/**
 * The value evaluator: one switch over expressions that computes what a declaration's expression is at run
 * time when that can be known without running the program — JSON, same-file constants and enums, imports
 * followed through the module resolver, zod schemas rebuilt by calling the real zod (only whitelisted builders
 * and methods, with statically known arguments), and calls of project functions whose result it can compute.
 * User callbacks (`refine`, `transform`, `preprocess`) are never run: a stand-in takes their place because they
 * do not change the JSON Schema.
 *
 * Values are memoised per declaration so that a constant used twice is the same object twice, as at
 * run time: zod-to-json-schema turns the second use into a `$ref`, and exact bytes depend on it.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getCalleeName, getPropertyName, unwrap, type Program } from '../../ast.js';
import type { ModuleBinding, Node } from '../../model.js';
import { Unreadable } from '../../resolve/unreadable.js';
import { enter, leave, MAX_DEPTH, step } from '../../text/budget.js';
import { readText } from '../../text/read-text.js';
import { getExportsMemberName, Scope } from '../../text/scope.js';
import { CALLBACK_METHODS, getNamespaceMember, getZodNamespace, isBuilderRef, isZodSchema, SCHEMA_METHODS } from '../zod-api.js';
import {
  findFrameBinding,
  getFunctionWrapper,
  getProjectFunction,
  inFrame,
  inProgress,
  isInsideFrame,
  registerProjectFunction,
} from './call-frames.js';
import { getBundledZod3Builder, getBundledZodNamespaces, getFrozenZodMajor, isImportHelper, readSpreadHelper } from './compiled-output.js';
import type { FunctionLike, ValueContext } from './context.js';
import { findCompiledEnum, getCompiledEnumName, readCompiledEnum } from './compiled-enums.js';
import { fromEntries } from './from-entries.js';
import { getReturnedExpression } from './function-body.js';
import { isProjectImport, readLibraryImport } from './library-imports.js';
import { getMemberName, isShortCircuit, readMember } from './members.js';
import { listExportNames } from './module-namespace.js';
import { applyBinaryOperator, applyUnaryOperator } from './operators.js';
import { bindAll } from './parameters.js';
import { runFunctionBody, UnrunStatement } from './statements.js';
import {
  countGaps,
  fillGaps,
  getFlavor,
  getGapsSince,
  getReadingKey,
  hasMetConditional,
  isGap,
  isReadingPartly,
  makeAny,
  markConditional,
  orderBranches,
  recordGaps,
  rollBackGaps,
  standIn,
} from './partial.js';
import { defineValue, isPlainObject, STATIC_OBJECT_FUNCTIONS } from './plain-data.js';
import { isMethodRef, isNamespaceRef, type NamespaceRef } from './references.js';
import { describeNode, findEnvironmentArgument, isEnvironmentDependent, SelfReference } from './unreadable-values.js';
import { invoke, isCallbackArgument, isFunctionNode } from './zod-calls.js';

/** Per program, per zod version and reading (`4`, `4 partly`): a partial reading's stand-ins never reach a full one. */
const memos = new WeakMap<Program, Map<string, Memo>>();

interface Memo {
  readonly values: WeakMap<Node, unknown>;
  /** What each declaration's value left unread in a partial reading, recorded again whenever the value is reused. */
  readonly gaps: WeakMap<Node, readonly Unreadable[]>;
  /** Declarations whose value a partial reading read through a conditional known only at run time. */
  readonly conditional: WeakSet<Node>;
}

/** How many calls of one project function may be open at once (a helper that calls itself for nested fields). */
const MAX_SELF_CALLS = 6;
/** Project functions being called, with how many of their calls are open. */
const activeCalls = new Map<Node, number>();

/** Evaluate an expression; `Unreadable` says why it cannot be known without running the program. */
export function evaluateValue(node: Node, context: ValueContext): unknown {
  if (!enter()) return new Unreadable('evaluations nested too deeply', node);
  try {
    return new Evaluator(context).evaluate(node, 0);
  } catch (error) {
    // A stack overflow or a surprise in a library: the value is unknown, the caller goes on.
    return new Unreadable(`the value could not be evaluated (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`, node);
  } finally {
    leave();
  }
}

/** What `params` bind when called with `args` (defaults and destructuring as at run time). */
export function bindParameters(params: readonly Node[], args: readonly unknown[], context: ValueContext): Map<string, unknown> {
  const bindings = new Map<string, unknown>();
  const evaluator = new Evaluator(context);
  bindAll(params, args, bindings, (node) => evaluator.evaluate(node, 1));
  return bindings;
}

class Evaluator {
  private readonly memo: Memo;
  /** A partial reading (`partial.ts`): unreadable parts become stand-ins, recorded with their reasons. */
  private readonly partly = isReadingPartly();

  constructor(private readonly context: ValueContext) {
    let byVersion = memos.get(context.program);
    if (!byVersion) {
      byVersion = new Map();
      memos.set(context.program, byVersion);
    }
    const key = `${context.zodVersion}${getReadingKey()}`;
    let memo = byVersion.get(key);
    if (!memo) {
      memo = { values: new WeakMap(), gaps: new WeakMap(), conditional: new WeakSet() };
      byVersion.set(key, memo);
    }
    this.memo = memo;
  }

  /** In a partial reading, an unreadable part becomes a stand-in (recorded); otherwise it stays unreadable. */
  private orStandIn(value: unknown): unknown {
    return this.partly && value instanceof Unreadable ? standIn(value) : value;
  }

  evaluate(input: Node, depth: number): unknown {
    if (depth > MAX_DEPTH) return new Unreadable('the schema is nested too deeply', input);
    if (!step()) return new Unreadable('the value takes too long to evaluate', input);
    const node = unwrap(input);
    switch (node.type) {
      case 'Literal':
        return this.evaluateLiteral(node);
      case 'TemplateLiteral':
      case 'TaggedTemplateExpression':
      case 'BinaryExpression':
        return this.evaluateTextLike(node, depth);
      case 'UnaryExpression':
        return this.evaluateUnary(node, depth);
      case 'ArrayExpression':
        return this.evaluateArray(node, depth);
      case 'ObjectExpression':
        return this.evaluateObject(node, depth);
      case 'Identifier':
        return this.evaluateIdentifier(node, depth);
      case 'MemberExpression':
        return this.evaluateMember(node, depth);
      case 'CallExpression':
        return this.evaluateCall(node, depth);
      case 'NewExpression':
        return this.evaluateNew(node, depth);
      case 'SequenceExpression':
        // `(0, zod_1.z)` in compiled output: the value is the last expression.
        return this.evaluate(node.expressions[node.expressions.length - 1], depth + 1);
      case 'ArrowFunctionExpression':
        return this.evaluateArrow(node, depth);
      case 'FunctionExpression':
        return this.getFunction(node);
      case 'ConditionalExpression':
        return this.evaluateConditional(node, depth);
      case 'LogicalExpression':
        return this.evaluateLogical(node, depth);
      case 'TemplateElement':
        return new Unreadable('a template part', node);
      default:
        return new Unreadable(`${describeNode(node)} cannot be evaluated statically`, node);
    }
  }

  private evaluateLiteral(node: TSESTree.Literal): unknown {
    if ('regex' in node && node.regex) {
      try {
        return new RegExp(node.regex.pattern, node.regex.flags);
      } catch {
        return new Unreadable('a regular expression this Node cannot compile', node);
      }
    }
    return node.value;
  }

  private evaluateTextLike(node: Node, depth = 0): unknown {
    if (node.type === 'BinaryExpression') {
      const value = this.evaluateBinary(node, depth);
      if (value !== undefined) return value;
      if (node.operator !== '+') return this.findEnvironmentReason(node, depth) ?? new Unreadable(`a \`${node.operator}\` expression`, node);
    }
    const text = readText(node, { ...this.context, readValue: evaluateValue });
    if (text.kind === 'static') return text.value;
    const unreadable = new Unreadable(text.reason, text.dynamicNodes[0] ?? node);
    if (!this.partly) return unreadable;
    // Its static parts are a lower bound of the text.
    recordGaps([unreadable]);
    return text.readable;
  }

  /** `process.env.X === 'true'`: the comparison depends on the variable, and says so. */
  private findEnvironmentReason(node: TSESTree.BinaryExpression, depth: number): Unreadable | undefined {
    for (const side of [node.left, node.right]) {
      if (side.type === 'PrivateIdentifier') continue;
      const value = this.evaluate(side, depth + 1);
      if (value instanceof Unreadable && isEnvironmentDependent(value)) return new Unreadable(value.reason, node);
    }
    return undefined;
  }

  /** Comparisons and arithmetic on static primitives; undefined when text evaluation should decide. */
  private evaluateBinary(node: TSESTree.BinaryExpression, depth: number): unknown {
    if (node.left.type === 'PrivateIdentifier') return undefined;
    const left = this.evaluate(node.left, depth + 1);
    if (left instanceof Unreadable) return undefined;
    const right = this.evaluate(node.right, depth + 1);
    if (right instanceof Unreadable) return undefined;
    return applyBinaryOperator(node.operator, left, right);
  }

  private evaluateUnary(node: TSESTree.UnaryExpression, depth: number): unknown {
    const value = this.evaluate(node.argument, depth + 1);
    if (value instanceof Unreadable) return value;
    const result = applyUnaryOperator(node.operator, value);
    return result ? result.value : new Unreadable(`a \`${node.operator}\` expression`, node);
  }

  private evaluateConditional(node: TSESTree.ConditionalExpression, depth: number): unknown {
    const test = this.evaluate(node.test, depth + 1);
    if (test instanceof Unreadable) {
      const variable = isEnvironmentDependent(test) ? /process\.env\.\S+/.exec(test.reason)?.[0] : undefined;
      const unreadable = new Unreadable(variable ? `a conditional that depends on ${variable}` : 'a conditional whose condition is known only at run time', node);
      return this.partly ? this.evaluateEitherBranch(node, unreadable, depth) : unreadable;
    }
    return this.evaluate(test ? node.consequent : node.alternate, depth + 1);
  }

  /**
   * A partial reading of a conditional known only at run time: a branch that can be read stands for it
   * (the reading tries each branch first in turn and keeps the smaller schema, `schema/index.ts`).
   */
  private evaluateEitherBranch(node: TSESTree.ConditionalExpression, unreadable: Unreadable, depth: number): unknown {
    const count = countGaps();
    recordGaps([unreadable]);
    for (const branch of orderBranches(node.consequent, node.alternate)) {
      const value = this.evaluate(branch, depth + 1);
      if (!(value instanceof Unreadable) && !isGap(value)) return value;
    }
    // Neither branch can be read: one gap, the conditional's.
    const gaps = getGapsSince(count);
    return standIn(gaps[0] ?? unreadable);
  }

  private evaluateArray(node: TSESTree.ArrayExpression, depth: number): unknown {
    const out: unknown[] = [];
    for (const element of node.elements) {
      if (!element) return new Unreadable('an array with a hole', node);
      if (element.type === 'SpreadElement') {
        const spread = this.evaluate(element.argument, depth + 1);
        const unreadable = spread instanceof Unreadable ? spread : isGap(spread) || Array.isArray(spread) ? undefined : new Unreadable('a spread of something that is not a static array', element);
        if (unreadable && !this.partly) return unreadable;
        // A partial reading leaves out what it cannot spread (the list is then a lower bound).
        if (unreadable) recordGaps([unreadable]);
        if (Array.isArray(spread)) out.push(...(spread as unknown[]));
        continue;
      }
      const value = this.orStandIn(this.evaluate(element, depth + 1));
      if (value instanceof Unreadable) return value;
      out.push(value);
    }
    return out;
  }

  private evaluateObject(node: TSESTree.ObjectExpression, depth: number): unknown {
    const out: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (property.type === 'SpreadElement') {
        const spread = this.evaluate(property.argument, depth + 1);
        const unreadable = spread instanceof Unreadable ? spread : isGap(spread) || isPlainObject(spread) ? undefined : new Unreadable('a spread of something that is not a static object', property);
        if (unreadable && !this.partly) return unreadable;
        // A partial reading leaves out what it cannot spread (the object is then a lower bound).
        if (unreadable) recordGaps([unreadable]);
        if (isPlainObject(spread)) Object.assign(out, spread);
        continue;
      }
      // `{ get children() { return z.array(Category); } }`, zod 4's way to a recursive shape: read when zod reads it.
      if (property.kind === 'get' && !property.computed && property.value.type === 'FunctionExpression') {
        const read = this.getFunction(property.value) as () => unknown;
        Object.defineProperty(out, getPropertyName(property) ?? '', { get: read, enumerable: true, configurable: true });
        continue;
      }
      if (property.kind !== 'init') {
        const unreadable = new Unreadable('an object with a getter or setter', property);
        if (!this.partly) return unreadable;
        recordGaps([unreadable]);
        continue;
      }
      // `{ schema, render(data) { … } }`: a method is a function like any other member; only a call of it needs its body.
      if (property.method && property.value.type === 'FunctionExpression' && !property.computed) {
        defineValue(out, getPropertyName(property) ?? '', this.getFunction(property.value));
        continue;
      }
      const key = property.computed ? this.evaluate(property.key, depth + 1) : getPropertyName(property);
      const badKey = key instanceof Unreadable ? key : typeof key !== 'string' && typeof key !== 'number' ? new Unreadable('a computed key that is not static', property.key) : undefined;
      if (badKey && !this.partly) return badKey;
      if (badKey) {
        recordGaps([badKey]);
        continue;
      }
      const value = this.orStandIn(this.evaluate(property.value, depth + 1));
      if (value instanceof Unreadable) return value;
      defineValue(out, String(key), value);
    }
    return out;
  }

  private evaluateIdentifier(node: TSESTree.Identifier, depth: number): unknown {
    if (node.name === 'undefined') return undefined;
    if (node.name === 'Infinity') return Infinity;
    if (node.name === 'NaN') return NaN;
    const bound = findFrameBinding(node.name, node, this.context.program);
    if (bound) return bound.value;
    const scope = Scope.of(this.context.program);
    const init = scope.resolve(node);
    if (init) {
      const bundledZod = init.type === 'ObjectExpression' && init.properties.length === 0 ? getBundledZodNamespaces(this.context.program).get(node.name) : getFrozenZodMajor(init);
      if (bundledZod !== undefined) return getZodNamespace(bundledZod, this.context.filePath);
      // `const stringType = ZodString.create` of a bundled zod 3: that builder of zod 3.
      const bundledBuilder = getBundledZod3Builder(init, this.context.program);
      const builder = bundledBuilder === undefined ? undefined : getNamespaceMember(getZodNamespace(3, this.context.filePath), bundledBuilder);
      if (builder !== undefined) return builder;
      if (init.type === 'FunctionDeclaration') return this.getFunction(init);
      if (init.type === 'ClassDeclaration') return new Unreadable(`\`${node.name}\` is a class`, node);
      // An object given more properties after it is declared holds more than its initializer says.
      if (unwrap(init).type === 'ObjectExpression' && scope.getLaterPropertyAssignments(node).length > 0) {
        const later = new Unreadable(`\`${node.name}\` is given properties after it is declared`, node);
        if (!this.partly) return later;
        recordGaps([later]);
      }
      return this.evaluateDeclared(init, depth);
    }
    const imported = scope.getImport(node.name);
    if (imported) return this.evaluateImport(node, node.name, imported.source, imported.importedName, depth);
    // The scope's walk records enums too, so no second walk of the file looks for them.
    const enumDeclaration = scope.getFirstEnum(node.name);
    if (enumDeclaration) return this.evaluateDeclared(enumDeclaration, depth);
    const compiledEnum = findCompiledEnum(this.context.program, node.name);
    if (compiledEnum) return this.evaluateDeclared(compiledEnum, depth);
    return new Unreadable(`\`${node.name}\` is not a constant of this file`, node);
  }

  /** A declaration's value, computed once per program so that reuse keeps object identity. */
  private evaluateDeclared(init: Node, depth: number): unknown {
    // Constants inside a function being called depend on its arguments: never memoised.
    const local = isInsideFrame(init, this.context.program);
    if (!local && this.memo.values.has(init)) {
      if (this.partly) {
        recordGaps(this.memo.gaps.get(init) ?? []);
        if (this.memo.conditional.has(init)) markConditional();
      }
      return this.memo.values.get(init);
    }
    if (inProgress.has(init)) return new SelfReference('a value that refers to itself', init);
    inProgress.add(init);
    const gapsBefore = this.partly ? countGaps() : 0;
    const conditionalBefore = this.partly && hasMetConditional();
    let value: unknown;
    try {
      if (init.type === 'TSEnumDeclaration') value = this.evaluateEnum(init, depth);
      else if (init.type === 'FunctionDeclaration') value = this.getFunction(init);
      else if (init.type === 'ClassDeclaration' || init.type === 'ClassExpression') value = new Unreadable('a class', init);
      else value = this.evaluate(init, depth + 1);
    } finally {
      inProgress.delete(init);
    }
    if (!local) {
      this.memo.values.set(init, value);
      if (this.partly) {
        this.memo.gaps.set(init, getGapsSince(gapsBefore));
        if (!conditionalBefore && hasMetConditional()) this.memo.conditional.add(init);
      }
    }
    return value;
  }

  /** The callable stand-in for a project function (one per function node, so identity is stable). */
  private getFunction(node: FunctionLike): unknown {
    const context = this.context;
    return getFunctionWrapper(context.program, node, () => {
      const wrapper = (...args: unknown[]) => {
        const value = new Evaluator(context).callFunction(node, args, 0);
        if (value instanceof Unreadable) throw new Error(value.reason);
        return value;
      };
      registerProjectFunction(wrapper, { node, context });
      return wrapper;
    });
  }

  /**
   * Call a project function whose result can be computed: a body that is one expression, or constants
   * and one final `return`. Arguments that are unknown stay unknown; a result that needs them is unreadable.
   */
  private callFunction(fn: FunctionLike, args: readonly unknown[], depth: number): unknown {
    if (fn.async || fn.generator) return new Unreadable('an async function', fn);
    // A helper that calls itself (a converter walking a schema's fields) is followed a few calls deep.
    const active = activeCalls.get(fn) ?? 0;
    if (active >= MAX_SELF_CALLS) return new Unreadable('a helper that calls itself too deeply to follow', fn);
    const body = getReturnedExpression(fn);
    const bindings = new Map<string, unknown>();
    bindAll(fn.params, args, bindings, (node) => this.evaluate(node, depth + 1));
    activeCalls.set(fn, active + 1);
    try {
      // A body of statements that build the result (`lines.push(…)`, `text += …`) is run, within limits.
      if (!body) return this.runBody(fn, bindings, depth);
      return inFrame(fn, this.context.program, bindings, () => this.evaluate(body, depth + 1));
    } finally {
      if (active === 0) activeCalls.delete(fn);
      else activeCalls.set(fn, active);
    }
  }

  private runBody(fn: FunctionLike, bindings: Map<string, unknown>, depth: number): unknown {
    const host = {
      program: this.context.program,
      evaluate: (node: Node, at: number) => this.evaluate(node, at),
      // A library builder's result (`zodToJsonSchema(X)`) is a new value, unless the builder returns its argument.
      isNewFromLibrary: (node: TSESTree.CallExpression) => {
        const callee = this.evaluate(unwrap(node.callee), depth + 1);
        return isBuilderRef(callee) && !callee.passesThrough;
      },
    };
    const value = runFunctionBody(fn, bindings, host, depth);
    // A value the body needed and cannot know says why itself; a statement not run is the function's reason.
    if (!(value instanceof UnrunStatement)) return value;
    return new Unreadable(`a function whose result depends on statements toolslim does not run (${value.reason})`, fn);
  }

  private evaluateLogical(node: TSESTree.LogicalExpression, depth: number): unknown {
    const left = this.evaluate(node.left, depth + 1);
    if (left instanceof Unreadable) {
      // `name || 'web_search'`, `config.toolName ?? 'x'`: an option nobody set at start-up leaves the fallback.
      // An environment variable is set where the server runs: the fallback is only one of its values.
      return node.operator === '&&' || isEnvironmentDependent(left) ? left : this.evaluate(node.right, depth + 1);
    }
    if (node.operator === '&&') return left ? this.evaluate(node.right, depth + 1) : left;
    if (node.operator === '||') return left ? left : this.evaluate(node.right, depth + 1);
    return left ?? this.evaluate(node.right, depth + 1);
  }

  /** What another module's binding stands for, evaluated in that module. */
  private evaluateBinding(binding: ModuleBinding, node: TSESTree.Identifier, local: string, depth: number): unknown {
    switch (binding.kind) {
      case 'package':
        return this.evaluateImport(node, local, binding.source, binding.importedName, depth, true);
      case 'namespace':
        return { kind: 'namespace', program: binding.program, filePath: binding.filePath } satisfies NamespaceRef;
      case 'node': {
        const other = binding.program === this.context.program ? this : new Evaluator({ ...this.context, program: binding.program, filePath: binding.filePath });
        return other.evaluateDeclared(binding.node, depth + 1);
      }
      default:
        return new Unreadable(`\`${local}\`: ${binding.reason}`, node);
    }
  }

  /** What an import (or `require`) binds; `local` names it in messages. */
  private evaluateImport(node: TSESTree.Identifier, local: string, source: string, importedName: string, depth = 0, resolved = false): unknown {
    if (this.context.resolveModule && !resolved && isProjectImport(source, this.context.zodVersion)) {
      return this.evaluateBinding(this.context.resolveModule.resolveImport(this.context.filePath, source, importedName), node, local, depth);
    }
    return readLibraryImport(node, local, source, importedName, this.context);
  }

  private evaluateEnum(node: TSESTree.TSEnumDeclaration, depth: number): unknown {
    // The object TypeScript emits: string members map name → value; numeric members also value → name.
    const out: Record<string, unknown> = {};
    let next = 0;
    for (const member of node.body.members) {
      const name = member.id.type === 'Identifier' ? member.id.name : member.id.value;
      let value: unknown = next;
      if (member.initializer) {
        value = this.evaluate(member.initializer, depth + 1);
        if (value instanceof Unreadable) return value;
      }
      if (typeof value === 'number') {
        out[name] = value;
        out[String(value)] = name;
        next = value + 1;
      } else if (typeof value === 'string') {
        out[name] = value;
      } else {
        return new Unreadable('an enum member that is not a number or string', member);
      }
    }
    return out;
  }

  private evaluateMember(node: TSESTree.MemberExpression, depth: number): unknown {
    const variable = this.getEnvironmentVariable(node);
    if (variable !== undefined) return new Unreadable(`depends on process.env.${variable}`, node);
    const exported = getExportsMemberName(node);
    if (exported) {
      const value = Scope.of(this.context.program).getExportsAssignment(exported);
      if (value) return this.evaluateDeclared(value, depth);
    }
    const key = node.computed ? this.evaluate(node.property, depth + 1) : node.property.type === 'Identifier' ? node.property.name : undefined;
    if (key instanceof Unreadable) return key;
    if (typeof key !== 'string' && typeof key !== 'number') return new Unreadable('a property read with a key that is not static', node);
    const name = String(key);
    const gapsBefore = this.partly ? countGaps() : 0;
    const conditionalBefore = this.partly && hasMetConditional();
    let object = this.evaluate(node.object, depth + 1);
    // `resource.inputSchema` of a constant object whose other properties cannot be read (`new Template(…)`, a
    // run-time value): the property read is written there, and is all the program reads of it here.
    if (object instanceof Unreadable || isGap(object) || (this.partly && countGaps() > gapsBefore)) {
      const own = this.findDeclaredProperty(node.object, name);
      if (own) {
        rollBackGaps(gapsBefore, conditionalBefore);
        return own.evaluator.evaluateDeclared(own.value, depth + 1);
      }
    }
    // `Imported.optional()` in a partial reading: the schema it cannot read is a stand-in, and the chain goes on.
    if (object instanceof Unreadable && this.partly && SCHEMA_METHODS.has(name)) object = standIn(object);
    if (object instanceof Unreadable) return object;
    // `field.audience?.kind` of a field without one: the chain stops at the `?.` and is `undefined`.
    if ((object === undefined || object === null) && isShortCircuit(node)) return undefined;
    if (isGap(object)) {
      // `Imported.optional().describe('…')`: the methods apply to `z.any()` in its place, so what they add is kept.
      if (SCHEMA_METHODS.has(name)) return readMember(makeAny(this.context.zodVersion, this.context.filePath), name, node, this.context.program);
      // Any other member of a stand-in is a stand-in, already recorded.
      return object;
    }
    if (isNamespaceRef(object)) {
      const binding = this.context.resolveModule?.resolveExport(object.filePath, name);
      return binding ? this.evaluateBinding(binding, node.property as TSESTree.Identifier, name, depth) : new Unreadable(`\`${name}\` of another module`, node);
    }
    return readMember(object, name, node, this.context.program);
  }

  /**
   * The value node of property `name` in the object literal a constant (same file or imported) is
   * declared as, when that property is its last word on `name` (no spread or computed key after it) and it
   * is a plain value (not a getter). Undefined for anything else, and for names a running function binds.
   */
  private findDeclaredProperty(input: Node, name: string): { value: Node; evaluator: Evaluator } | undefined {
    const object = unwrap(input);
    if (object.type !== 'Identifier' || findFrameBinding(object.name, object, this.context.program)) return undefined;
    const scope = Scope.of(this.context.program);
    let init: Node | undefined = scope.resolve(object);
    let evaluator: Evaluator | undefined;
    if (!init) {
      const imported = scope.getImport(object.name);
      if (!imported || !this.context.resolveModule || !isProjectImport(imported.source, this.context.zodVersion)) return undefined;
      const binding = this.context.resolveModule.resolveImport(this.context.filePath, imported.source, imported.importedName);
      if (binding.kind !== 'node') return undefined;
      init = binding.node.type === 'VariableDeclarator' ? (binding.node.init ?? undefined) : binding.node;
      evaluator = binding.program === this.context.program ? this : new Evaluator({ ...this.context, program: binding.program, filePath: binding.filePath });
    }
    const literal = init ? unwrap(init) : undefined;
    const program = evaluator ? evaluator.context.program : this.context.program;
    if (literal?.type !== 'ObjectExpression' || isInsideFrame(literal, program)) return undefined;
    for (let i = literal.properties.length - 1; i >= 0; i--) {
      const property = literal.properties[i];
      if (property.type === 'SpreadElement' || property.computed) return undefined;
      if (getPropertyName(property) !== name) continue;
      return property.kind === 'init' && !property.method ? { value: property.value, evaluator: evaluator ?? this } : undefined;
    }
    return undefined;
  }

  /** The object a module namespace is: each export by name (only the names when `namesOnly`). */
  private readNamespace(ref: NamespaceRef, namesOnly: boolean, node: Node, depth: number): Record<string, unknown> | Unreadable {
    const names = listExportNames(ref.program, ref.filePath, this.context.resolveModule);
    if (!names) return new Unreadable(`the exports of '${ref.filePath}' cannot be listed statically`, node);
    const out: Record<string, unknown> = {};
    for (const name of names) {
      if (namesOnly) {
        defineValue(out, name, true);
        continue;
      }
      const binding = this.context.resolveModule?.resolveExport(ref.filePath, name);
      const value = binding ? this.evaluateBinding(binding, node as TSESTree.Identifier, name, depth) : new Unreadable(`\`${name}\` of another module`, node);
      if (value instanceof Unreadable) return value;
      defineValue(out, name, value);
    }
    return out;
  }

  /** `process.env.X` (`process` neither declared nor imported here): the variable's name, `…` when computed. */
  private getEnvironmentVariable(node: TSESTree.MemberExpression): string | undefined {
    const object = unwrap(node.object);
    if (object.type !== 'MemberExpression' || object.computed || object.property.type !== 'Identifier' || object.property.name !== 'env') return undefined;
    const root = unwrap(object.object);
    if (root.type !== 'Identifier' || root.name !== 'process' || Scope.of(this.context.program).resolve(root) || Scope.of(this.context.program).getImport('process')) return undefined;
    if (!node.computed && node.property.type === 'Identifier') return node.property.name;
    return node.property.type === 'Literal' && typeof node.property.value === 'string' ? node.property.value : '…';
  }

  private evaluateCall(node: TSESTree.CallExpression, depth: number): unknown {
    const calleeNode = unwrap(node.callee);
    if (calleeNode.type === 'FunctionExpression' && getCompiledEnumName(node)) return readCompiledEnum(node, this.context.program, (arg) => this.evaluate(arg, depth + 1));
    // `Object.keys(X)` and friends on static objects.
    if (
      calleeNode.type === 'MemberExpression' &&
      calleeNode.object.type === 'Identifier' &&
      calleeNode.object.name === 'Object' &&
      !Scope.of(this.context.program).resolve(calleeNode.object)
    ) {
      const name = getMemberName(calleeNode);
      const fn = name ? STATIC_OBJECT_FUNCTIONS[name] : undefined;
      if (!fn && name !== 'fromEntries') return new Unreadable(`\`Object.${name ?? '…'}()\``, node);
      const args = this.evaluateArguments(node, depth, undefined);
      if (args instanceof Unreadable) return args;
      if (!fn) return fromEntries(args[0], node, this.partly);
      // `Object.values(tools)` of `import * as tools`: the namespace object, its exports by name.
      if (isNamespaceRef(args[0])) {
        const namespace = this.readNamespace(args[0], name === 'keys', node, depth);
        return namespace instanceof Unreadable ? namespace : fn(namespace, ...args.slice(1));
      }
      return fn(...args);
    }
    const required = this.evaluateRequire(node, calleeNode, depth);
    if (required !== undefined) return required;
    const spread = readSpreadHelper(node, calleeNode, (arg) => this.evaluate(arg, depth + 1));
    if (spread !== undefined) return spread;
    const callee = this.evaluate(calleeNode, depth + 1);
    if (callee instanceof Unreadable) {
      const name = getCalleeName(calleeNode);
      const isPlainCall = calleeNode.type === 'Identifier' || (calleeNode.type === 'MemberExpression' && this.isGlobalMember(calleeNode));
      const isCycle = /itself|cycle/.test(callee.reason);
      if (!isPlainCall || !name || isCycle) return callee;
      // `Number.parseInt(process.env.LIMIT ?? '5000')`: the result depends on the variable its argument does.
      return findEnvironmentArgument(node, (arg) => this.evaluate(arg, depth + 1)) ?? new Unreadable(`a call of \`${name}()\`, known only at run time`, node);
    }
    if (isGap(callee)) return callee;
    if (isBuilderRef(callee)) {
      const args = this.evaluateArguments(node, depth, callee.name);
      // `z.enum(loadRegions())`: a schema whose builder's argument is unknown is a stand-in, its methods still apply.
      if (args instanceof Unreadable) return this.orStandIn(args);
      const filled = this.partly ? fillGaps(args, callee.flavor, this.context.filePath) : args;
      return invoke(() => callee.fn(...filled), node);
    }
    const project = getProjectFunction(callee);
    if (project) {
      const { node: fn, context } = project;
      const args = this.evaluateLooseArguments(node, depth);
      const evaluator = context.program === this.context.program ? this : new Evaluator(context);
      const result = evaluator.callFunction(fn, args, depth + 1);
      const name = getCalleeName(calleeNode);
      // Name the helper: "a function whose result…" says nothing about which one.
      if (result instanceof Unreadable && result.node === fn && name && result.reason.startsWith('a function whose result')) {
        const detail = result.reason.indexOf(' (');
        return new Unreadable(`\`${name}()\` builds its result with statements toolslim does not run${detail >= 0 ? result.reason.slice(detail) : ''}`, node);
      }
      return result;
    }
    if (isMethodRef(callee)) {
      let args = this.evaluateArguments(node, depth, callee.name);
      const onSchema = isZodSchema(callee.target);
      if (args instanceof Unreadable) {
        // A partial reading keeps the schema without the method whose argument is unknown (`.default(fromConfig)`).
        if (!this.partly || !onSchema) return args;
        recordGaps([args]);
        return callee.target;
      }
      if (this.partly && onSchema) args = fillGaps(args, getFlavor(callee.target), this.context.filePath);
      const method = (callee.target as Record<string, unknown>)[callee.name];
      if (typeof method !== 'function') return new Unreadable(`\`.${callee.name}()\` does not exist on this schema`, node);
      const call = args;
      return invoke(() => (method as (...a: unknown[]) => unknown).apply(callee.target, call), node);
    }
    return new Unreadable('a call of a function that is not a schema builder', node);
  }

  /** Arguments of a project function: an unknown one stays unknown (it matters only if the body reads it). */
  private evaluateLooseArguments(node: TSESTree.CallExpression, depth: number): unknown[] {
    const out: unknown[] = [];
    for (const arg of node.arguments) {
      if (arg.type === 'SpreadElement') {
        const spread = this.evaluate(arg.argument, depth + 1);
        if (Array.isArray(spread)) out.push(...(spread as unknown[]));
        else return out;
        continue;
      }
      out.push(this.evaluate(arg, depth + 1));
    }
    return out;
  }

  /** `require('zod')` in compiled CommonJS, also through tsc's `__importStar` / `__importDefault` helpers. */
  private evaluateRequire(node: TSESTree.CallExpression, callee: Node, depth: number): unknown {
    if (callee.type !== 'Identifier' || node.arguments.length !== 1) return undefined;
    const arg = node.arguments[0];
    if (isImportHelper(callee.name) && arg.type !== 'SpreadElement') {
      const inner = unwrap(arg);
      return inner.type === 'CallExpression' ? this.evaluate(inner, depth + 1) : undefined;
    }
    if (callee.name !== 'require' || Scope.of(this.context.program).resolve(callee)) return undefined;
    if (arg.type !== 'Literal' || typeof arg.value !== 'string') return new Unreadable('a `require()` of a module that is not named statically', node);
    return this.evaluateImport(callee, `require('${arg.value}')`, arg.value, '*');
  }

  /**
   * `Date.now`, `os.platform` on a name that is neither declared nor imported here: the call is the
   * reason. For an import or a call chain the inner reason (which module, which method) says more.
   */
  private isGlobalMember(node: TSESTree.MemberExpression): boolean {
    const object = unwrap(node.object);
    if (object.type !== 'Identifier') return false;
    const scope = Scope.of(this.context.program);
    return !scope.resolve(object) && !scope.getImport(object.name);
  }

  private evaluateNew(node: TSESTree.NewExpression, depth: number): unknown {
    const callee = unwrap(node.callee);
    if (callee.type === 'Identifier' && callee.name === 'Set' && !Scope.of(this.context.program).resolve(callee)) {
      const args = this.evaluateArguments(node, depth, undefined);
      if (args instanceof Unreadable) return args;
      return args.length === 0 || Array.isArray(args[0]) ? [...new Set(args[0] as unknown[] | undefined)] : new Unreadable('a `new Set` of something that is not a static array', node);
    }
    if (callee.type === 'Identifier' && callee.name === 'RegExp' && !Scope.of(this.context.program).resolve(callee)) {
      const args = this.evaluateArguments(node, depth, undefined);
      if (args instanceof Unreadable) return args;
      return invoke(() => new RegExp(args[0] as string, args[1] as string | undefined), node);
    }
    return new Unreadable('a `new` expression', node);
  }

  /** `() => value` with a static body, for `.default(() => [])` and `z.lazy(() => X)`. */
  private evaluateArrow(node: TSESTree.ArrowFunctionExpression, depth: number): unknown {
    // An async function is a value like any other (a handler in a definition); only a call of it is unknown.
    if (node.async) return this.getFunction(node);
    if (node.params.length > 0 || isInsideFrame(node, this.context.program)) return this.getFunction(node);
    let body: Node | undefined = node.body;
    if (body.type === 'BlockStatement') {
      const only = body.body.length === 1 ? body.body[0] : undefined;
      body = only?.type === 'ReturnStatement' && only.argument ? only.argument : undefined;
    }
    if (!body) return this.getFunction(node);
    const value = this.evaluate(body, depth + 1);
    // `z.lazy(() => Node)` inside `Node` itself: zod calls the function once `Node` has its value, and so
    // does the stand-in, which reads the body again then (zod's JSON Schema then refers to it, `$ref`).
    if (value instanceof SelfReference) return this.getFunction(node);
    // A body that cannot be known (`() => discover()` where `discover(home = os.homedir())`) is still a
    // function: a definition holding it as its handler stays readable; a call of it is what is unknown.
    if (value instanceof Unreadable) return this.getFunction(node);
    const constant = () => value;
    // Called by the project (`lenientString()`), it runs afresh, as each call builds a new schema at run time.
    registerProjectFunction(constant, { node, context: this.context });
    return constant;
  }

  private evaluateArguments(node: TSESTree.CallExpression | TSESTree.NewExpression, depth: number, calleeName: string | undefined): unknown[] | Unreadable {
    const stand = calleeName !== undefined && Object.hasOwn(CALLBACK_METHODS, calleeName) ? CALLBACK_METHODS[calleeName] : undefined;
    const out: unknown[] = [];
    for (const [index, arg] of node.arguments.entries()) {
      if (arg.type === 'SpreadElement') {
        const spread = this.evaluate(arg.argument, depth + 1);
        if (spread instanceof Unreadable) return spread;
        if (!Array.isArray(spread)) return new Unreadable('a spread argument that is not a static array', arg);
        out.push(...(spread as unknown[]));
        continue;
      }
      if (stand && isCallbackArgument(calleeName!, index, arg)) {
        // Refinements and transforms do not reach the JSON Schema: never run user code, use a stand-in.
        out.push(index === 0 || isFunctionNode(arg) ? stand : undefined);
        continue;
      }
      const value = this.evaluate(arg, depth + 1);
      if (value instanceof Unreadable) return value;
      out.push(value);
    }
    return out;
  }
}
