/**
 * Running a short function body whose result is built by statements (`const lines = [doc.title]; if
 * (doc.notes.length) lines.push('', 'Notes:'); for (const note of doc.notes) lines.push(`- ${note}`);
 * return lines.join('\n');`): local bindings, assignments and `+=` to them, `push` onto arrays the body
 * made itself, `delete` of a property of an object it made (a literal, or a library's new result such as
 * `zodToJsonSchema(X)`), conditionals, `switch` and loops over values known statically, and `return`. Anything else (a call
 * for its effect, a condition known only at run time, `try`, a write to something the body did not make)
 * stops the run with a reason, and so does a body that runs too long: the result is then unreadable,
 * never a guess. Nothing outside the body is ever changed.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { unwrap, type Program } from '../../ast.js';
import type { Node } from '../../model.js';
import { Unreadable } from '../../resolve/unreadable.js';
import { inFrame } from './call-frames.js';
import type { FunctionLike } from './context.js';
import { getMemberName } from './members.js';
import { applyBinaryOperator } from './operators.js';
import { bindAll } from './parameters.js';
import { isGap } from './partial.js';
import { defineValue, isPlainObject } from './plain-data.js';

/** Statements one call may run (loop bodies counted each time), and iterations one loop may make. */
export const MAX_STATEMENTS = 2_000;
export const MAX_ITERATIONS = 500;

/** What running the body needs from the evaluator: the value of an expression with the frames in force. */
export interface StatementHost {
  readonly program: Program;
  evaluate(node: Node, depth: number): unknown;
  /** Whether this call is a library function's that returns a new value each time (never one held elsewhere). */
  isNewFromLibrary?(node: TSESTree.CallExpression): boolean;
}

type Completion = { readonly kind: 'normal' } | { readonly kind: 'return'; readonly value: unknown } | { readonly kind: 'break' } | { readonly kind: 'continue' };

const NORMAL: Completion = { kind: 'normal' };
const BREAK: Completion = { kind: 'break' };
const CONTINUE: Completion = { kind: 'continue' };

/** A block's own names, bound while it runs (the function's frame for its body, a new one for each inner block). */
interface Block {
  readonly node: Node;
  readonly bindings: Map<string, unknown>;
}

/** A statement or expression the runner does not run (or a run too long to follow). */
export class UnrunStatement extends Unreadable {}

/** Why a run stopped; thrown inside the runner only and turned into the result `Unreadable`. */
class Stop {
  constructor(readonly unreadable: Unreadable) {}
}

/**
 * The value `fn` returns when its block body is run with `bindings` (its parameters) in force, or why it
 * cannot be known. Never throws.
 */
export function runFunctionBody(fn: FunctionLike, bindings: Map<string, unknown>, host: StatementHost, depth: number): unknown {
  const body = fn.body;
  if (body?.type !== 'BlockStatement') return new Unreadable('a function without a block body', fn);
  const runner = new Runner(host, depth);
  try {
    const done = runner.runStatements(body.body, { node: fn, bindings });
    return done.kind === 'return' ? done.value : undefined;
  } catch (error) {
    if (error instanceof Stop) return error.unreadable;
    throw error;
  }
}

class Runner {
  private statements = 0;
  private readonly blocks: Block[] = [];
  /** Arrays and objects the body built itself (literals evaluated here, a library's new result): the only values it may change. */
  private readonly owned = new WeakSet<object>();

  constructor(
    private readonly host: StatementHost,
    private readonly depth: number,
  ) {}

  /** Run a block's statements with its names bound (in the evaluator's frames too, so expressions read them). */
  runStatements(statements: readonly TSESTree.Statement[], block: Block): Completion {
    this.blocks.push(block);
    try {
      return inFrame(block.node, this.host.program, block.bindings, () => {
        for (const statement of statements) {
          const done = this.run(statement);
          if (done.kind !== 'normal') return done;
        }
        return NORMAL;
      });
    } finally {
      this.blocks.pop();
    }
  }

  private stop(reason: string, node: Node): never {
    throw new Stop(new UnrunStatement(reason, node));
  }

  /** A value the run needs now (a pushed item, a loop's collection): one that cannot be known stops the run. */
  private value(node: Node): unknown {
    const value = this.bindable(node);
    if (value instanceof Unreadable) throw new Stop(value);
    return value;
  }

  /** A value to bind to a name: one that cannot be known stays bound as such, and matters only if it is read. */
  private bindable(node: Node): unknown {
    const value = this.host.evaluate(node, this.depth + 1);
    if (value instanceof Unreadable) return value;
    const inner = unwrap(node);
    const made = inner.type === 'ArrayExpression' || inner.type === 'ObjectExpression' || (inner.type === 'CallExpression' && this.host.isNewFromLibrary?.(inner) === true);
    if (made && typeof value === 'object' && value !== null) this.owned.add(value);
    return value;
  }

  /** A condition's truth; one known only at run time stops the run. */
  private truth(node: Node): boolean {
    const value = this.host.evaluate(node, this.depth + 1);
    // The condition's own reason is kept (an environment variable stays named).
    if (value instanceof Unreadable) this.stop(`a condition known only at run time (${value.reason})`, node);
    if (isGap(value)) this.stop('a condition known only at run time', node);
    return Boolean(value);
  }

  private run(statement: TSESTree.Statement): Completion {
    if (++this.statements > MAX_STATEMENTS) this.stop('a function body that runs too many statements to follow', statement);
    switch (statement.type) {
      case 'EmptyStatement':
      case 'FunctionDeclaration':
        // A nested function is read where it is called; declaring it changes nothing.
        return NORMAL;
      case 'VariableDeclaration':
        this.declare(statement);
        return NORMAL;
      case 'ExpressionStatement':
        this.runExpression(statement.expression);
        return NORMAL;
      case 'ReturnStatement':
        return { kind: 'return', value: statement.argument ? this.value(statement.argument) : undefined };
      case 'IfStatement':
        if (this.truth(statement.test)) return this.runNested(statement.consequent);
        return statement.alternate ? this.runNested(statement.alternate) : NORMAL;
      case 'BlockStatement':
        return this.runStatements(statement.body, { node: statement, bindings: new Map() });
      case 'ForOfStatement':
        return this.runForOf(statement);
      case 'ForStatement':
        return this.runFor(statement);
      case 'WhileStatement':
      case 'DoWhileStatement':
        return this.runWhile(statement);
      case 'SwitchStatement':
        return this.runSwitch(statement);
      case 'BreakStatement':
      case 'ContinueStatement':
        if (statement.label) this.stop('a labelled jump', statement);
        return statement.type === 'BreakStatement' ? BREAK : CONTINUE;
      case 'ThrowStatement':
        return this.stop('the function throws here', statement);
      default:
        return this.stop(`a ${statement.type} toolslim does not run`, statement);
    }
  }

  /** A branch or loop body: a block gets its own names, a single statement runs in the block around it. */
  private runNested(statement: TSESTree.Statement): Completion {
    return statement.type === 'BlockStatement' ? this.runStatements(statement.body, { node: statement, bindings: new Map() }) : this.run(statement);
  }

  private declare(statement: TSESTree.VariableDeclaration): void {
    // `var` belongs to the function, `let` and `const` to the block they are in.
    const block = statement.kind === 'var' ? this.blocks[0] : this.blocks[this.blocks.length - 1];
    for (const declarator of statement.declarations) {
      const value = declarator.init ? this.bindable(declarator.init) : undefined;
      this.bindPattern(declarator.id, value, block);
    }
  }

  private bindPattern(pattern: Node, value: unknown, block: Block): void {
    bindAll([pattern], [value], block.bindings, (node) => this.value(node));
  }

  private runExpression(input: Node): void {
    const expression = unwrap(input);
    if (expression.type === 'AssignmentExpression') return this.assign(expression);
    if (expression.type === 'UpdateExpression') return this.update(expression);
    if (expression.type === 'CallExpression') return this.callForEffect(expression);
    if (expression.type === 'UnaryExpression' && expression.operator === 'delete') return this.remove(expression);
    this.stop('an expression statement toolslim does not run', expression);
  }

  /** `delete schema.$schema` on an object the body built: the property is gone from the result. */
  private remove(node: TSESTree.UnaryExpression): void {
    const argument = unwrap(node.argument);
    if (argument.type !== 'MemberExpression') return this.stop('a `delete` of something that is not a property', node);
    const target = this.value(argument.object);
    const key = argument.computed ? this.value(argument.property) : getMemberName(argument);
    if (typeof key !== 'string' && typeof key !== 'number') return this.stop('a `delete` with a key that is not static', argument);
    if (!this.isOwned(target) || Array.isArray(target)) return this.stop('a `delete` from a value the function did not build', argument);
    delete (target as Record<string, unknown>)[String(key)];
  }

  /** The block that binds a local name, innermost first; a name the body does not bind cannot be changed. */
  private findBlock(name: string, node: Node): Block {
    for (let i = this.blocks.length - 1; i >= 0; i--) if (this.blocks[i].bindings.has(name)) return this.blocks[i];
    return this.stop(`an assignment to \`${name}\`, which is not a local of the function`, node);
  }

  private assign(node: TSESTree.AssignmentExpression): void {
    const left = node.left;
    if (left.type === 'Identifier') {
      const block = this.findBlock(left.name, left);
      const right = node.operator === '=' ? this.bindable(node.right) : this.value(node.right);
      if (node.operator !== '=' && block.bindings.get(left.name) instanceof Unreadable) throw new Stop(block.bindings.get(left.name) as Unreadable);
      block.bindings.set(left.name, this.combine(node, block.bindings.get(left.name), right));
      return;
    }
    if (left.type === 'MemberExpression') {
      const target = this.value(left.object);
      const key = left.computed ? this.value(left.property) : getMemberName(left);
      if (typeof key !== 'string' && typeof key !== 'number') return this.stop('an assignment with a key that is not static', left);
      if (!this.isOwned(target)) return this.stop('an assignment to a value the function did not build', left);
      const right = this.value(node.right);
      const current = node.operator === '=' ? undefined : (target as Record<string, unknown>)[String(key)];
      if (Array.isArray(target)) {
        if (typeof key !== 'number' && !/^\d+$/.test(String(key))) return this.stop('an assignment to a property of an array', left);
        target[Number(key)] = this.combine(node, current, right);
      } else defineValue(target as Record<string, unknown>, String(key), this.combine(node, current, right));
      return;
    }
    this.stop('an assignment to a pattern', left);
  }

  /** The value `left <op>= right` gives; `+=` on text joins it. */
  private combine(node: TSESTree.AssignmentExpression, left: unknown, right: unknown): unknown {
    if (node.operator === '=') return right;
    if (node.operator === '+=' && (typeof left === 'string' || typeof right === 'string')) {
      if (!isTextPart(left) || !isTextPart(right)) return this.stop('`+=` of a value that is not text', node);
      return `${String(left)}${String(right)}`;
    }
    const operator = node.operator.slice(0, -1) as TSESTree.BinaryExpression['operator'];
    const result = applyBinaryOperator(operator, left, right);
    return result === undefined ? this.stop(`a \`${node.operator}\` toolslim does not compute`, node) : result;
  }

  private update(node: TSESTree.UpdateExpression): void {
    if (node.argument.type !== 'Identifier') return this.stop('an update of something that is not a local', node);
    const block = this.findBlock(node.argument.name, node.argument);
    const current = block.bindings.get(node.argument.name);
    if (typeof current !== 'number') return this.stop('an update of a value that is not a number', node);
    block.bindings.set(node.argument.name, node.operator === '++' ? current + 1 : current - 1);
  }

  /** `lines.push(…)` / `unshift` on an array the body built: the only call run for its effect. */
  private callForEffect(node: TSESTree.CallExpression): void {
    const callee = unwrap(node.callee);
    const method = callee.type === 'MemberExpression' ? getMemberName(callee) : undefined;
    if (callee.type !== 'MemberExpression' || (method !== 'push' && method !== 'unshift')) return this.stop('a call run for its effect', node);
    const target = this.value(callee.object);
    if (!Array.isArray(target) || !this.isOwned(target)) return this.stop(`\`.${method}()\` on a list the function did not build`, node);
    const items: unknown[] = [];
    for (const arg of node.arguments) {
      if (arg.type !== 'SpreadElement') {
        items.push(this.value(arg));
        continue;
      }
      const spread = this.value(arg.argument);
      if (!Array.isArray(spread)) return this.stop('a spread of something that is not a static array', arg);
      items.push(...(spread as unknown[]));
    }
    if (method === 'push') target.push(...items);
    else target.unshift(...items);
  }

  private isOwned(value: unknown): value is object {
    return typeof value === 'object' && value !== null && this.owned.has(value) && (Array.isArray(value) || isPlainObject(value));
  }

  private runForOf(node: TSESTree.ForOfStatement): Completion {
    if (node.await) return this.stop('a `for await` loop', node);
    const collection = this.value(node.right);
    const items = typeof collection === 'string' ? [...collection] : collection;
    if (!Array.isArray(items)) return this.stop('a loop over something that is not a static array', node.right);
    if (items.length > MAX_ITERATIONS) return this.stop('a loop over too many elements to follow', node.right);
    for (const item of items) {
      // Each pass has its own loop variable, bound in the loop's frame so its body reads it.
      const bindings = new Map<string, unknown>();
      const block: Block = { node, bindings };
      if (node.left.type === 'VariableDeclaration') {
        const declarator = node.left.declarations[0];
        if (!declarator) return this.stop('a loop without a variable', node);
        this.bindPattern(declarator.id, item, block);
      } else if (node.left.type === 'Identifier') {
        this.findBlock(node.left.name, node.left).bindings.set(node.left.name, item);
      } else return this.stop('a loop variable that is not a name', node.left);
      const done = this.runStatements(node.body.type === 'BlockStatement' ? node.body.body : [node.body], block);
      if (done.kind === 'return') return done;
      if (done.kind === 'break') break;
    }
    return NORMAL;
  }

  /** `switch` on a known value: the matching case (else `default`) and those it falls through to, until `break`. */
  private runSwitch(node: TSESTree.SwitchStatement): Completion {
    const value = this.host.evaluate(node.discriminant, this.depth + 1);
    if (value instanceof Unreadable || isGap(value)) this.stop(`a condition known only at run time${value instanceof Unreadable ? ` (${value.reason})` : ''}`, node.discriminant);
    let start = node.cases.findIndex((branch) => branch.test !== null && this.value(branch.test) === value);
    if (start < 0) start = node.cases.findIndex((branch) => branch.test === null);
    if (start < 0) return NORMAL;
    // The cases share one block of names.
    const block: Block = { node, bindings: new Map() };
    for (const branch of node.cases.slice(start)) {
      const done = this.runStatements(branch.consequent, block);
      if (done.kind === 'break') return NORMAL;
      if (done.kind !== 'normal') return done;
    }
    return NORMAL;
  }

  /** `while (true) { if (s instanceof z.ZodOptional) { s = s.unwrap(); continue; } break; }`: as many passes as the test allows. */
  private runWhile(node: TSESTree.WhileStatement | TSESTree.DoWhileStatement): Completion {
    for (let pass = 0; ; pass++) {
      if (pass >= MAX_ITERATIONS) this.stop('a loop that runs too many times to follow', node);
      if (node.type === 'WhileStatement' && !this.truth(node.test)) return NORMAL;
      const done = this.runNested(node.body);
      if (done.kind === 'return') return done;
      if (done.kind === 'break') return NORMAL;
      if (node.type === 'DoWhileStatement' && !this.truth(node.test)) return NORMAL;
    }
  }

  private runFor(node: TSESTree.ForStatement): Completion {
    // The loop's own names (`let i = 0`) live in a block around the whole loop.
    const block: Block = { node, bindings: new Map() };
    let result: Completion = NORMAL;
    this.blocks.push(block);
    try {
      inFrame(node, this.host.program, block.bindings, () => {
        if (node.init?.type === 'VariableDeclaration') this.declare(node.init);
        else if (node.init) this.runExpression(node.init);
        for (let pass = 0; ; pass++) {
          if (pass >= MAX_ITERATIONS) this.stop('a loop that runs too many times to follow', node);
          if (node.test && !this.truth(node.test)) return;
          const done = this.runNested(node.body);
          if (done.kind === 'return') {
            result = done;
            return;
          }
          if (done.kind === 'break') return;
          if (node.update) this.runExpression(node.update);
        }
      });
    } finally {
      this.blocks.pop();
    }
    return result;
  }
}

function isTextPart(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
