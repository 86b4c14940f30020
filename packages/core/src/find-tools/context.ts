/**
 * What every detector shares: the file, same-file resolution (built lazily, only when a candidate needs
 * it), the nodes already claimed by a declaration, and the reading of a definition object's fields.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getPropertyName, unwrap, walk, type Program } from '../ast.js';
import type { AnalyzeOptions, ListedAddition, Node, StaticText, TextValue, UnreadSink } from '../model.js';
import type { SchemaContext } from '../schema/index.js';
import { evaluateText, getExportsMemberName, Scope } from '../text/index.js';
import { getThisAssignmentName } from './collect.js';
import { findDroppingWrappers, findFunctionUses } from './conditions.js';
import { getInstalledZodVersion } from '../installed-libraries.js';
import { MAX_DEPTH } from '../text/budget.js';


/** A field of a definition: the value expression (a method's function for `execute() {}`) and its property. */
export interface Field {
  readonly value: Node;
  /** The Property (or class member) that holds the value, when written as one. */
  readonly holder: Node;
  /** The object literal the property is written in (a spread source for spread fields). */
  readonly owner: TSESTree.ObjectExpression;
}

export class DetectContext {
  /** Object literals (and classes) that are part of a declaration already found. */
  readonly claimed = new Set<Node>();
  /** File-local helpers read as registrars at their calls (`ext-apps.ts`); set once by the detection run. */
  registrarNames: ReadonlySet<string> = new Set();
  /** Fields lists of this file add to definitions of other modules (`mapped-elsewhere.ts`). */
  readonly listed: ListedAddition[] = [];
  /** Sinks read for some definitions of a loop and not for others (an element whose name cannot be read): named, never dropped. */
  readonly partlyUnread: UnreadSink[] = [];
  private readonly argumentNodes: ReadonlyMap<string, Node>[] = [];
  readonly schemaContext: SchemaContext;
  private scope: Scope | undefined;
  private propertiesByValueName: Map<string, TSESTree.Property[]> | undefined;
  private droppingWrappers: Map<string, Node> | undefined;
  private functionUses: ReadonlyMap<string, readonly TSESTree.CallExpression[] | undefined> | undefined;

  constructor(
    readonly program: Program,
    readonly options: AnalyzeOptions,
  ) {
    this.schemaContext = {
      program,
      filePath: options.filePath,
      resolveConstant: options.resolveConstant,
      resolveModule: options.resolveModule,
      zodVersion: options.settings?.zodVersion ?? getInstalledZodVersion(options.filePath) ?? 4,
    };
  }

  /** The same reading for another file of the project (a superclass's module). */
  forProgram(program: Program, filePath: string): DetectContext {
    return new DetectContext(program, { ...this.options, filePath });
  }

  getScope(): Scope {
    this.scope ??= Scope.of(this.program);
    return this.scope;
  }

  /**
   * Properties whose value is the identifier `name` (`{ weather }`, `{ get_weather: weather }`). Indexed
   * on first use only: few files need it, so the one-walk budget holds for the rest.
   */
  findPropertiesReferencing(name: string): readonly TSESTree.Property[] {
    if (!this.propertiesByValueName) {
      const index = new Map<string, TSESTree.Property[]>();
      walk(this.program, (node) => {
        if (node.type === 'Property' && node.value.type === 'Identifier' && node.kind === 'init') {
          const list = index.get(node.value.name);
          if (list) list.push(node);
          else index.set(node.value.name, [node]);
        }
      });
      this.propertiesByValueName = index;
    }
    return this.propertiesByValueName.get(name) ?? [];
  }

  /** Registrars reassigned at the top level to wrappers that may drop a tool (`conditions.ts`), read once. */
  getDroppingWrappers(): ReadonlyMap<string, Node> {
    this.droppingWrappers ??= findDroppingWrappers(this.program);
    return this.droppingWrappers;
  }

  /** Direct calls of a top-level function (`conditions.ts`); undefined when it is exported or used otherwise. */
  getFunctionUses(name: string): readonly TSESTree.CallExpression[] | undefined {
    this.functionUses ??= findFunctionUses(this.program);
    return this.functionUses.get(name);
  }

  text(node: Node): TextValue {
    return evaluateText(node, this.schemaContext);
  }

  /** What a same-file constant identifier stands for, unwrapped (undefined for parameters and imports, unless bound). */
  resolveIdentifier(id: TSESTree.Identifier): Node | undefined {
    const init = this.getScope().resolve(id);
    if (init) return unwrap(init);
    // A helper's parameter while its registration is read for one call: the argument written there.
    for (let i = this.argumentNodes.length - 1; i >= 0; i--) {
      const bound = this.argumentNodes[i].get(id.name);
      if (bound && !this.isImported(id)) return unwrap(bound);
    }
    return undefined;
  }

  /** Read with a helper's parameters standing for the arguments of one of its calls (`loops.ts`). */
  withArgumentNodes<T>(frames: readonly ReadonlyMap<string, Node>[], read: () => T): T {
    this.argumentNodes.push(...frames);
    try {
      return read();
    } finally {
      this.argumentNodes.length -= frames.length;
    }
  }

  /** An ESM import, or a CommonJS `require` binding (`const consts_1 = require("./consts")`) not shadowed here. */
  isImported(id: TSESTree.Identifier): boolean {
    if (this.getScope().getImport(id.name) === undefined) return false;
    const init = this.getScope().resolve(id);
    return init === undefined || isRequireCall(init);
  }

  /**
   * The object literal an expression stands for: itself, a same-file constant, `exports.X`, a member of
   * a same-file record (`defs.read`). Undefined when it is anything else.
   */
  resolveObject(input: Node | undefined, depth = 0): TSESTree.ObjectExpression | undefined {
    if (!input || depth > MAX_DEPTH) return undefined;
    const node = unwrap(input);
    switch (node.type) {
      case 'ObjectExpression':
        return node;
      case 'Identifier':
        return this.resolveObject(this.resolveIdentifier(node), depth + 1);
      case 'MemberExpression':
        return this.resolveObject(this.resolveMember(node, depth), depth + 1);
      case 'CallExpression':
        // Object.freeze({ … }) keeps the object as it is.
        return isObjectFreeze(node) ? this.resolveObject(node.arguments[0], depth + 1) : undefined;
      default:
        return undefined;
    }
  }

  /** The value of `X.key` when X is a same-file object literal (or `exports.X` assigned once). */
  resolveMember(node: TSESTree.MemberExpression, depth = 0): Node | undefined {
    const exported = getExportsMemberName(node);
    if (exported) {
      const value = this.getScope().getExportsAssignment(exported);
      if (value) return unwrap(value);
    }
    const key = getMemberKey(node);
    if (key === undefined) return undefined;
    const owner = this.resolveObject(node.object, depth + 1);
    if (!owner) return undefined;
    return this.readFields(owner).get(key)?.value;
  }

  /** The fields of an object literal as run time sees them: later keys win, spreads of same-file objects contribute theirs. */
  readFields(object: TSESTree.ObjectExpression, depth = 0): Map<string, Field> {
    const fields = new Map<string, Field>();
    for (const p of object.properties) {
      if (p.type === 'SpreadElement') {
        const spread = depth < MAX_DEPTH ? this.resolveObject(p.argument, depth + 1) : undefined;
        if (!spread) continue;
        for (const [name, field] of this.readFields(spread, depth + 1)) fields.set(name, field);
        continue;
      }
      const name = getPropertyName(p);
      if (name === undefined) continue;
      fields.set(name, { value: p.value, holder: p, owner: object });
    }
    return fields;
  }

  /** Mark a declaration's object, and the objects its fields were spread from, as found, so shape detection skips them. */
  claim(object: Node, fields?: ReadonlyMap<string, Field>): void {
    this.claimed.add(object);
    if (fields) for (const field of fields.values()) this.claimed.add(field.owner);
  }

  /**
   * `server.registerTool(def.name, { description: def.description }, …)`: `def` is this declaration's
   * definition, so shape detection must not report it a second time.
   */
  claimOwnersOf(values: readonly (Node | undefined)[]): void {
    for (const value of values) {
      const node = value ? unwrap(value) : undefined;
      if (node?.type !== 'MemberExpression') continue;
      const owner = this.resolveObject(node.object);
      if (owner) this.claimed.add(owner);
    }
  }

  /** The function a handler expression names: inline, a same-file function, `this.method.bind(this)`. */
  resolveFunction(input: Node | undefined, classBody: TSESTree.ClassBody | undefined, depth = 0): FunctionNode | undefined {
    if (!input || depth > MAX_DEPTH) return undefined;
    const node = unwrap(input);
    switch (node.type) {
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
      case 'FunctionDeclaration':
        return node;
      case 'Identifier':
        return this.resolveFunction(this.resolveIdentifier(node), classBody, depth + 1);
      case 'MemberExpression': {
        if (node.object.type === 'ThisExpression' && classBody) {
          const key = getMemberKey(node);
          return key === undefined ? undefined : this.resolveFunction(findClassMemberValue(classBody, key), classBody, depth + 1);
        }
        return this.resolveFunction(this.resolveMember(node, depth), classBody, depth + 1);
      }
      case 'CallExpression': {
        // handler.bind(this)
        const callee = unwrap(node.callee);
        if (callee.type === 'MemberExpression' && getMemberKey(callee) === 'bind') return this.resolveFunction(callee.object, classBody, depth + 1);
        return undefined;
      }
      default:
        return undefined;
    }
  }
}

/** `require("x")`, `__importDefault(require("x"))`, `__importStar(…)`, esbuild's `__toESM(require("x"))`. */
function isRequireCall(node: Node): boolean {
  const n = unwrap(node);
  if (n.type !== 'CallExpression' || n.callee.type !== 'Identifier') return false;
  if (n.callee.name === 'require') return true;
  const inner = n.arguments[0];
  return /^(?:__importDefault|__importStar|__toESM)$/.test(n.callee.name) && inner !== undefined && isRequireCall(inner);
}

function isObjectFreeze(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return (
    callee.type === 'MemberExpression' &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'Object' &&
    getMemberKey(callee) === 'freeze' &&
    call.arguments.length === 1 &&
    call.arguments[0].type !== 'SpreadElement'
  );
}

export type FunctionNode = TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression | TSESTree.FunctionDeclaration;

export function getMemberKey(node: TSESTree.MemberExpression): string | undefined {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.property.type === 'Literal' && typeof node.property.value === 'string') return node.property.value;
  return undefined;
}

/** The value of a class member (field initializer, method, getter's function) by name. */
export function findClassMemberValue(body: TSESTree.ClassBody, name: string): Node | undefined {
  let found: Node | undefined;
  for (const member of body.body) {
    if ((member.type === 'PropertyDefinition' || member.type === 'MethodDefinition') && getPropertyName(member) === name) {
      found = member.value ?? undefined;
    }
  }
  return found;
}

/** The name a property's key gives: `read_file:`, `'read-file':`, `[ToolName.READ]:` (evaluated), with its node. */
export interface KeyName {
  readonly text: TextValue;
  readonly node: Node;
}

export function getKeyName(property: TSESTree.Property, context: DetectContext): KeyName | undefined {
  const key = property.key;
  if (property.computed) return { text: context.text(key), node: key };
  if (key.type === 'Identifier') {
    const length = key.range[1] - key.range[0];
    const offsets = length === key.name.length ? Array.from({ length: length + 1 }, (_, i) => key.range[0] + i) : undefined;
    const text: StaticText = {
      kind: 'static',
      value: key.name,
      node: key,
      pieces: [{ start: 0, end: key.name.length, node: key, sourceOffsets: offsets }],
    };
    return { text, node: key };
  }
  if (key.type === 'Literal' && typeof key.value === 'string') return { text: context.text(key), node: key };
  if (key.type === 'Literal' && typeof key.value === 'number') return { text: context.text(key), node: key };
  return undefined;
}

/** The nearest enclosing class body among the ancestors. */
export function findEnclosingClassBody(ancestors: readonly Node[]): TSESTree.ClassBody | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i];
    if (a.type === 'ClassBody') return a;
  }
  return undefined;
}

/** The record key a value sits under: `{ read_file: <value> }`. */
export function getRecordName(value: Node, ancestors: readonly Node[], context: DetectContext): KeyName | undefined {
  const parent = ancestors[ancestors.length - 1];
  if (parent?.type !== 'Property' || parent.value !== value || parent.kind !== 'init') return undefined;
  return getKeyName(parent, context);
}

/** Values assigned to `this.NAME` in a class's constructor (compiled class fields, `this.tools = [...]`). */
export function getThisAssignments(body: TSESTree.ClassBody, name: string): Node[] {
  const out: Node[] = [];
  for (const member of body.body) {
    if (member.type !== 'MethodDefinition' || member.kind !== 'constructor' || !member.value.body) continue;
    for (const statement of member.value.body.body) {
      if (getThisAssignmentName(statement) === name) out.push(((statement as TSESTree.ExpressionStatement).expression as TSESTree.AssignmentExpression).right);
    }
  }
  return out;
}
