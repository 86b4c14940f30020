/**
 * What cannot be known statically is `dynamic` with a reason — never a guess, never an exception — and
 * the parameters that can be read are still listed.
 */
import { describe, expect, it } from 'vitest';
import { parseSource, walk } from '../src/ast.js';
import type { Framework, Node } from '../src/model.js';
import { evaluateSchema } from '../src/schema/index.js';

function evaluateConst(code: string, name: string, framework: Framework = 'mcp-sdk') {
  const program = parseSource(code, 'tools.ts');
  let init: Node | undefined;
  walk(program, (node) => {
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.id.name === name && node.init) init = node.init;
  });
  if (!init) throw new Error(`no const ${name}`);
  return evaluateSchema(init, framework, { program, filePath: 'tools.ts', zodVersion: 4 });
}

describe('dynamic schemas', () => {
  it.each([
    ['a schema built by a function call', `const s = buildSchema();`, /call of `buildSchema\(\)`/],
    ['a schema imported from another file', `import { Shape } from './shape.js';\nconst s = Shape;`, /imported from '\.\/shape\.js'/],
    ['a conditional', `import { z } from 'zod';\nconst s = process.env.X ? { a: z.string() } : { b: z.string() };`, /conditional/],
    ['a description read at run time', `import { z } from 'zod';\nconst s = { a: z.string().describe(loadText()) };`, /call of `loadText\(\)`/],
    ['a default computed at run time', `import { z } from 'zod';\nconst s = { a: z.number().default(Date.now()) };`, /call of `now\(\)`/],
    ['a zod function that is not a schema builder', `import { z } from 'zod';\nconst s = { a: z.config({}) && z.string() };`, /.+/],
    ['a method toolslim does not call', `import { z } from 'zod';\nconst s = { a: z.string().safeParse('x') };`, /safeParse/],
    ['a zod import from an unknown module', `import { z } from './my-zod.js';\nconst s = { a: z.string() };`, /my-zod/],
    // With \`z.lazy(() => s)\` it is a recursive schema (schema-recursive.test.ts); without, it is never built.
    ['a schema that refers to itself outside z.lazy', `import { z } from 'zod';\nconst s = z.object({ child: z.array(s) });`, /itself/],
    ['a class instance', `const s = new Schema();`, /new/],
  ])('%s is dynamic with a reason', (_label, code, reason) => {
    const { schema } = evaluateConst(code, 's');
    expect(schema.kind).toBe('dynamic');
    if (schema.kind === 'dynamic') expect(schema.reason).toMatch(reason);
  });

  it('still lists the parameters it can read when one of them is dynamic', () => {
    const code = `import { z } from 'zod';
import { sharedLimit } from './shared.js';
const s = { query: z.string().describe('Text'), limit: sharedLimit, mode: z.enum(modes()).optional() };`;
    const { schema, params } = evaluateConst(code, 's');
    expect(schema.kind).toBe('dynamic');
    expect(params.map((p) => [p.name, p.required, p.description?.kind === 'static' ? p.description.value : undefined, p.schema])).toEqual([
      ['query', true, 'Text', undefined],
      ['limit', true, undefined, undefined],
      ['mode', false, undefined, undefined],
    ]);
  });

  it('marks a description that is only partly static as dynamic text on the parameter', () => {
    const code = `import { z } from 'zod';
const s = { path: z.string().describe(\`Path under \${root()}\`) };`;
    const { params } = evaluateConst(code, 's');
    expect(params[0].description).toMatchObject({ kind: 'dynamic', readable: 'Path under ' });
  });

  it('a schema zod itself rejects is dynamic, not an exception', () => {
    const { schema } = evaluateConst(`import { z } from 'zod';\nconst s = z.object({ a: z.string() }).pick({ b: true });`, 's');
    expect(schema).toMatchObject({ kind: 'dynamic', reason: expect.stringMatching(/zod rejected the schema: Unrecognized key/) });
    const broken = evaluateConst(`import { z } from 'zod';\nconst s = { a: z.tuple(5) };`, 's');
    expect(broken.schema).toMatchObject({ kind: 'dynamic', reason: expect.stringMatching(/conversion throws/) });
  });

  it('a schema the framework cannot convert is dynamic (zod 4 dates have no JSON Schema)', () => {
    const { schema } = evaluateConst(`import { z } from 'zod';\nconst s = { when: z.date() };`, 's');
    expect(schema).toMatchObject({ kind: 'dynamic', reason: expect.stringMatching(/conversion/) });
  });
});
