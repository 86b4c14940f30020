/**
 * Servers a shared wrapper builds (`new McpServer(…)` in another package of the repository) while the app
 * registers its tools in a callback: `createApp({ serverOptions, register(context) { … } })`. The wrapper
 * builds one server per app, so wiring it there would serve one app's folder to every app; the app's own
 * call is wired instead, by wrapping its options in `serveInstructionsViaRegister(…, { dir })`.
 */
import { findProperty, getCalleeName, unwrap, walk, type Node, type Program } from '@toolslim/core';
import type { SourceEdit } from './text-edits.js';
import { wrapInServingCall, type Wiring, type WiringFile } from './wire-runtime.js';

type ObjectNode = Extract<Node, { type: 'ObjectExpression' }>;

const WRAP = 'serveInstructionsViaRegister';

/** The object literals passed as the first argument of a call that have a `register` callback. */
export function findRegisterCallbackOptions(program: Program): ObjectNode[] {
  const found: ObjectNode[] = [];
  walk(program, (node) => {
    if (node.type !== 'CallExpression' || getCalleeName(node.callee) === WRAP) return;
    const first = node.arguments[0] ? unwrap(node.arguments[0]) : undefined;
    if (first?.type !== 'ObjectExpression') return;
    const register = findProperty(first, 'register');
    const value = register && unwrap(register.value as Node);
    if (value && ['FunctionExpression', 'ArrowFunctionExpression', 'Identifier', 'MemberExpression'].includes(value.type)) found.push(first);
  });
  return found;
}

export interface RegisterCallbackInput extends WiringFile {
  readonly options: ObjectNode;
}

/** The edits that wrap the options, and the wiring to report. */
export function buildRegisterCallbackWiring(input: RegisterCallbackInput): { edits: SourceEdit[]; wiring: Wiring } {
  // createApp({ …, register(context) { … } })  →  createApp(serveInstructionsViaRegister({ …, register(context) { … } }, { dir: findInstructionsDir(import.meta.url, 'docs/tools') }))
  return wrapInServingCall(input, WRAP, input.options, '{ …, register(context) { … } }');
}
