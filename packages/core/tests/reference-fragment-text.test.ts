import { buildReferenceFragmentProperties as fromRuntime } from '@toolslim/runtime/reference-fragment-text';
import { describe, expect, it } from 'vitest';
import { buildReferenceFragmentProperties as fromCore, type ReferenceFragmentSourceOptions } from '../src/index.js';

// core keeps a copy of the runtime's fragment text so that the ESLint plugin need not install the runtime.
const cases: ReferenceFragmentSourceOptions[] = [
  { style: 'zod' },
  { style: 'json-schema' },
  { style: 'zod', omit: ['content'], names: { content: 'body', path: 'body_path' }, subject: 'document', zodIdentifier: 'zod_1.z', quote: '"' },
  { style: 'json-schema', references: ['url'], subject: "page's text", quote: "'" },
  { style: 'zod', references: ['path'], names: { expectedSha256: 'sha' } },
];

describe('reference fragment text', () => {
  it.each(cases)('is the same in core and runtime for %j', (options) => {
    expect(fromCore(options)).toEqual(fromRuntime(options));
  });
});
