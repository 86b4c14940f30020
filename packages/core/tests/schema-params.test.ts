/**
 * Parameters: one ParamDecl per property (nested ones with their path), pointing at the nodes a rule
 * reports on and the codemod edits, with descriptions that map back to their exact source offsets.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { describe, expect, it } from 'vitest';
import { findProperty, parseSource, walk } from '../src/ast.js';
import type { Framework, Node, ParamDecl, TextValue } from '../src/model.js';
import { evaluateSchema } from '../src/schema/index.js';

function evaluateConst(code: string, name: string, framework: Framework = 'mcp-sdk', zodVersion: 3 | 4 = 4) {
  const program = parseSource(code, 'tools.ts');
  let init: Node | undefined;
  walk(program, (node) => {
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.id.name === name && node.init) init = node.init;
  });
  if (!init) throw new Error(`no const ${name}`);
  return evaluateSchema(init, framework, { program, filePath: 'tools.ts', zodVersion });
}

/** The source text each piece of a static text was written as. */
function getSourceSlices(code: string, text: TextValue | undefined): string[] {
  if (!text || text.kind !== 'static') return [];
  return text.pieces.map((p) => code.slice(p.sourceOffsets![0], p.sourceOffsets![p.sourceOffsets!.length - 1]));
}

function getSource(code: string, node: Node | undefined): string {
  return node ? code.slice(node.range[0], node.range[1]) : '';
}

function summarise(params: readonly ParamDecl[]) {
  return params.map((p) => ({
    path: p.path.join('.'),
    required: p.required,
    description: p.description?.kind === 'static' ? p.description.value : p.description?.kind,
  }));
}

describe('zod parameters', () => {
  const code = `import { z } from 'zod';
const PATH_HELP = 'Absolute path. ' + "Use forward slashes.";
const Shape = {
  path: z.string().describe(PATH_HELP),
  mode: z.enum(['read', 'write']).optional().meta({ description: 'Open mode' }),
  options: z.object({
    depth: z.number().int().default(1).describe('How deep to go'),
    follow: z.boolean().optional(),
  }).optional(),
  filters: z.array(z.object({ field: z.string().describe('Field') })),
};`;

  it('lists top-level and nested properties with path, requiredness and description', () => {
    const { schema, params } = evaluateConst(code, 'Shape');
    expect(schema.kind).toBe('static');
    expect(summarise(params)).toEqual([
      { path: 'path', required: true, description: 'Absolute path. Use forward slashes.' },
      { path: 'mode', required: false, description: 'Open mode' },
      { path: 'options', required: false, description: undefined },
      { path: 'options.depth', required: false, description: 'How deep to go' },
      { path: 'options.follow', required: false, description: undefined },
      { path: 'filters', required: true, description: undefined },
      { path: 'filters.field', required: true, description: 'Field' },
    ]);
  });

  it('points at the Property, the describe call or meta description, and the sibling container', () => {
    const { params } = evaluateConst(code, 'Shape');
    const [path, mode, options, depth] = params;
    expect(path.node.type).toBe('Property');
    expect(getSource(code, path.node)).toBe('path: z.string().describe(PATH_HELP)');
    expect(getSource(code, path.descriptionNode)).toBe('z.string().describe(PATH_HELP)');
    expect(getSource(code, mode.descriptionNode)).toBe("description: 'Open mode'");
    expect(getSource(code, depth.descriptionNode)).toBe("z.number().int().default(1).describe('How deep to go')");
    expect((path.container as TSESTree.ObjectExpression).properties).toHaveLength(4);
    expect(findProperty(depth.container as TSESTree.ObjectExpression, 'follow')).toBeDefined();
    expect(options.container).toBe(path.container);
    // The description text keeps where each run was written, through the constant and the `+`.
    expect(getSourceSlices(code, path.description)).toEqual(['Absolute path. ', 'Use forward slashes.']);
  });

  it('carries each parameter’s published JSON Schema', () => {
    const { schema, params } = evaluateConst(code, 'Shape');
    if (schema.kind !== 'static') throw new Error('expected a static schema');
    const properties = schema.json.properties as Record<string, unknown>;
    expect(params[0].schema).toEqual({ type: 'string', description: 'Absolute path. Use forward slashes.' });
    expect(params[1].schema).toEqual(properties.mode);
    expect(params[3].schema).toEqual({ default: 1, description: 'How deep to go', type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 });
    expect(params[6].schema).toEqual({ type: 'string', description: 'Field' });
  });

  it('follows extend, merge, spreads and pick, and uses the published schema for requiredness', () => {
    const source = `import { z } from 'zod';
const Base = z.object({ id: z.string(), note: z.string().describe('Free text') });
const Extra = { ...{ tag: z.string().default('x') } };
const Picked = Base.pick({ id: true });
const Extended = Base.extend({ ...Extra, size: z.number() }).merge(z.object({ last: z.null() }));
const FromShape = Base.shape;`;
    expect(summarise(evaluateConst(source, 'FromShape').params)).toEqual([
      { path: 'id', required: true, description: undefined },
      { path: 'note', required: true, description: 'Free text' },
    ]);
    expect(summarise(evaluateConst(source, 'Picked').params)).toEqual([{ path: 'id', required: true, description: undefined }]);
    expect(summarise(evaluateConst(source, 'Extended').params)).toEqual([
      { path: 'id', required: true, description: undefined },
      { path: 'note', required: true, description: 'Free text' },
      { path: 'tag', required: false, description: undefined },
      { path: 'size', required: true, description: undefined },
      { path: 'last', required: true, description: undefined },
    ]);
  });
});

describe('JSON Schema parameters', () => {
  it('lists properties of a literal, nested objects and array items, with the description Property', () => {
    const code = `const schema = {
  type: 'object',
  properties: {
    query: { type: 'string', description: \`Text to search\` },
    page: { type: 'object', properties: { size: { type: 'integer', description: 'Page size' } }, required: ['size'] },
    sorts: { type: 'array', items: { type: 'object', properties: { by: { type: 'string' } } } },
  },
  required: ['query'],
};`;
    const { schema, params } = evaluateConst(code, 'schema', 'mcp-sdk-low-level');
    expect(schema).toMatchObject({ kind: 'static' });
    expect(summarise(params)).toEqual([
      { path: 'query', required: true, description: 'Text to search' },
      { path: 'page', required: false, description: undefined },
      { path: 'page.size', required: true, description: 'Page size' },
      { path: 'sorts', required: false, description: undefined },
      { path: 'sorts.by', required: false, description: undefined },
    ]);
    expect(params.every((p) => p.style === 'json-schema')).toBe(true);
    expect(getSource(code, params[0].descriptionNode)).toBe('description: `Text to search`');
    expect(params[2].schema).toEqual({ type: 'integer', description: 'Page size' });
  });

  it('tells a zod shape with a `type` parameter from a JSON Schema literal', () => {
    const code = `import { z } from 'zod';
const shape = { type: z.enum(['a', 'b']).describe('Kind'), properties: z.record(z.string(), z.string()) };`;
    const { params } = evaluateConst(code, 'shape');
    expect(params.map((p) => [p.name, p.style])).toEqual([
      ['type', 'zod'],
      ['properties', 'zod'],
    ]);
  });
});
