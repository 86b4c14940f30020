import { describe, expect, it } from 'vitest';
import { evaluateText, parseSource, walk, type Node, type TextValue } from '@toolslim/core';

function evaluateConst(code: string, name: string, filePath = 'file.ts'): { value: TextValue; code: string } {
  const program = parseSource(code, filePath);
  let init: Node | undefined;
  walk(program, (node) => {
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.id.name === name && node.init) init = node.init;
  });
  if (!init) throw new Error(`no const ${name}`);
  return { value: evaluateText(init, { program, filePath }), code };
}

/** The source text each piece maps to, decoded back through its offsets. */
function sourceOf(code: string, value: TextValue): string[] {
  if (value.kind !== 'static') return [];
  return value.pieces.map((p) => (p.sourceOffsets ? code.slice(p.sourceOffsets[0], p.sourceOffsets[p.sourceOffsets.length - 1]) : '<external>'));
}

describe('evaluateText', () => {
  it('reads literals with escapes and maps every character back to source', () => {
    const { value, code } = evaluateConst(`const d = 'It\\'s a \\u00e9 test.\\nNext.';`, 'd');
    expect(value).toMatchObject({ kind: 'static', value: "It's a é test.\nNext." });
    expect(sourceOf(code, value)).toEqual(["It\\'s a \\u00e9 test.\\nNext."]);
    if (value.kind !== 'static') return;
    const offsets = value.pieces[0].sourceOffsets!;
    expect(code.slice(offsets[7], offsets[8])).toBe('\\u00e9');
  });

  it('joins `+` chains, arrays joined with a separator, and same-file constants', () => {
    const { value } = evaluateConst(
      `const INTRO = "Reads a file.";\nconst RULES = ["Use absolute paths.", "Never follow symlinks."];\nconst d = INTRO + " " + RULES.join("\\n");`,
      'd',
    );
    expect(value).toMatchObject({ kind: 'static', value: 'Reads a file. Use absolute paths.\nNever follow symlinks.' });
  });

  it('removes common indentation for dedent tags and keeps exact offsets', () => {
    const { value, code } = evaluateConst('const d = dedent`\n    First line.\n      Indented.\n  `;', 'd');
    expect(value).toMatchObject({ kind: 'static', value: 'First line.\n  Indented.' });
    expect(sourceOf(code, value).join('|')).toBe('First line.\n|  Indented.');
  });

  it('resolves CommonJS `exports.X` and constant-object members', () => {
    const { value } = evaluateConst(
      `exports.DESC = "From exports.";\nconst TEXTS = { read: 'Reads.' };\nconst d = exports.DESC + ' ' + TEXTS.read;`,
      'd',
      'out.cjs',
    );
    expect(value).toMatchObject({ kind: 'static', value: 'From exports. Reads.' });
  });

  it('marks templates with expressions as dynamic and keeps the readable parts', () => {
    const { value } = evaluateConst('const d = `Runs on ${process.platform} today.`;', 'd');
    expect(value).toMatchObject({ kind: 'dynamic', readable: 'Runs on  today.' });
    if (value.kind === 'dynamic') expect(value.dynamicNodes[0].type).toBe('MemberExpression');
  });

  it('never reads a reassigned or shadowed name as a constant', () => {
    expect(evaluateConst(`let d = "a";\nd = "b";\nconst e = d;`, 'e').value.kind).toBe('dynamic');
    const shadowed = evaluateConst(`const t = "outer";\nfunction f(t) { const e = t; return e; }`, 'e');
    expect(shadowed.value.kind).toBe('dynamic');
  });

  it('reads imported constants only through a resolver', () => {
    const code = `import { READ_DESC } from './texts.js';\nconst d = READ_DESC + '!';`;
    const program = parseSource(code, 'a.ts');
    let init: Node | undefined;
    walk(program, (n) => {
      if (n.type === 'VariableDeclarator' && n.init && n.id.type === 'Identifier' && n.id.name === 'd') init = n.init;
    });
    expect(evaluateText(init!, { program, filePath: 'a.ts' }).kind).toBe('dynamic');
    const resolved = evaluateText(init!, {
      program,
      filePath: 'a.ts',
      resolveConstant: (ref) => (ref.importedName === 'READ_DESC' && ref.source === './texts.js' ? { value: 'Reads', file: 'texts.ts' } : undefined),
    });
    expect(resolved).toMatchObject({ kind: 'static', value: 'Reads!' });
    if (resolved.kind === 'static') expect(resolved.pieces[0].externalFile).toBe('texts.ts');
  });
});
