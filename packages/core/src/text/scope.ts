/**
 * Same-file name resolution: which expression a `const` (or a never-reassigned `let`/`var`) holds,
 * which import an identifier comes from, and CommonJS `exports.X = …` assignments.
 * Built once per program; nearest enclosing block wins when a name is declared more than once.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { walk, type Program } from '../ast.js';
import type { Node } from '../model.js';

interface Binding {
  readonly init: Node | undefined;
  /** Range of the block (or program) the declaration is visible in. */
  readonly blockRange: readonly [number, number];
  reassigned?: boolean;
  /** `name.prop = …` after the declaration, in its block: the property assigned (undefined when computed) and the assignment. */
  propertyAssignments?: Array<{ readonly property: string | undefined; readonly node: TSESTree.AssignmentExpression }>;
}

export interface ImportBinding {
  readonly source: string;
  /** `default`, `*` for a namespace import, or the exported name. */
  readonly importedName: string;
}

const cache = new WeakMap<Program, Scope>();

/**
 * The node types the scope's walk acts on. Everything else it only passes through, so a walk that has
 * already visited the whole program (find-tools' candidate walk) can hand over just these nodes, in the
 * order it met them, and the scope is built without a second walk of the file (`ScopeTrail`).
 */
export const SCOPE_NODE_TYPES: ReadonlySet<string> = new Set([
  'VariableDeclarator',
  'FunctionDeclaration',
  'ClassDeclaration',
  'TSEnumDeclaration',
  'ImportDeclaration',
  'AssignmentExpression',
  'UpdateExpression',
  'CatchClause',
  'BlockStatement',
  'StaticBlock',
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'SwitchStatement',
  'FunctionExpression',
  'ArrowFunctionExpression',
]);

/**
 * What another pre-order walk of a program recorded for its scope: each node of `SCOPE_NODE_TYPES` with its
 * parent, and each subtree that walk did not enter (`subtree` true), which the scope walks itself in its place.
 * Building from it gives the same scope as walking the program.
 */
export interface ScopeTrail {
  readonly nodes: Node[];
  readonly parents: Array<Node | undefined>;
  readonly subtrees: boolean[];
}

const trails = new WeakMap<Program, ScopeTrail>();

export class Scope {
  private readonly bindings = new Map<string, Binding[]>();
  private readonly imports = new Map<string, ImportBinding>();
  private readonly exportsAssignments = new Map<string, Node[]>();
  /** The first enum declared under each name anywhere in the file, in source order (recorded by the same walk). */
  private readonly enums = new Map<string, TSESTree.TSEnumDeclaration>();

  static of(program: Program): Scope {
    let scope = cache.get(program);
    if (!scope) {
      scope = new Scope(program, trails.get(program));
      trails.delete(program);
      cache.set(program, scope);
    }
    return scope;
  }

  /** Keep a walk's trail of `program`, used if its scope is asked for (most files never need one). */
  static recordTrail(program: Program, trail: ScopeTrail): void {
    if (!cache.has(program)) trails.set(program, trail);
  }

  private constructor(program: Program, trail: ScopeTrail | undefined) {
    // Pre-order walk visits nodes in source order, so the enclosing blocks are a stack.
    const blocks: Array<readonly [number, number]> = [program.range];
    // A `var` belongs to the function around it (a bundle holds many functions, each with its own `var z`).
    const functions: Array<readonly [number, number]> = [program.range];
    const reassigned = new Set<string>();
    const propertyAssigned = new Map<string, TSESTree.AssignmentExpression[]>();
    const visit = (node: Node, parent: Node | undefined): void => {
      while (blocks.length > 1 && blocks[blocks.length - 1][1] <= node.range[0]) blocks.pop();
      while (functions.length > 1 && functions[functions.length - 1][1] <= node.range[0]) functions.pop();
      const block = blocks[blocks.length - 1];
      if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') functions.push(node.range);
      switch (node.type) {
        case 'VariableDeclarator': {
          if (node.id.type === 'Identifier') {
            const kind = (parent as TSESTree.VariableDeclaration | undefined)?.kind;
            this.add(node.id.name, { init: node.init ?? undefined, blockRange: kind === 'var' ? functions[functions.length - 1] : block });
            if (node.init?.type === 'CallExpression') this.recordRequire(node.id.name, node.init);
          } else {
            for (const name of findPatternNames(node.id)) this.add(name, { init: undefined, blockRange: block });
          }
          break;
        }
        case 'FunctionDeclaration':
        case 'ClassDeclaration':
          if (node.id) this.add(node.id.name, { init: node, blockRange: block });
          break;
        case 'TSEnumDeclaration':
          // `enum ToolName { READ = 'read_file' }`: members are read as constants (`ToolName.READ`).
          this.add(node.id.name, { init: node, blockRange: block });
          if (!this.enums.has(node.id.name)) this.enums.set(node.id.name, node);
          break;
        case 'ImportDeclaration':
          for (const spec of node.specifiers) {
            const importedName =
              spec.type === 'ImportDefaultSpecifier'
                ? 'default'
                : spec.type === 'ImportNamespaceSpecifier'
                  ? '*'
                  : spec.imported.type === 'Identifier'
                    ? spec.imported.name
                    : String(spec.imported.value);
            this.imports.set(spec.local.name, { source: String(node.source.value), importedName });
          }
          break;
        case 'AssignmentExpression':
          if (node.left.type === 'Identifier') reassigned.add(node.left.name);
          else if (node.left.type === 'MemberExpression' && node.left.object.type === 'Identifier') {
            const list = propertyAssigned.get(node.left.object.name);
            if (list) list.push(node);
            else propertyAssigned.set(node.left.object.name, [node]);
          }
          if (node.left.type === 'MemberExpression' && node.operator === '=') {
            const name = getExportsMemberName(node.left);
            // tsc's CommonJS preamble `exports.a = exports.b = void 0;` declares the names; it assigns nothing.
            if (name && !isVoidChain(node.right)) this.exportsAssignments.set(name, [...(this.exportsAssignments.get(name) ?? []), node.right]);
          }
          break;
        case 'UpdateExpression':
          if (node.argument.type === 'Identifier') reassigned.add(node.argument.name);
          break;
        case 'CatchClause':
          blocks.push(node.range);
          if (node.param) for (const name of findPatternNames(node.param)) this.add(name, { init: undefined, blockRange: node.range });
          break;
        case 'BlockStatement':
        case 'StaticBlock':
        case 'ForStatement':
        case 'ForInStatement':
        case 'ForOfStatement':
        case 'SwitchStatement':
          blocks.push(node.range);
          break;
        case 'FunctionExpression':
        case 'ArrowFunctionExpression':
          blocks.push(node.range);
          for (const param of node.params) for (const name of findPatternNames(param)) this.add(name, { init: undefined, blockRange: node.range });
          break;
        default:
          break;
      }
      if (node.type === 'FunctionDeclaration') {
        blocks.push(node.range);
        for (const param of node.params) for (const name of findPatternNames(param)) this.add(name, { init: undefined, blockRange: node.range });
      }
    };
    if (trail) {
      // Nodes of other types only pop finished blocks, which the next recorded node does as well.
      for (let i = 0; i < trail.nodes.length; i++) {
        if (trail.subtrees[i]) walk(trail.nodes[i], visit);
        else visit(trail.nodes[i], trail.parents[i]);
      }
    } else {
      walk(program, visit);
    }
    // A reassigned name is never read as a constant, wherever the assignment sits.
    for (const name of reassigned) for (const b of this.bindings.get(name) ?? []) b.reassigned = true;
    for (const [name, assignments] of propertyAssigned) {
      for (const b of this.bindings.get(name) ?? []) {
        const after = assignments.filter((a) => b.init !== undefined && b.init.range[1] <= a.range[0] && b.blockRange[0] <= a.range[0] && a.range[0] < b.blockRange[1]);
        if (after.length === 0) continue;
        b.propertyAssignments = after.map((a) => {
          const left = a.left as TSESTree.MemberExpression;
          const property = !left.computed && left.property.type === 'Identifier' ? left.property.name : left.computed && left.property.type === 'Literal' && typeof left.property.value === 'string' ? left.property.value : undefined;
          return { property, node: a };
        });
      }
    }
  }

  /**
   * The properties assigned to the object a name is declared with, after the declaration and in its block
   * (`const info = { description }; if (schema) info.inputSchema = schema;`): its initializer is not all it holds.
   */
  getLaterPropertyAssignments(id: TSESTree.Identifier): ReadonlyArray<{ readonly property: string | undefined; readonly node: TSESTree.AssignmentExpression }> {
    return this.findBinding(id)?.propertyAssignments ?? [];
  }

  private add(name: string, binding: Binding): void {
    const list = this.bindings.get(name);
    if (list) list.push(binding);
    else this.bindings.set(name, [binding]);
  }

  private recordRequire(local: string, init: TSESTree.CallExpression): void {
    // const zod_1 = require("zod") / __importDefault(require("x")) / __importStar(require("x"))
    let call: Node = init;
    if (
      call.type === 'CallExpression' &&
      call.callee.type === 'Identifier' &&
      /^__import(?:Default|Star)$/.test(call.callee.name) &&
      call.arguments[0]
    ) {
      call = call.arguments[0];
    }
    if (
      call.type === 'CallExpression' &&
      call.callee.type === 'Identifier' &&
      call.callee.name === 'require' &&
      call.arguments[0]?.type === 'Literal' &&
      typeof call.arguments[0].value === 'string'
    ) {
      this.imports.set(local, { source: call.arguments[0].value, importedName: '*' });
    }
  }

  /**
   * The expression an identifier stands for at its position: the initializer of the nearest
   * declaration that is never reassigned. Undefined for parameters, imports and reassigned names.
   */
  resolve(id: TSESTree.Identifier): Node | undefined {
    const best = this.findBinding(id);
    if (!best || best.reassigned) return undefined;
    return best.init;
  }

  /**
   * The initializer of the nearest declaration even when the name is reassigned later
   * (`let tools = all; if (x) tools = tools.filter(…)`): where a collection's elements come from, not its value.
   */
  resolveInitial(id: TSESTree.Identifier): Node | undefined {
    return this.findBinding(id)?.init;
  }

  private findBinding(id: TSESTree.Identifier): Binding | undefined {
    const candidates = this.bindings.get(id.name);
    if (!candidates) return undefined;
    let best: Binding | undefined;
    for (const b of candidates) {
      if (b.blockRange[0] <= id.range[0] && id.range[1] <= b.blockRange[1]) {
        if (!best || b.blockRange[1] - b.blockRange[0] < best.blockRange[1] - best.blockRange[0]) best = b;
      }
    }
    return best;
  }

  /** The first enum declared as `name` anywhere in the file, whatever block it is in. */
  getFirstEnum(name: string): TSESTree.TSEnumDeclaration | undefined {
    return this.enums.get(name);
  }

  /** The import (ESM or `require`) that binds this name in the file, when the name is not shadowed. */
  getImport(name: string): ImportBinding | undefined {
    return this.imports.get(name);
  }

  /** The single value assigned to `exports.NAME` / `module.exports.NAME`, if assigned exactly once. */
  getExportsAssignment(name: string): Node | undefined {
    const list = this.exportsAssignments.get(name);
    return list && list.length === 1 ? list[0] : undefined;
  }
}

/** `void 0`, or `exports.b = … = void 0` (the rest of tsc's preamble chain). */
function isVoidChain(node: Node): boolean {
  let value = node;
  while (value.type === 'AssignmentExpression' && value.operator === '=') value = value.right;
  return value.type === 'UnaryExpression' && value.operator === 'void';
}

/** `exports.X`, `module.exports.X` → `X`. */
export function getExportsMemberName(node: TSESTree.MemberExpression): string | undefined {
  if (node.computed || node.property.type !== 'Identifier') return undefined;
  const object = node.object;
  const isExports =
    (object.type === 'Identifier' && object.name === 'exports') ||
    (object.type === 'MemberExpression' &&
      !object.computed &&
      object.object.type === 'Identifier' &&
      object.object.name === 'module' &&
      object.property.type === 'Identifier' &&
      object.property.name === 'exports');
  return isExports ? node.property.name : undefined;
}

/** Names bound by a parameter or destructuring pattern. */
function findPatternNames(pattern: Node): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'AssignmentPattern':
      return findPatternNames(pattern.left);
    case 'RestElement':
      return findPatternNames(pattern.argument);
    case 'ArrayPattern':
      return pattern.elements.flatMap((e) => (e ? findPatternNames(e) : []));
    case 'ObjectPattern':
      return pattern.properties.flatMap((p) => (p.type === 'RestElement' ? findPatternNames(p) : findPatternNames(p.value)));
    case 'TSParameterProperty':
      return findPatternNames(pattern.parameter);
    default:
      return [];
  }
}
