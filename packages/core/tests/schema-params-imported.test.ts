/**
 * Parameters of schemas written in other modules (issue 11): with the module resolver, each parameter
 * is read where it is written — through a barrel, a namespace import, a described field imported by the
 * shape — and its description's source offsets are offsets in that module, so the codemod can edit it
 * there. Without a resolver (ESLint, syntax-only) an imported schema lists no parameters, as before.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeSource, createModuleResolver, type ParamDecl, type ToolDecl } from '@toolslim/core';

const files: Record<string, string> = {
  'src/config.ts': `export const DEFAULT_WAREHOUSE = 'main';\n`,
  'src/schemas/fields.ts': `import { z } from 'zod';\n\nexport const skuField = z.string().describe('The stock keeping unit. Letters and digits only, as printed on the label.');\n`,
  'src/schemas/inventory.ts': [
    `import { z } from 'zod';`,
    `import { DEFAULT_WAREHOUSE } from '../config.js';`,
    `import { skuField } from './fields.js';`,
    ``,
    'const WAREHOUSE_DESCRIPTION = `The warehouse to look in. When omitted, ${DEFAULT_WAREHOUSE} is used.`;',
    ``,
    `export const countStockSchema = z.object({`,
    `  sku: skuField,`,
    `  warehouse: z.string().optional().describe(WAREHOUSE_DESCRIPTION),`,
    `});`,
    ``,
    `export const moveStockSchema = z.object({`,
    `  quantity: z.number().int().describe('How many units to move. Partial moves are allowed.'),`,
    `  warehouse: z.string().describe(WAREHOUSE_DESCRIPTION),`,
    `});`,
    ``,
  ].join('\n'),
  'src/schemas/index.ts': `export * from './inventory.js';\n`,
  'src/server.ts': [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { countStockSchema } from './schemas/index.js';`,
    `import * as schemas from './schemas/index.js';`,
    ``,
    `const server = new McpServer({ name: 'stock', version: '1.0.0' });`,
    `server.tool('count_stock', 'Count the units of one item.', countStockSchema.shape, async () => ({ content: [] }));`,
    `server.tool('move_stock', 'Move units between warehouses.', schemas.moveStockSchema.shape, async () => ({ content: [] }));`,
    ``,
  ].join('\n'),
};

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolslim-params-'));
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), code);
  }
  return dir;
}

function readTools(dir: string, withResolver: boolean): ToolDecl[] {
  const filePath = join(dir, 'src/server.ts');
  return [...analyzeSource(readFileSync(filePath, 'utf8'), { filePath, resolveModule: withResolver ? createModuleResolver() : undefined }).tools];
}

/** The source each run of a description was written as, in the module the parameter says. */
function getWrittenAs(param: ParamDecl): string[] {
  if (param.description?.kind !== 'static' || !param.descriptionFilePath) return [];
  const code = readFileSync(param.descriptionFilePath, 'utf8');
  return param.description.pieces.flatMap((p) => (p.sourceOffsets ? [code.slice(p.sourceOffsets[0], p.sourceOffsets[p.sourceOffsets.length - 1])] : []));
}

describe('parameters of imported schemas', () => {
  const dir = project();
  const inventory = join(dir, 'src/schemas/inventory.ts');

  it('reads each parameter where it is written: through a barrel, a namespace import and an imported field', () => {
    const [count, move] = readTools(dir, true);
    expect(count.params.map((p) => [p.name, p.filePath, p.descriptionFilePath, p.required])).toEqual([
      ['sku', inventory, join(dir, 'src/schemas/fields.ts'), true],
      ['warehouse', inventory, inventory, false],
    ]);
    expect(move.params.map((p) => [p.name, p.description?.kind === 'static' ? p.description.value : undefined, p.required])).toEqual([
      ['quantity', 'How many units to move. Partial moves are allowed.', true],
      ['warehouse', 'The warehouse to look in. When omitted, main is used.', true],
    ]);
  });

  it("maps every literal character of a description to that module's source, the shared constant once for all its uses", () => {
    const [count, move] = readTools(dir, true);
    expect(getWrittenAs(count.params[0])).toEqual(['The stock keeping unit. Letters and digits only, as printed on the label.']);
    const countWarehouse = count.params[1];
    const moveWarehouse = move.params[1];
    // The template's two literal runs are offsets in inventory.ts; `${DEFAULT_WAREHOUSE}` is read through the resolver.
    expect(getWrittenAs(countWarehouse)).toEqual(['The warehouse to look in. When omitted, ', ' is used.']);
    const offsets = (p: ParamDecl) => (p.description?.kind === 'static' ? p.description.pieces.map((piece) => piece.sourceOffsets?.[0]) : []);
    expect(offsets(moveWarehouse)).toEqual(offsets(countWarehouse));
    // The nodes a rule or the codemod would use are the other module's.
    const code = readFileSync(inventory, 'utf8');
    expect(code.slice(moveWarehouse.node.range[0], moveWarehouse.node.range[1])).toBe('warehouse: z.string().describe(WAREHOUSE_DESCRIPTION)');
  });

  it('lists no parameter of an imported schema without a module resolver', () => {
    const [count, move] = readTools(dir, false);
    expect(count.params).toEqual([]);
    expect(move.params).toEqual([]);
  });
});
