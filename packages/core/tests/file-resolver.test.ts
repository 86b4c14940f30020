import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileConstantResolver, createModuleResolver, evaluateText, parseSource, walk, type Node } from '@toolslim/core';

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolslim-resolver-'));
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), code);
  }
  return dir;
}

function evaluateIn(dir: string, file: string, name: string) {
  const filePath = join(dir, file);
  const program = parseSource(readFileSync(filePath, 'utf8'), filePath);
  let init: Node | undefined;
  walk(program, (node) => {
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.id.name === name && node.init) init = node.init;
  });
  return evaluateText(init!, { program, filePath, resolveConstant: createFileConstantResolver() });
}

describe('createFileConstantResolver', () => {
  it('reads constants from other files through `.js` specifiers, re-exports and CommonJS', () => {
    const dir = project({
      'src/texts.ts': `export const ERRORS = "Errors come back as text.";\nconst LOCAL = ['Line one.', 'Line two.'].join(' ');\nexport { LOCAL as LINES };\n`,
      'src/index.ts': `export * from './texts.js';\nexport { SHAPE } from './shape.js';\n`,
      'src/shape.ts': 'export const SHAPE = `Returns JSON.`;\n',
      'src/legacy.cjs': `"use strict";\nexports.LEGACY = "From CommonJS.";\n`,
      'src/tool.ts': [
        `import { ERRORS, LINES } from './texts.js';`,
        `import { SHAPE } from './index.js';`,
        `import { LEGACY } from './legacy.cjs';`,
        `import { missing } from 'some-package';`,
        `const d = ERRORS + ' ' + LINES + ' ' + SHAPE + ' ' + LEGACY;`,
        `const e = missing + '!';`,
      ].join('\n'),
    });
    const value = evaluateIn(dir, 'src/tool.ts', 'd');
    expect(value).toMatchObject({ kind: 'static', value: 'Errors come back as text. Line one. Line two. Returns JSON. From CommonJS.' });
    if (value.kind === 'static') expect(value.pieces.find((p) => p.externalFile)?.externalFile).toBe(join(dir, 'src/texts.ts'));
    expect(evaluateIn(dir, 'src/tool.ts', 'e').kind).toBe('dynamic');
  });

  it("reads tsc's CommonJS output, whose preamble `exports.a = exports.b = void 0` only declares the names", () => {
    const dir = project({
      'dist/texts.js': [
        '"use strict";',
        'Object.defineProperty(exports, "__esModule", { value: true });',
        'exports.SECOND = exports.FIRST = void 0;',
        'exports.FIRST = "First text.";',
        'exports.SECOND = "Second text.";',
      ].join('\n'),
      'dist/tool.mjs': `import { FIRST, SECOND } from './texts.js';\nconst d = FIRST + ' ' + SECOND;\n`,
    });
    expect(evaluateIn(dir, 'dist/tool.mjs', 'd')).toMatchObject({ kind: 'static', value: 'First text. Second text.' });
  });

  it('reads an export assigned twice as unreadable, not as either value', () => {
    const dir = project({
      'dist/texts.js': ['"use strict";', 'exports.FIRST = "One.";', 'exports.FIRST = "Two.";'].join('\n'),
      'dist/tool.mjs': `import { FIRST } from './texts.js';\nconst d = FIRST;\n`,
    });
    expect(evaluateIn(dir, 'dist/tool.mjs', 'd').kind).toBe('dynamic');
  });

  it('gives up on text that is dynamic in the other file instead of guessing', () => {
    const dir = project({
      'a.ts': 'export const WHEN = `Built on ${new Date().toISOString()}.`;\n',
      'b.ts': `import { WHEN } from './a';\nconst d = WHEN;\n`,
    });
    expect(evaluateIn(dir, 'b.ts', 'd').kind).toBe('dynamic');
  });
});

describe('text through CommonJS and ES namespaces', () => {
  const files = {
    'dist/texts.js': [
      '"use strict";',
      'Object.defineProperty(exports, "__esModule", { value: true });',
      'exports.SECOND = exports.FIRST = void 0;',
      'exports.FIRST = "First text.";',
      'exports.SECOND = `Then ${exports.FIRST}`;',
    ].join('\n'),
    // tsc's `export * from './texts'` and `export { FIRST as ALIAS } from './texts'`.
    'dist/index.js': [
      '"use strict";',
      'Object.defineProperty(exports, "__esModule", { value: true });',
      'exports.ALIAS = void 0;',
      '__exportStar(require("./texts"), exports);',
      'var texts_2 = require("./texts");',
      'Object.defineProperty(exports, "ALIAS", { enumerable: true, get: function () { return texts_2.FIRST; } });',
    ].join('\n'),
    'dist/tool.js': [
      '"use strict";',
      'const texts_1 = require("./texts");',
      'const barrel = __importStar(require("./index"));',
      'const d = texts_1.FIRST + " " + texts_1.SECOND;',
      'const e = `${barrel.SECOND} ${barrel.ALIAS}`;',
      'const f = texts_1.MISSING + "!";',
    ].join('\n'),
    'src/tool.mts': `import * as texts from './texts.mjs';\nconst d = \`\${texts.FIRST} (ESM)\`;\n`,
    'src/texts.mts': `export const FIRST = 'First text.';\n`,
  };

  it('reads `texts_1.X` of a `require` through the resolver the value evaluator uses, and marks where the text is written', () => {
    const dir = project(files);
    const d = evaluateIn(dir, 'dist/tool.js', 'd');
    expect(d).toMatchObject({ kind: 'static', value: 'First text. Then First text.' });
    if (d.kind === 'static') expect(d.pieces.filter((p) => p.externalFile).map((p) => p.externalFile)).toEqual([join(dir, 'dist/texts.js'), join(dir, 'dist/texts.js')]);
    expect(evaluateIn(dir, 'dist/tool.js', 'e')).toMatchObject({ kind: 'static', value: 'Then First text. First text.' });
    expect(evaluateIn(dir, 'src/tool.mts', 'd')).toMatchObject({ kind: 'static', value: 'First text. (ESM)' });
  });

  it('reads the same with the module resolver alone, and says why a missing member is unreadable', () => {
    const dir = project(files);
    const filePath = join(dir, 'dist/tool.js');
    const program = parseSource(readFileSync(filePath, 'utf8'), filePath);
    const find = (name: string) => {
      let init: Node | undefined;
      walk(program, (node) => {
        if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.id.name === name && node.init) init = node.init;
      });
      return init!;
    };
    const context = { program, filePath, resolveModule: createModuleResolver() };
    const d = evaluateText(find('d'), context);
    expect(d).toMatchObject({ kind: 'static', value: 'First text. Then First text.' });
    if (d.kind === 'static') expect(d.pieces[0].externalFile).toBe(join(dir, 'dist/texts.js'));
    const f = evaluateText(find('f'), context);
    expect(f).toMatchObject({ kind: 'dynamic', readable: '!' });
    if (f.kind === 'dynamic') expect(f.reason).toContain('MISSING');
  });
});
