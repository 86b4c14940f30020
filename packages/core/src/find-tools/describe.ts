/** A short, readable form of an expression, for the reasons toolslim gives. */
import { unwrap } from '../ast.js';
import type { Node } from '../model.js';

/** A short, readable form of an expression for a reason: `defs`, `t.name`, `loadTools()`, `Object.values(…)`. */
export function describe(input: Node): string {
  return `\`${print(unwrap(input), 0)}\``;
}

function print(node: Node, depth: number): string {
  if (depth > 3) return '…';
  switch (node.type) {
    case 'Identifier':
      return node.name;
    case 'ThisExpression':
      return 'this';
    case 'Literal':
      return typeof node.value === 'string' ? JSON.stringify(node.value.length > 30 ? `${node.value.slice(0, 27)}…` : node.value) : String(node.value);
    case 'MemberExpression':
      return node.computed ? `${print(unwrap(node.object), depth + 1)}[${print(unwrap(node.property), depth + 1)}]` : `${print(unwrap(node.object), depth + 1)}.${print(node.property, depth + 1)}`;
    case 'CallExpression':
      return `${print(unwrap(node.callee), depth + 1)}(${node.arguments.length > 0 ? '…' : ''})`;
    case 'AwaitExpression':
      return `await ${print(unwrap(node.argument), depth + 1)}`;
    case 'SequenceExpression':
      // `(0, utils_1.rename)`: tsc's call of an imported function is that function.
      return print(unwrap(node.expressions[node.expressions.length - 1]), depth);
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return 'a function';
    case 'TemplateLiteral':
      return 'a template';
    case 'ArrayExpression':
      // `[...this.skills.values()]`, `[a, b]`: short lists are shown; longer ones by their length.
      return node.elements.length <= 2
        ? `[${node.elements.map((element) => (element === null ? '' : element.type === 'SpreadElement' ? `...${print(unwrap(element.argument), depth)}` : print(unwrap(element), depth))).join(', ')}]`
        : `a list of ${node.elements.length}`;
    default:
      return 'an expression';
  }
}
