/** Small AST utilities over typescript-estree programs (no ESLint dependency). */
import type { TSESTree } from '@typescript-eslint/types';
import { parse } from '@typescript-eslint/typescript-estree';
import { visitorKeys } from '@typescript-eslint/visitor-keys';
import type { Node } from './model.js';

export type Program = TSESTree.Program;

/** Parse a source file the way ESLint's typescript-eslint parser does (JSX by extension). */
export function parseSource(code: string, filePath: string): Program {
  const jsx = /\.(?:tsx|jsx)$/i.test(filePath) || /\.(?:js|mjs|cjs)$/i.test(filePath);
  try {
    return parse(code, { jsx, loc: true, range: true, comment: false, tokens: false, filePath });
  } catch (error) {
    // `.js` files that use `<T>x` casts are rare; JSX is not: retry without JSX only when the first attempt used it.
    if (jsx && /\.(?:js|mjs|cjs)$/i.test(filePath)) {
      return parse(code, { jsx: false, loc: true, range: true, comment: false, tokens: false, filePath });
    }
    throw error;
  }
}

/**
 * The programs of one run, parsed once each: `report` reads a file as a tool file, as a module another
 * file imports, for its exports and for the planner's estimate, and each reading gets the same program.
 * A text that changed (an edit planned in memory) is parsed anew. Bounded by the characters it holds.
 */
export interface ProgramCache {
  /** The program of `code` as `filePath`; throws what `parseSource` throws. */
  get(code: string, filePath: string): Program;
}

export function createProgramCache(maxChars = 40_000_000): ProgramCache {
  const programs = new Map<string, { readonly code: string; readonly program: Program }>();
  let chars = 0;
  return {
    get(code, filePath) {
      const hit = programs.get(filePath);
      if (hit && hit.code === code) return hit.program;
      const program = parseSource(code, filePath);
      if (hit) {
        programs.delete(filePath);
        chars -= hit.code.length;
      }
      programs.set(filePath, { code, program });
      chars += code.length;
      // Oldest first: a run reads its files in order, and later readings ask for the same files again.
      for (const [file, entry] of programs) {
        if (chars <= maxChars || file === filePath) break;
        programs.delete(file);
        chars -= entry.code.length;
      }
      return program;
    },
  };
}

/** Depth-first walk; `enter` returning `false` skips the node's children. Sets nothing on the nodes. */
export function walk(root: Node, enter: (node: Node, parent: Node | undefined) => boolean | void): void {
  // Two parallel stacks rather than one of [node, parent] pairs: walks run over whole files many times a lint.
  const nodes: Node[] = [root];
  const parents: Array<Node | undefined> = [undefined];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const parent = parents.pop();
    if (enter(node, parent) === false) continue;
    const keys = visitorKeys[node.type] ?? [];
    for (let k = keys.length - 1; k >= 0; k--) {
      const child = (node as unknown as Record<string, unknown>)[keys[k]];
      if (Array.isArray(child)) {
        for (let i = child.length - 1; i >= 0; i--) {
          const c = child[i] as Node | null;
          if (c && typeof c.type === 'string') {
            nodes.push(c);
            parents.push(node);
          }
        }
      } else if (child && typeof (child as Node).type === 'string') {
        nodes.push(child as Node);
        parents.push(node);
      }
    }
  }
}

const parentMaps = new WeakMap<Program, WeakMap<Node, Node>>();

/** The parent of a node. ESLint sets `node.parent`; a bare typescript-estree parse does not, so build a map once. */
export function getParent(program: Program, node: Node): Node | undefined {
  if ((node as { parent?: Node }).parent) return (node as { parent?: Node }).parent;
  let map = parentMaps.get(program);
  if (!map) {
    const built = new WeakMap<Node, Node>();
    walk(program, (child, parent) => {
      if (parent) built.set(child, parent);
    });
    parentMaps.set(program, built);
    map = built;
  }
  return map.get(node);
}

/** Strip TS-only wrappers that do not change a value: `x as const`, `x satisfies T`, `x!`, `<T>x`. */
export function unwrap(node: Node): Node {
  let current = node;
  for (;;) {
    switch (current.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'TSInstantiationExpression':
        current = current.expression;
        break;
      case 'ChainExpression':
        current = current.expression;
        break;
      default:
        return current;
    }
  }
}

/** The static name of a property key: `name`, `'name'`, `["name"]`, `[`name`]`. */
export function getPropertyName(property: TSESTree.Property | TSESTree.PropertyDefinition | TSESTree.MethodDefinition): string | undefined {
  const key = property.key;
  if (!property.computed && key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  if (key.type === 'TemplateLiteral' && key.expressions.length === 0) return key.quasis[0].value.cooked ?? undefined;
  if (key.type === 'PrivateIdentifier') return undefined;
  return undefined;
}

/** The `Property` of an object literal with a given static key (the last one wins, as at run time). */
export function findProperty(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  let found: TSESTree.Property | undefined;
  for (const p of object.properties) {
    if (p.type === 'Property' && getPropertyName(p) === name) found = p;
  }
  return found;
}

/** The called name of a callee: `tool` for `tool(…)`, `server.tool(…)`, `(0, ai_1.tool)(…)`. */
export function getCalleeName(callee: Node): string | undefined {
  const c = unwrap(callee);
  if (c.type === 'Identifier') return c.name;
  if (c.type === 'MemberExpression' && !c.computed && c.property.type === 'Identifier') return c.property.name;
  if (c.type === 'MemberExpression' && c.computed && c.property.type === 'Literal' && typeof c.property.value === 'string') {
    return c.property.value;
  }
  if (c.type === 'SequenceExpression' && c.expressions.length > 0) return getCalleeName(c.expressions[c.expressions.length - 1]);
  return undefined;
}
