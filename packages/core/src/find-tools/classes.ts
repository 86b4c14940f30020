/**
 * Tools written as classes: `name` (or `static toolName`), `description` and a schema-like member, as
 * fields, getters or constructor assignments (compiled output), e.g. LangChain `StructuredTool`
 * subclasses and project base classes.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getCalleeName, getPropertyName, unwrap } from '../ast.js';
import type { Framework, Node } from '../model.js';
import { buildTool, HANDLER_KEYS, type FoundTool } from './build.js';
import { getThisAssignmentName, SCHEMA_KEYS, type Candidate } from './collect.js';
import { getMemberKey, type DetectContext } from './context.js';
import { findReturnedValues } from './low-level.js';
import { isPossiblyText, isSchemaExpression, isTextExpression } from './text-guards.js';

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

const LANGCHAIN_BASES = /^(?:StructuredTool|Tool|DynamicStructuredTool)$/;

interface Member {
  readonly value: Node;
  readonly isStatic: boolean;
}

export function detectToolClass(candidate: Candidate<ClassNode>, context: DetectContext): FoundTool | undefined {
  const node = candidate.node;
  if (context.claimed.has(node)) return undefined;
  const members = readMembers(node);
  const framework: Framework = node.superClass && LANGCHAIN_BASES.test(getCalleeName(node.superClass) ?? '') ? 'langchain' : 'shape';
  const description = getInstance(members, 'description');
  const schema = SCHEMA_KEYS.map((key) => getInstance(members, key)).find((m) => m !== undefined);
  const nameMember = getInstance(members, 'name') ?? members.get('toolName')?.find((m) => m.isStatic) ?? getInstance(members, 'id');
  if (!description || !nameMember || !isPossiblyText(description.value, context)) return undefined;
  if (framework === 'shape' && (!schema || !isSchemaExpression(schema.value, context))) return undefined;
  const name = resolveStaticReference(nameMember.value, node, members);
  if (!isTextExpression(name, context, true)) return undefined;
  context.claimed.add(node);
  const handler = HANDLER_KEYS.map((key) => getInstance(members, key)).find((m) => m !== undefined);
  return buildTool(
    {
      framework,
      node,
      name,
      title: getInstance(members, 'title')?.value,
      description: resolveStaticReference(description.value, node, members),
      inputSchema: schema?.value,
      outputSchema: getInstance(members, 'outputSchema')?.value,
      annotations: getInstance(members, 'annotations')?.value,
      handler: handler?.value,
      classBody: node.body,
    },
    context,
  );
}

function getInstance(members: ReadonlyMap<string, Member[]>, name: string): Member | undefined {
  const list = members.get(name);
  if (!list) return undefined;
  for (let i = list.length - 1; i >= 0; i--) if (!list[i].isStatic) return list[i];
  return undefined;
}

/** Fields, getters (their returned expression), methods, and `this.X = …` in the constructor. */
function readMembers(node: ClassNode): Map<string, Member[]> {
  const members = new Map<string, Member[]>();
  const add = (name: string | undefined, value: Node | null | undefined, isStatic: boolean) => {
    if (name === undefined || !value) return;
    const list = members.get(name);
    if (list) list.push({ value, isStatic });
    else members.set(name, [{ value, isStatic }]);
  };
  for (const member of node.body.body) {
    if (member.type === 'PropertyDefinition') {
      add(getPropertyName(member), member.value, member.static);
    } else if (member.type === 'MethodDefinition') {
      if (member.kind === 'get') {
        if (member.value.type === 'FunctionExpression') add(getPropertyName(member), findReturnedValues(member.value)[0], member.static);
      }
      else if (member.kind === 'method') add(getPropertyName(member), member.value, member.static);
      else if (member.kind === 'constructor' && member.value.body) {
        for (const statement of member.value.body.body) {
          const name = getThisAssignmentName(statement);
          if (name !== undefined) add(name, ((statement as TSESTree.ExpressionStatement).expression as TSESTree.AssignmentExpression).right, false);
        }
      }
    }
  }
  return members;
}

/** `name = ReadTool.toolName` / `this.constructor.toolName` → the static field's value. */
function resolveStaticReference(input: Node, node: ClassNode, members: ReadonlyMap<string, Member[]>): Node {
  const value = unwrap(input);
  if (value.type !== 'MemberExpression') return input;
  const key = getMemberKey(value);
  const object = unwrap(value.object);
  const isOwnClass =
    (object.type === 'Identifier' && node.id?.name === object.name) ||
    (object.type === 'MemberExpression' && object.object.type === 'ThisExpression' && getMemberKey(object) === 'constructor');
  const target = key !== undefined && isOwnClass ? members.get(key)?.find((m) => m.isStatic) : undefined;
  return target?.value ?? input;
}
