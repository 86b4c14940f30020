/**
 * Static evaluation of a schema expression into a real value: plain JSON, RegExps, same-file constants
 * and TS enums, and zod schemas rebuilt by calling the real zod (only whitelisted builders and methods,
 * with statically known arguments). User callbacks (`refine`, `transform`, `preprocess`) are never run:
 * a stand-in takes their place because they do not change the JSON Schema.
 *
 * Values are memoised per declaration so that a constant used twice is the same object twice, as at
 * run time: zod-to-json-schema turns the second use into a `$ref`, and exact bytes depend on it.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getCalleeName, getPropertyName, unwrap, type Program } from '../ast.js';
import type { DynamicText, ModuleBinding, ModuleResolver, Node } from '../model.js';
import { enter, leave, MAX_DEPTH, step } from '../text/budget.js';
import { evaluateText } from '../text/evaluate.js';
import { getExportsMemberName, Scope } from '../text/scope.js';
import { Unreadable } from '../resolve/unreadable.js';
import {
  CALLBACK_METHODS,
  getNamespaceMember,
  getZodFlavor,
  getLibraryModule,
  isLibraryModuleSource,
  getZodNamespace,
  isBuilderRef,
  isZodNamespace,
  isZodSchema,
  SCHEMA_METHODS,
  SCHEMA_PROPERTIES,
  type ModuleRef,
} from './zod-api.js';

export interface ValueContext {
  readonly program: Program;
  readonly filePath: string;
  readonly zodVersion: 3 | 4;
  readonly resolveConstant?: import('../model.js').ConstantResolver;
  readonly resolveModule?: ModuleResolver;
}

/** Why a value cannot be known statically, and where (the one type every evaluator returns). */
export { Unreadable };

/**
 * Text whose value is known only at run time but whose static parts are known (a definition's description
 * with a run-time notice appended in a loop): the parts are a lower bound, never the value.
 */
export class UnreadableText extends Unreadable {
  constructor(
    reason: string,
    node: Node,
    readonly text: DynamicText,
  ) {
    super(reason, node);
  }
}

/** The elements of a collection a loop runs over, traced through filters, maps and helpers (`find-tools/loops.ts`). */
export class TracedList {
  constructor(readonly elements: readonly unknown[]) {}
}

/** A method of a zod schema, read but not called yet (`schema.optional`). */
interface MethodRef {
  readonly kind: 'method';
  readonly target: object;
  readonly name: string;
}


/** Another module of the project, imported as a namespace (`import * as schemas from './schemas'`). */
interface NamespaceRef {
  readonly kind: 'namespace';
  readonly program: Program;
  readonly filePath: string;
}

/** A function of the project (helper, template builder) the evaluator can call: its node and where it is. */
interface UserFunction {
  readonly node: FunctionLike;
  readonly context: ValueContext;
}

export type FunctionLike = TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression | TSESTree.FunctionDeclaration;

/** Parameters bound while a project function's body (or a loop's body, for its loop variable) is evaluated. */
interface Frame {
  readonly fn: Node;
  readonly program: Program;
  readonly bindings: Map<string, unknown>;
}

/** JS functions standing for project functions, so zod (`z.lazy`, `.default(fn)`) and calls can run them. */
const userFunctions = new WeakMap<object, UserFunction>();
const functionWrappers = new WeakMap<Program, WeakMap<Node, (...args: unknown[]) => unknown>>();
/** Shared by every evaluator of a run, so cycles and recursion are seen across files. */
const frames: Frame[] = [];
const inProgress = new Set<Node>();

const memos = new WeakMap<Program, Map<3 | 4, WeakMap<Node, unknown>>>();

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

/**
 * Run `read` with names bound inside `scope` (a function's parameters, a loop's variable): identifiers
 * inside `scope` read the bound values, and constants declared inside it are not memoised.
 */
export function withBindings<T>(scope: Node, program: Program, bindings: ReadonlyMap<string, unknown>, read: () => T): T {
  frames.push({ fn: scope, program, bindings: new Map(bindings) });
  try {
    return read();
  } finally {
    frames.pop();
  }
}

/** What `params` bind when called with `args` (defaults and destructuring as at run time). */
export function bindParameters(params: readonly Node[], args: readonly unknown[], context: ValueContext): Map<string, unknown> {
  const bindings = new Map<string, unknown>();
  new Evaluator(context).bindAll(params, args, bindings, 0);
  return bindings;
}

/** The project function a value stands for (from `evaluateValue` of its name), with the module it is in. */
export function getProjectFunction(value: unknown): { readonly node: FunctionLike; readonly context: ValueContext } | undefined {
  return typeof value === 'function' ? userFunctions.get(value) : undefined;
}

class Evaluator {
  private readonly memo: WeakMap<Node, unknown>;

  constructor(private readonly context: ValueContext) {
    let byVersion = memos.get(context.program);
    if (!byVersion) {
      byVersion = new Map();
      memos.set(context.program, byVersion);
    }
    let memo = byVersion.get(context.zodVersion);
    if (!memo) {
      memo = new WeakMap();
      byVersion.set(context.zodVersion, memo);
    }
    this.memo = memo;
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
      case 'ConditionalExpression': {
        const test = this.evaluate(node.test, depth + 1);
        if (test instanceof Unreadable) {
          const variable = isEnvironmentDependent(test) ? /process\.env\.\S+/.exec(test.reason)?.[0] : undefined;
          return new Unreadable(variable ? `a conditional that depends on ${variable}` : 'a conditional whose condition is known only at run time', node);
        }
        return this.evaluate(test ? node.consequent : node.alternate, depth + 1);
      }
      case 'LogicalExpression':
        return this.evaluateLogical(node, depth);
      case 'TemplateElement':
        return new Unreadable('a template part', node);
      default:
        return new Unreadable(`${describe(node)} cannot be evaluated statically`, node);
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
    const text = evaluateText(node, this.context);
    if (text.kind === 'static') return text.value;
    return new Unreadable(text.reason, text.dynamicNodes[0] ?? node);
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
    const isPrimitive = (v: unknown) => v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v);
    if (!isPrimitive(left) || !isPrimitive(right)) return node.operator === '===' ? left === right : node.operator === '!==' ? left !== right : undefined;
    const l = left as number;
    const r = right as number;
    switch (node.operator) {
      case '+':
        return typeof l === 'number' && typeof r === 'number' ? l + r : undefined;
      case '-':
        return l - r;
      case '*':
        return l * r;
      case '/':
        return l / r;
      case '%':
        return l % r;
      case '===':
        return l === r;
      case '!==':
        return l !== r;
      case '==':
        return l == r;
      case '!=':
        return l != r;
      case '<':
        return l < r;
      case '>':
        return l > r;
      case '<=':
        return l <= r;
      case '>=':
        return l >= r;
      default:
        return undefined;
    }
  }

  private evaluateUnary(node: TSESTree.UnaryExpression, depth: number): unknown {
    const value = this.evaluate(node.argument, depth + 1);
    if (value instanceof Unreadable) return value;
    if (node.operator === '-' && typeof value === 'number') return -value;
    if (node.operator === '+' && typeof value === 'number') return value;
    // `!0` and `!1` are how minifiers write `true` and `false`.
    if (node.operator === '!' && (value === null || ['boolean', 'number', 'string', 'undefined'].includes(typeof value))) return !value;
    if (node.operator === 'void') return undefined;
    return new Unreadable(`a \`${node.operator}\` expression`, node);
  }

  private evaluateArray(node: TSESTree.ArrayExpression, depth: number): unknown {
    const out: unknown[] = [];
    for (const element of node.elements) {
      if (!element) return new Unreadable('an array with a hole', node);
      if (element.type === 'SpreadElement') {
        const spread = this.evaluate(element.argument, depth + 1);
        if (spread instanceof Unreadable) return spread;
        if (!Array.isArray(spread)) return new Unreadable('a spread of something that is not a static array', element);
        out.push(...(spread as unknown[]));
        continue;
      }
      const value = this.evaluate(element, depth + 1);
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
        if (spread instanceof Unreadable) return spread;
        if (!isPlainObject(spread)) return new Unreadable('a spread of something that is not a static object', property);
        Object.assign(out, spread);
        continue;
      }
      if (property.kind !== 'init') return new Unreadable('an object with a getter or setter', property);
      // `{ schema, render(data) { … } }`: a method is a function like any other member; only a call of it needs its body.
      if (property.method && property.value.type === 'FunctionExpression' && !property.computed) {
        defineValue(out, getPropertyName(property) ?? '', this.getFunction(property.value));
        continue;
      }
      const key = property.computed ? this.evaluate(property.key, depth + 1) : getPropertyName(property);
      if (key instanceof Unreadable) return key;
      if (typeof key !== 'string' && typeof key !== 'number') return new Unreadable('a computed key that is not static', property.key);
      const value = this.evaluate(property.value, depth + 1);
      if (value instanceof Unreadable) return value;
      defineValue(out, String(key), value);
    }
    return out;
  }

  private evaluateIdentifier(node: TSESTree.Identifier, depth: number): unknown {
    if (node.name === 'undefined') return undefined;
    if (node.name === 'Infinity') return Infinity;
    if (node.name === 'NaN') return NaN;
    const bound = this.findBinding(node);
    if (bound) return bound.value;
    const scope = Scope.of(this.context.program);
    const init = scope.resolve(node);
    if (init) {
      if (init.type === 'ObjectExpression' && init.properties.length === 0 && getBundledZodNamespaces(this.context.program).has(node.name)) {
        return getZodNamespace(4, this.context.filePath);
      }
      if (init.type === 'FunctionDeclaration') return this.getFunction(init);
      if (init.type === 'ClassDeclaration') return new Unreadable(`\`${node.name}\` is a class`, node);
      return this.evaluateDeclared(init, depth);
    }
    const imported = scope.getImport(node.name);
    if (imported) return this.evaluateImport(node, node.name, imported.source, imported.importedName, depth);
    // The scope's walk records enums too, so no second walk of the file looks for them.
    const enumDeclaration = scope.getFirstEnum(node.name);
    if (enumDeclaration) return this.evaluateDeclared(enumDeclaration, depth);
    return new Unreadable(`\`${node.name}\` is not a constant of this file`, node);
  }

  /** A parameter of a project function being called, when `node` is inside it. */
  private findBinding(node: TSESTree.Identifier): { value: unknown } | undefined {
    for (let i = frames.length - 1; i >= 0; i--) {
      const frame = frames[i];
      if (frame.program !== this.context.program || !frame.bindings.has(node.name)) continue;
      if (frame.fn.range[0] <= node.range[0] && node.range[1] <= frame.fn.range[1]) return { value: frame.bindings.get(node.name) };
    }
    return undefined;
  }

  /** A declaration's value, computed once per program so that reuse keeps object identity. */
  private evaluateDeclared(init: Node, depth: number): unknown {
    // Constants inside a function being called depend on its arguments: never memoised.
    const local = frames.some((f) => f.program === this.context.program && f.fn.range[0] <= init.range[0] && init.range[1] <= f.fn.range[1]);
    if (!local && this.memo.has(init)) return this.memo.get(init);
    if (inProgress.has(init)) return new Unreadable('a value that refers to itself', init);
    inProgress.add(init);
    let value: unknown;
    try {
      if (init.type === 'TSEnumDeclaration') value = this.evaluateEnum(init, depth);
      else if (init.type === 'FunctionDeclaration') value = this.getFunction(init);
      else if (init.type === 'ClassDeclaration' || init.type === 'ClassExpression') value = new Unreadable('a class', init);
      else value = this.evaluate(init, depth + 1);
    } finally {
      inProgress.delete(init);
    }
    if (!local) this.memo.set(init, value);
    return value;
  }

  /** The callable stand-in for a project function (one per function node, so identity is stable). */
  private getFunction(node: FunctionLike): unknown {
    let byNode = functionWrappers.get(this.context.program);
    if (!byNode) {
      byNode = new WeakMap();
      functionWrappers.set(this.context.program, byNode);
    }
    let wrapper = byNode.get(node);
    if (!wrapper) {
      const context = this.context;
      wrapper = (...args: unknown[]) => {
        const value = new Evaluator(context).callFunction(node, args, 0);
        if (value instanceof Unreadable) throw new Error(value.reason);
        return value;
      };
      userFunctions.set(wrapper, { node, context });
      byNode.set(node, wrapper);
    }
    return wrapper;
  }

  /**
   * Call a project function whose result can be computed: a body that is one expression, or constants
   * and one final `return`. Arguments that are unknown stay unknown; a result that needs them is unreadable.
   */
  callFunction(fn: FunctionLike, args: readonly unknown[], depth: number): unknown {
    if (fn.async || fn.generator) return new Unreadable('an async function', fn);
    if (inProgress.has(fn)) return new Unreadable('a helper that calls itself', fn);
    const body = getReturnedExpression(fn);
    if (!body) return new Unreadable('a function whose result depends on statements toolslim does not run', fn);
    const bindings = new Map<string, unknown>();
    this.bindAll(fn.params, args, bindings, depth);
    frames.push({ fn, program: this.context.program, bindings });
    inProgress.add(fn);
    try {
      return this.evaluate(body, depth + 1);
    } finally {
      inProgress.delete(fn);
      frames.pop();
    }
  }

  bindAll(params: readonly Node[], args: readonly unknown[], bindings: Map<string, unknown>, depth: number): void {
    for (const [index, param] of params.entries()) {
      if (param.type === 'RestElement') {
        if (param.argument.type === 'Identifier') bindings.set(param.argument.name, args.slice(index));
        continue;
      }
      this.bindParameter(param, args[index], bindings, depth);
    }
  }

  private bindParameter(param: Node, arg: unknown, bindings: Map<string, unknown>, depth: number): void {
    switch (param.type) {
      case 'Identifier':
        bindings.set(param.name, arg);
        return;
      case 'AssignmentPattern':
        this.bindParameter(param.left, arg === undefined ? this.evaluate(param.right, depth + 1) : arg, bindings, depth);
        return;
      case 'ObjectPattern':
        for (const property of param.properties) {
          if (property.type === 'RestElement') {
            if (property.argument.type === 'Identifier') bindings.set(property.argument.name, new Unreadable('a rest of an object argument', property));
            continue;
          }
          const key = property.computed ? undefined : getPropertyName(property);
          let value: unknown;
          if (arg instanceof Unreadable) value = arg;
          else if (key !== undefined && isPlainObject(arg)) value = Object.hasOwn(arg, key) ? arg[key] : undefined;
          else if (arg === undefined || arg === null) value = new Unreadable('a property of a missing argument', property);
          else value = new Unreadable('a property of an argument that is not a static object', property);
          this.bindParameter(property.value, value, bindings, depth);
        }
        return;
      case 'TSParameterProperty':
        this.bindParameter(param.parameter, arg, bindings, depth);
        return;
      case 'ArrayPattern':
        param.elements.forEach((element, index) => {
          if (!element) return;
          if (element.type === 'RestElement') {
            if (element.argument.type === 'Identifier') bindings.set(element.argument.name, Array.isArray(arg) ? arg.slice(index) : new Unreadable('a rest of an argument', element));
            return;
          }
          this.bindParameter(element, Array.isArray(arg) ? arg[index] : new Unreadable('an element of an argument that is not a static array', element), bindings, depth);
        });
        return;
      default:
        return;
    }
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
    const flavor = getZodFlavor(source, this.context.zodVersion);
    const known = flavor !== undefined || isLibraryModuleSource(source);
    if (this.context.resolveModule && !resolved && (isRelativeSource(source) || !known)) {
      return this.evaluateBinding(this.context.resolveModule.resolveImport(this.context.filePath, source, importedName), node, local, depth);
    }
    if (flavor !== undefined) {
      const ns = getZodNamespace(flavor, this.context.filePath);
      if (importedName === '*') return ns;
      return getNamespaceMember(ns, importedName) ?? new Unreadable(`\`${importedName}\` of '${source}' is not a schema builder`, node);
    }
    const module = getLibraryModule(source, this.context.filePath);
    if (module) {
      if (importedName === '*') return module;
      return module.members[importedName] ?? new Unreadable(`\`${importedName}\` of '${source}' is not understood`, node);
    }
    // A constant imported from another file: only text can come through the resolver hook.
    if (importedName !== '*' && this.context.resolveConstant) {
      const resolved = this.context.resolveConstant({ local: node, importedName, source, fromFile: this.context.filePath });
      if (resolved) return resolved.value;
    }
    return new Unreadable(`\`${local}\` is imported from '${source}'`, node);
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
    const object = this.evaluate(node.object, depth + 1);
    if (object instanceof Unreadable) return object;
    if (isNamespaceRef(object)) {
      const binding = this.context.resolveModule?.resolveExport(object.filePath, name);
      return binding ? this.evaluateBinding(binding, node.property as TSESTree.Identifier, name, depth) : new Unreadable(`\`${name}\` of another module`, node);
    }
    if (isZodNamespace(object)) {
      return getNamespaceMember(object, name) ?? new Unreadable(`\`${name}\` is not a zod builder toolslim reads`, node);
    }
    if (isModuleRef(object)) return object.members[name] ?? new Unreadable(`\`${name}\` is not understood`, node);
    if (isZodSchema(object)) {
      // `.parse(json)` of static data: the data as the program sees it once validated (defaults, stripped keys).
      if (SCHEMA_METHODS.has(name) || name === 'parse') return { kind: 'method', target: object as object, name } satisfies MethodRef;
      if (SCHEMA_PROPERTIES.has(name)) return readProperty(object as object, name, node);
      return new Unreadable(`\`.${name}\` of a zod schema is not read statically`, node);
    }
    if (Array.isArray(object)) {
      if (name === 'length') return object.length;
      if (/^\d+$/.test(name)) return object[Number(name)];
      if (ARRAY_METHODS.has(name)) return { kind: 'method', target: object, name } satisfies MethodRef;
      return new Unreadable(`\`.${name}\` of an array`, node);
    }
    if (typeof object === 'string') {
      if (name === 'length') return object.length;
      if (STRING_METHODS.has(name)) return { kind: 'method', target: Object(object) as object, name } satisfies MethodRef;
      return new Unreadable(`\`.${name}\` of a string`, node);
    }
    if (isPlainObject(object)) {
      if (Object.hasOwn(object, name)) return object[name];
      // A definition bound to a loop variable or a parameter (`definition.outputSchema` of the definitions that
      // have none) reads a key it lacks as `undefined`, as at run time. A constant's missing key stays unknown:
      // code may add it later (`options.flag = …`), and a branch must not be dropped on a guess.
      const target = unwrap(node.object);
      const bound = target.type === 'Identifier' && this.findBinding(target) !== undefined;
      return bound && !(name in Object.prototype) ? undefined : new Unreadable(`\`${name}\` is not a key of the object`, node);
    }
    return new Unreadable(`a property read on ${describeValue(object)}`, node);
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

  /**
   * `__spreadValues(__spreadValues({}, a), b)` (esbuild), `__spreadProps(a, __getOwnPropDescs(b))`,
   * `_objectSpread2({}, a)` (Babel), `__assign({}, a, b)` (tsc): how compilers write `{ ...a, ...b }`
   * for older targets. Read as the spread it stands for; undefined when the call is no such helper.
   */
  private evaluateSpreadHelper(node: TSESTree.CallExpression, callee: Node, depth: number): unknown {
    if (callee.type !== 'Identifier' || !SPREAD_HELPERS.test(callee.name)) return undefined;
    const out: Record<string, unknown> = {};
    for (const arg of node.arguments) {
      if (arg.type === 'SpreadElement') return new Unreadable('a spread argument', arg);
      const inner = unwrap(arg);
      // `__getOwnPropDescs(b)` hands `b`'s properties over: its value is `b`'s.
      const source = inner.type === 'CallExpression' && inner.callee.type === 'Identifier' && PROPERTY_DESCRIPTOR_HELPERS.test(inner.callee.name) && inner.arguments[0] ? inner.arguments[0] : arg;
      const value = this.evaluate(source as Node, depth + 1);
      if (value instanceof Unreadable) return value;
      if (value === undefined || value === null) continue;
      if (!isPlainObject(value)) return new Unreadable(`\`${callee.name}()\` of a value that is not a plain object`, arg);
      for (const [key, item] of Object.entries(value)) defineValue(out, key, item);
    }
    return out;
  }

  private evaluateCall(node: TSESTree.CallExpression, depth: number): unknown {
    const calleeNode = unwrap(node.callee);
    // `Object.keys(X)` and friends on static objects.
    if (
      calleeNode.type === 'MemberExpression' &&
      calleeNode.object.type === 'Identifier' &&
      calleeNode.object.name === 'Object' &&
      !Scope.of(this.context.program).resolve(calleeNode.object)
    ) {
      const name = getMemberName(calleeNode);
      const fn = name ? STATIC_OBJECT_FUNCTIONS[name] : undefined;
      if (!fn) return new Unreadable(`\`Object.${name ?? '…'}()\``, node);
      const args = this.evaluateArguments(node, depth, undefined);
      return args instanceof Unreadable ? args : fn(...args);
    }
    const required = this.evaluateRequire(node, calleeNode, depth);
    if (required !== undefined) return required;
    const spread = this.evaluateSpreadHelper(node, calleeNode, depth);
    if (spread !== undefined) return spread;
    const callee = this.evaluate(calleeNode, depth + 1);
    if (callee instanceof Unreadable) {
      const name = getCalleeName(calleeNode);
      const isPlainCall = calleeNode.type === 'Identifier' || (calleeNode.type === 'MemberExpression' && this.isGlobalMember(calleeNode));
      const isCycle = /itself|cycle/.test(callee.reason);
      return isPlainCall && name && !isCycle ? new Unreadable(`a call of \`${name}()\`, known only at run time`, node) : callee;
    }
    if (isBuilderRef(callee)) {
      const args = this.evaluateArguments(node, depth, callee.name);
      if (args instanceof Unreadable) return args;
      return invoke(() => callee.fn(...args), node);
    }
    if (typeof callee === 'function' && userFunctions.has(callee)) {
      const { node: fn, context } = userFunctions.get(callee)!;
      const args = this.evaluateLooseArguments(node, depth);
      const evaluator = context.program === this.context.program ? this : new Evaluator(context);
      const result = evaluator.callFunction(fn, args, depth + 1);
      const name = getCalleeName(calleeNode);
      // Name the helper: "a function whose result…" says nothing about which one.
      if (result instanceof Unreadable && result.node === fn && name && result.reason.startsWith('a function whose result')) {
        return new Unreadable(`\`${name}()\` builds its result with statements toolslim does not run`, node);
      }
      return result;
    }
    if (isMethodRef(callee)) {
      const args = this.evaluateArguments(node, depth, callee.name);
      if (args instanceof Unreadable) return args;
      const method = (callee.target as Record<string, unknown>)[callee.name];
      if (typeof method !== 'function') return new Unreadable(`\`.${callee.name}()\` does not exist on this schema`, node);
      return invoke(() => (method as (...a: unknown[]) => unknown).apply(callee.target, args), node);
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
    if (/^__import(?:Star|Default)$/.test(callee.name) && arg.type !== 'SpreadElement') {
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
    if (node.async) return new Unreadable('a function', node);
    if (node.params.length > 0 || isInsideFrame(node, this.context.program)) return this.getFunction(node);
    let body: Node | undefined = node.body;
    if (body.type === 'BlockStatement') {
      const only = body.body.length === 1 ? body.body[0] : undefined;
      body = only?.type === 'ReturnStatement' && only.argument ? only.argument : undefined;
    }
    if (!body) return this.getFunction(node);
    const value = this.evaluate(body, depth + 1);
    if (value instanceof Unreadable) return value;
    const constant = () => value;
    // Called by the project (`lenientString()`), it runs afresh, as each call builds a new schema at run time.
    userFunctions.set(constant, { node, context: this.context });
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

/**
 * Which arguments of a callback method are the callback or its options: for `z.preprocess(fn, schema)`
 * only the first, for `.refine(fn, message)`, `.transform(fn)` and `z.custom(fn)` all of them.
 */
function isCallbackArgument(name: string, index: number, arg: Node): boolean {
  if (name === 'preprocess') return index === 0;
  if (name === 'custom') return index === 0 && isFunctionNode(arg);
  if (name === 'check') return isFunctionNode(arg);
  return true;
}

function isFunctionNode(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'Identifier';
}

/** Call into zod; whatever it throws becomes the reason the schema is unreadable, never an exception. */
function invoke(call: () => unknown, node: Node): unknown {
  try {
    return call();
  } catch (error) {
    return new Unreadable(`zod rejected the schema: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, node);
  }
}

function readProperty(target: object, name: string, node: Node): unknown {
  try {
    return (target as Record<string, unknown>)[name];
  } catch {
    return new Unreadable(`\`.${name}\` cannot be read`, node);
  }
}

/** Object-spread helpers compilers and bundlers emit (names may carry a numeric suffix after bundling). */
const SPREAD_HELPERS = /^(?:__spreadValues|__spreadProps|_objectSpread2?|__assign|_extends)\d*$/;
const PROPERTY_DESCRIPTOR_HELPERS = /^(?:__getOwnPropDescs|Object\.getOwnPropertyDescriptors)\d*$/;

const STATIC_OBJECT_FUNCTIONS: Readonly<Record<string, (...args: unknown[]) => unknown>> = {
  keys: (value) => (isPlainObject(value) ? Object.keys(value) : []),
  values: (value) => (isPlainObject(value) ? Object.values(value) : []),
  entries: (value) => (isPlainObject(value) ? Object.entries(value) : []),
  freeze: (value) => value,
  assign: (...values) => Object.assign({}, ...values.filter(isPlainObject)),
};

function defineValue(target: Record<string, unknown>, key: string, value: unknown): void {
  // `__proto__: x` in a literal sets the prototype; as data it must stay an ordinary key.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A value that depends on an environment variable (directly or through a constant computed from one). */
export function isEnvironmentDependent(value: Unreadable): boolean {
  return value.reason.includes('depends on process.env.');
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Methods of arrays and strings that compute a value from their arguments (callbacks are project functions). */
const ARRAY_METHODS = new Set(['join', 'concat', 'slice', 'map', 'filter', 'flatMap', 'flat', 'includes', 'indexOf', 'find', 'some', 'every', 'at', 'reduce']);
const STRING_METHODS = new Set([
  'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'slice', 'substring', 'concat', 'replace', 'replaceAll', 'split',
  'repeat', 'padStart', 'padEnd', 'startsWith', 'endsWith', 'includes', 'indexOf', 'at', 'charAt',
]);

function isRelativeSource(source: string): boolean {
  return source.startsWith('./') || source.startsWith('../') || source === '.' || source === '..';
}

function isNamespaceRef(value: unknown): value is NamespaceRef {
  return typeof value === 'object' && value !== null && (value as NamespaceRef).kind === 'namespace' && 'filePath' in value;
}

function isInsideFrame(node: Node, program: Program): boolean {
  return frames.some((f) => f.program === program && f.fn.range[0] <= node.range[0] && node.range[1] <= f.fn.range[1]);
}

/** The expression a function returns: its expression body, or a block of declarations ending in one `return`. */
export function getReturnedExpression(fn: FunctionLike): Node | undefined {
  const body = fn.body;
  if (!body) return undefined;
  if (body.type !== 'BlockStatement') return body;
  const statements = body.body;
  const last = statements[statements.length - 1];
  if (last?.type !== 'ReturnStatement' || !last.argument) return undefined;
  let lazy: Node | undefined;
  for (const statement of statements.slice(0, -1)) {
    if (statement.type === 'VariableDeclaration' || statement.type === 'FunctionDeclaration' || statement.type === 'EmptyStatement') continue;
    // `if (!found) throw new Error(…)`: a guard stops the call, it never changes what is returned.
    if (statement.type === 'IfStatement' && !statement.alternate && isThrowOnly(statement.consequent)) continue;
    // `if (!cache) { cache = build(); } return cache;`: a value built once is the value built.
    const assigned = getLazyInitialisation(statement);
    if (assigned && last.argument.type === 'Identifier' && assigned.name === last.argument.name) {
      lazy = assigned.value;
      continue;
    }
    return undefined;
  }
  return lazy ?? last.argument;
}

function isThrowOnly(statement: TSESTree.Statement): boolean {
  if (statement.type === 'ThrowStatement') return true;
  return statement.type === 'BlockStatement' && statement.body.length === 1 && statement.body[0].type === 'ThrowStatement';
}

/** `if (!x) { x = value; }` or `x ??= value`: the name and the value it is given once. */
function getLazyInitialisation(statement: TSESTree.Statement): { name: string; value: Node } | undefined {
  let assignment: Node | undefined;
  if (statement.type === 'ExpressionStatement') assignment = statement.expression;
  else if (statement.type === 'IfStatement' && !statement.alternate) {
    const test = statement.test;
    if (test.type !== 'UnaryExpression' || test.operator !== '!' || test.argument.type !== 'Identifier') return undefined;
    const body = statement.consequent.type === 'BlockStatement' ? statement.consequent.body : [statement.consequent];
    if (body.length !== 1 || body[0].type !== 'ExpressionStatement') return undefined;
    assignment = body[0].expression;
    if (assignment.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.left.type !== 'Identifier' || assignment.left.name !== test.argument.name) return undefined;
  }
  if (assignment?.type !== 'AssignmentExpression' || assignment.left.type !== 'Identifier') return undefined;
  if (assignment.operator !== '=' && assignment.operator !== '??=' && assignment.operator !== '||=') return undefined;
  return { name: assignment.left.name, value: assignment.right };
}

function isMethodRef(value: unknown): value is MethodRef {
  return typeof value === 'object' && value !== null && (value as MethodRef).kind === 'method' && 'target' in value;
}

function isModuleRef(value: unknown): value is ModuleRef {
  return typeof value === 'object' && value !== null && (value as ModuleRef).kind === 'module' && 'members' in value;
}

function getMemberName(node: TSESTree.MemberExpression): string | undefined {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.property.type === 'Literal' && typeof node.property.value === 'string') return node.property.value;
  return undefined;
}

function describe(node: Node): string {
  switch (node.type) {
    case 'ConditionalExpression':
      return 'a conditional';
    case 'AwaitExpression':
      return 'an awaited value';
    case 'FunctionExpression':
      return 'a function';
    case 'ThisExpression':
      return '`this`';
    default:
      return `a ${node.type}`;
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'function') return 'a function';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** zod 4 members a bundled namespace must export to be taken for zod (none of them alone says it). */
const BUNDLED_ZOD_MEMBERS = ['object', 'string', 'toJSONSchema', 'ZodType', 'ZodObject', 'ZodError', 'safeParse', 'discriminatedUnion'];
const bundledZodNamespaces = new WeakMap<Program, ReadonlySet<string>>();

/**
 * Namespaces a bundler built from zod 4's `external.js` (`var exports_external = {}; __export(exports_external,
 * { object: () => object, ZodType: () => ZodType, … })`, as bun and esbuild write them): read as the zod
 * installed beside the bundle, which the package depends on. Only a top-level `__export` of an object whose
 * keys include every one of zod's marker names counts.
 */
function getBundledZodNamespaces(program: Program): ReadonlySet<string> {
  let names = bundledZodNamespaces.get(program);
  if (names) return names;
  const found = new Set<string>();
  for (const statement of program.body) {
    if (statement.type !== 'ExpressionStatement') continue;
    const call = statement.expression;
    if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier' || !/^__export\d*$/.test(call.callee.name)) continue;
    const [target, members] = call.arguments;
    if (target?.type !== 'Identifier' || members?.type !== 'ObjectExpression') continue;
    const keys = new Set(members.properties.map((p) => (p.type === 'Property' ? getPropertyName(p) : undefined)));
    if (BUNDLED_ZOD_MEMBERS.every((key) => keys.has(key))) found.add(target.name);
  }
  names = found;
  bundledZodNamespaces.set(program, names);
  return names;
}
