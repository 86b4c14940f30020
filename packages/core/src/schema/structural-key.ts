/**
 * A key for an expression that says everything its value depends on: its syntax, when the only names
 * it reads are imports of zod. Two such expressions with the same key have the same value in any file
 * with the same libraries, so a schema converted once (on the previous keystroke, in the previous file)
 * need not be rebuilt and converted again.
 */
import { visitorKeys } from '@typescript-eslint/visitor-keys';
import type { Node } from '../model.js';
import type { Program } from '../ast.js';

/** Expressions larger than this are not keyed: building the key would cost what it saves. */
const MAX_NODES = 4000;

/** The key, or undefined when the value depends on anything but its own text and zod. */
export function getStructuralKey(root: Node, program: Program): string | undefined {
  const zodNames = getZodNames(program);
  const parts: string[] = [];
  let nodes = 0;
  let selfContained = true;
  const visit = (node: Node, parent: Node | undefined, key: string): void => {
    if (!selfContained) return;
    if (++nodes > MAX_NODES) {
      selfContained = false;
      return;
    }
    parts.push(node.type);
    switch (node.type) {
      case 'Identifier': {
        parts.push(node.name);
        // A property name (`z.string`, `{ id: … }`) is text; any other name is a value read from elsewhere.
        const isName = (parent?.type === 'MemberExpression' && key === 'property' && !parent.computed) || (parent?.type === 'Property' && key === 'key' && !parent.computed);
        if (!isName && !zodNames.has(node.name)) selfContained = false;
        return;
      }
      case 'Literal':
        parts.push(typeof node.value === 'bigint' ? `${node.value}n` : JSON.stringify(node.value ?? null), 'regex' in node && node.regex ? `/${node.regex.pattern}/${node.regex.flags}` : '');
        return;
      case 'TemplateElement':
        parts.push(JSON.stringify(node.value.cooked));
        return;
      case 'ThisExpression':
      case 'Super':
      case 'MetaProperty':
        selfContained = false;
        return;
      default:
        break;
    }
    const keys = visitorKeys[node.type] ?? [];
    for (const k of keys) {
      const child = (node as unknown as Record<string, unknown>)[k];
      if (Array.isArray(child)) {
        parts.push(`[${k}`);
        for (const c of child) {
          if (c && typeof (c as Node).type === 'string') visit(c as Node, node, k);
          else parts.push('_');
        }
        parts.push(']');
      } else if (child && typeof (child as Node).type === 'string') {
        parts.push(k);
        visit(child as Node, node, k);
      }
    }
    if (node.type === 'Property') parts.push(node.kind, String(node.computed), String(node.shorthand), String(node.method));
    if (node.type === 'MemberExpression') parts.push(String(node.computed), String(node.optional));
  };
  visit(root, undefined, '');
  return selfContained ? parts.join('\u0001') : undefined;
}

const zodNamesByProgram = new WeakMap<Program, ReadonlySet<string>>();

/**
 * Names the file's top-level imports bind to zod (`import { z } from 'zod'`, `import * as z from 'zod/v4'`).
 * Read from the import statements alone, without building the file's scope: a keystroke often needs none.
 * A name declared again inside the file is not one of them.
 */
export function getZodNames(program: Program): ReadonlySet<string> {
  let names = zodNamesByProgram.get(program);
  if (!names) {
    const found = new Set<string>();
    for (const statement of program.body) {
      if (statement.type !== 'ImportDeclaration' || !/^zod(?:\/|$)/.test(String(statement.source.value))) continue;
      for (const specifier of statement.specifiers) found.add(specifier.local.name);
    }
    if (found.size > 0) for (const name of [...found]) if (isDeclaredAgain(program, name)) found.delete(name);
    names = found;
    zodNamesByProgram.set(program, names);
  }
  return names;
}

/** A top-level `const z = …`, function or class of the same name as an import (a shadow, or a re-binding). */
function isDeclaredAgain(program: Program, name: string): boolean {
  return program.body.some((statement) => {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'VariableDeclaration') return declaration.declarations.some((d) => d.id.type === 'Identifier' && d.id.name === name);
    return (declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') && declaration.id?.name === name;
  });
}
