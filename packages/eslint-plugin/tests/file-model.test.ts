import { parseSource } from '@toolslim/core';
import type { TSESLint } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { getFileModel } from '../src/utils/file-model.js';

const CODE = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\nserver.tool('ping', 'Answers pong.', async () => ({ content: [] }));\n";

/** The parts of a rule context the model reads, as ESLint hands them to every rule of one file. */
function buildContext(ast: ReturnType<typeof parseSource>): Readonly<TSESLint.RuleContext<string, readonly unknown[]>> {
  return { filename: '/project/server.ts', settings: {}, sourceCode: { ast, parserServices: {} } } as unknown as Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;
}

describe('getFileModel', () => {
  it('computes one model per AST, shared by every rule that asks for it', () => {
    const ast = parseSource(CODE, '/project/server.ts');
    const first = getFileModel(buildContext(ast));
    expect(first.tools.map((tool) => tool.name?.kind === 'static' && tool.name.value)).toEqual(['ping']);
    expect(getFileModel(buildContext(ast))).toBe(first);
  });

  it('never hands one file the model of another, even with identical text', () => {
    const first = getFileModel(buildContext(parseSource(CODE, '/project/server.ts')));
    const second = getFileModel(buildContext(parseSource(CODE, '/project/server.ts')));
    expect(second).not.toBe(first);
    expect(second.tools[0].node).not.toBe(first.tools[0].node);
  });
});
