import { describe, expect, it } from 'vitest';
import { classifySentences, findRedundantParts, isHow, splitSentences } from '@toolslim/core';
import { buildReferenceJsonSchemaProperties } from '@toolslim/runtime';

// The fragment must pass toolslim's own rules: one sentence per parameter, no "how" text,
// nothing that only restates the schema. Checked with core's prose analysis, the same the rules use.
const variants = [
  {},
  { references: ['path'] as const, subject: 'markdown document' },
  { references: ['url'] as const, names: { content: 'html', url: 'page_url', expectedSha256: 'sha256' } },
];

describe('reference fragment descriptions under toolslim’s own prose rules', () => {
  for (const options of variants) {
    for (const [name, property] of Object.entries(buildReferenceJsonSchemaProperties(options))) {
      it(`${name} (${JSON.stringify(options)}) is one sentence, not how, not redundant`, () => {
        expect(splitSentences(property.description)).toHaveLength(1);
        expect(classifySentences(property.description).filter(isHow)).toEqual([]);
        expect(findRedundantParts(property.description, { name, schema: { ...property }, required: false })).toEqual([]);
      });
    }
  }
});
