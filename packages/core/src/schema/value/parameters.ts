/**
 * What a function's parameters bind when it is called with known arguments: defaults, rest parameters and
 * object and array destructuring, as at run time. An argument that is not known stays unknown.
 */
import { getPropertyName } from '../../ast.js';
import type { Node } from '../../model.js';
import { Unreadable } from '../../resolve/unreadable.js';
import { isPlainObject } from './plain-data.js';

/** Bind `params` to `args` in `bindings`; `evaluateDefault` computes a default value when its argument is missing. */
export function bindAll(params: readonly Node[], args: readonly unknown[], bindings: Map<string, unknown>, evaluateDefault: (node: Node) => unknown): void {
  for (const [index, param] of params.entries()) {
    if (param.type === 'RestElement') {
      if (param.argument.type === 'Identifier') bindings.set(param.argument.name, args.slice(index));
      continue;
    }
    bindParameter(param, args[index], bindings, evaluateDefault);
  }
}

function bindParameter(param: Node, arg: unknown, bindings: Map<string, unknown>, evaluateDefault: (node: Node) => unknown): void {
  switch (param.type) {
    case 'Identifier':
      bindings.set(param.name, arg);
      return;
    case 'AssignmentPattern':
      bindParameter(param.left, arg === undefined ? evaluateDefault(param.right) : arg, bindings, evaluateDefault);
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
        bindParameter(property.value, value, bindings, evaluateDefault);
      }
      return;
    case 'TSParameterProperty':
      bindParameter(param.parameter, arg, bindings, evaluateDefault);
      return;
    case 'ArrayPattern':
      param.elements.forEach((element, index) => {
        if (!element) return;
        if (element.type === 'RestElement') {
          if (element.argument.type === 'Identifier') bindings.set(element.argument.name, Array.isArray(arg) ? arg.slice(index) : new Unreadable('a rest of an argument', element));
          return;
        }
        bindParameter(element, Array.isArray(arg) ? arg[index] : new Unreadable('an element of an argument that is not a static array', element), bindings, evaluateDefault);
      });
      return;
    default:
      return;
  }
}
