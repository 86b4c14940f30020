// Redundant parts of parameter descriptions: only what the schema already says, removable as whole units.
import { describe, expect, it } from 'vitest';
import { findRedundantParts, normalizeWording, type JsonObject, type ParamFacts, type RedundantPart } from '../src/index.js';

function removeParts(description: string, parts: readonly RedundantPart[]): string {
  let result = description;
  for (const part of [...parts].sort((a, b) => b.start - a.start)) result = result.slice(0, part.start) + result.slice(part.end);
  return result;
}

function param(name: string, schema: JsonObject | undefined, required = false): ParamFacts {
  return { name, schema, required };
}

type Row = readonly [label: string, description: string, facts: ParamFacts, remaining: string, reasons: readonly string[]];

const TABLE: readonly Row[] = [
  // name restated
  ['name restated', 'The file path.', param('file_path', { type: 'string' }), '', ['name']],
  ['name restated, camelCase and other order', 'Path of the file.', param('filePath', { type: 'string' }), '', ['name']],
  ['name with a short form', 'The repository name.', param('repo_name', { type: 'string' }), '', ['name']],
  ['counting name', 'Maximum number of results.', param('max_results', { type: 'integer' }), '', ['name']],
  ['name plus more is kept', 'The file path to read, relative to the root.', param('file_path', { type: 'string' }), 'The file path to read, relative to the root.', []],
  // type restated
  ['type sentence', 'A string. Glob of files to skip.', param('exclude', { type: 'string' }), 'Glob of files to skip.', ['type']],
  ['type in parentheses', 'Glob of files to skip (string).', param('exclude', { type: 'string' }), 'Glob of files to skip.', ['type']],
  ['boolean flag', 'Boolean flag. Also lists hidden files.', param('all', { type: 'boolean' }), 'Also lists hidden files.', ['type']],
  ['array of strings', 'Labels to add. Array of strings.', param('labels', { type: 'array', items: { type: 'string' } }), 'Labels to add.', ['type']],
  ['nullable type array', 'Cursor from the last page (string or null).', param('cursor', { type: ['string', 'null'] }), 'Cursor from the last page.', ['type']],
  ['type the schema does not say is kept', 'Page to fetch (number).', param('page', { type: 'string' }), 'Page to fetch (number).', []],
  // enum restated
  ['enum list', 'Sort direction. One of: asc, desc.', param('direction', { type: 'string', enum: ['asc', 'desc'] }), 'Sort direction.', ['enum']],
  ['enum list with an "Enum:" label', 'How the issues relate. Enum: blocks, relates_to, duplicates.', param('relation', { type: 'string', enum: ['blocks', 'relates_to', 'duplicates'] }), 'How the issues relate.', ['enum']],
  ['enum in parentheses with quotes', 'How to merge ("merge" | "squash" | "rebase").', param('method', { type: 'string', enum: ['merge', 'squash', 'rebase'] }), 'How to merge.', ['enum']],
  ['enum with either/or', 'Panel to dock. Either left or right.', param('side', { enum: ['left', 'right'] }), 'Panel to dock.', ['enum']],
  ['a question restating the name', 'Which side.', param('side', { enum: ['left', 'right'] }), '', ['name']],
  ['milliseconds do not join sentences', 'Wait in ms. Optional.', param('wait', { type: 'number' }), 'Wait in ms.', ['optionality']],
  ['enum that lists other values is kept', 'Sort direction. One of: asc, desc, random.', param('direction', { enum: ['asc', 'desc'] }), 'Sort direction. One of: asc, desc, random.', []],
  // seen in the corpus (issue 10): value lists after a label, echoes, mixed parentheticals
  ['enum after a label', 'Reasoning effort: minimal, low, medium or high.', param('effort', { type: 'string', enum: ['minimal', 'low', 'medium', 'high'] }), 'Reasoning effort.', ['enum']],
  ['enum after "can be"', 'Can be minimal, low, medium or high.', param('effort', { type: 'string', enum: ['minimal', 'low', 'medium', 'high'] }), '', ['enum']],
  ['a colon before other text is kept', 'Time: 10:30 or later.', param('time', { type: 'string' }), 'Time: 10:30 or later.', []],
  ['name-and-type echo', 'Search query string', { name: 'query', schema: { type: 'string' }, required: true, toolName: 'search_docs' } as ParamFacts, '', ['name']],
  ['name and tool words without the type are kept', 'Text encoding of the file.', { name: 'encoding', schema: { type: 'string' }, required: false, toolName: 'read_file' } as ParamFacts, 'Text encoding of the file.', []],
  ['mixed parenthetical with no published default', 'Whether to list hidden files (boolean, optional, default false).', param('hidden', { type: 'boolean' }), 'Whether to list hidden files (default false).', ['type', 'optionality']],
  ['one boolean value names what it means', 'Create as draft (true) or launch now (false).', param('draft', { type: 'boolean', default: true }), 'Create as draft (true) or launch now (false).', []],
  // default restated
  ['default sentence', 'Page size. Defaults to 10.', param('per_page', { type: 'integer', default: 10 }), 'Page size.', ['default']],
  ['default in parentheses', 'Page size (default: 10).', param('per_page', { type: 'integer', default: 10 }), 'Page size.', ['default']],
  ['default string with backticks', 'Branch to use. Default is `main`.', param('ref', { type: 'string', default: 'main' }), 'Branch to use.', ['default']],
  ['default boolean', 'Follow links. Defaults to false.', param('follow', { type: 'boolean', default: false }), 'Follow links.', ['default']],
  ['default that differs is kept', 'Page size. Defaults to 10.', param('per_page', { type: 'integer', default: 20 }), 'Page size. Defaults to 10.', []],
  ['default the schema lacks is kept', 'Page size. Defaults to 10.', param('per_page', { type: 'integer' }), 'Page size. Defaults to 10.', []],
  ['if omitted, defaults to', 'Timeout in ms. If omitted, defaults to 30000.', param('timeout', { type: 'number', default: 30000 }), 'Timeout in ms.', ['default']],
  // optionality restated
  ['optional sentence', 'Optional. Commit message.', param('message', { type: 'string' }, false), 'Commit message.', ['optionality']],
  ['required in parentheses', 'Issue number (required).', param('issue', { type: 'integer' }, true), 'Issue number.', ['optionality']],
  ['optional label', 'Optional: commit message to use.', param('message', { type: 'string' }, false), 'commit message to use.', ['optionality']],
  ['optional when required is kept', 'Optional. Commit message.', param('message', { type: 'string' }, true), 'Optional. Commit message.', []],
  ['optional and default together', 'Page size (optional, default 10).', param('per_page', { type: 'integer', default: 10 }), 'Page size.', ['optionality']],
  // several at once, and everything
  [
    'several sentences',
    'The query. Optional. Search text in title and body. Defaults to "". One of: a, b.',
    param('query', { type: 'string', default: '', enum: ['a', 'b'] }),
    'Search text in title and body.',
    ['name', 'optionality', 'default', 'enum'],
  ],
  ['everything redundant', 'Optional. The file path (string).', param('file_path', { type: 'string' }), '', ['optionality', 'name']],
  ['multi-line description', 'Labels to add.\nArray of strings.\nOptional.', param('labels', { type: 'array', items: { type: 'string' } }), 'Labels to add.', ['type', 'optionality']],
  ['markup is never redundant', 'Where to look.\n- string', param('where', { type: 'string' }), 'Where to look.\n- string', []],
];

describe('findRedundantParts', () => {
  it.each(TABLE)('%s', (_, description, facts, remaining, reasons) => {
    const parts = findRedundantParts(description, facts);
    expect(removeParts(description, parts).trim()).toBe(remaining);
    expect(parts.map((part) => part.reason)).toEqual(reasons);
  });

  it('returns ordered ranges that do not overlap, and leaves no doubled or dangling spaces', () => {
    for (const [, description, facts] of TABLE) {
      const parts = findRedundantParts(description, facts);
      for (let i = 1; i < parts.length; i += 1) expect(parts[i].start).toBeGreaterThanOrEqual(parts[i - 1].end);
      const rest = removeParts(description, parts);
      expect(rest).not.toMatch(/ {2}| [.,)]|\( /);
      expect(rest).toBe(rest.trim() === '' ? rest : rest.replace(/^\s+|\s+$/g, ''));
    }
  });

  it('returns exact offsets', () => {
    expect(findRedundantParts('Page size. Defaults to 10.', param('per_page', { type: 'integer', default: 10 }))).toEqual([
      { start: 10, end: 26, reason: 'default' },
    ]);
    expect(findRedundantParts('Optional. Page size.', param('per_page', { type: 'integer' }))).toEqual([
      { start: 0, end: 10, reason: 'optionality' },
    ]);
  });

  it('says nothing about a dynamic schema beyond the name and the optionality', () => {
    const parts = findRedundantParts('A string. Defaults to 10. Optional. The file path.', param('file_path', undefined));
    expect(parts.map((part) => part.reason)).toEqual(['optionality', 'name']);
  });
});

describe('normalizeWording', () => {
  it.each([
    ['The path to the file.', 'path to file'],
    ['path to file', 'path to file'],
    ['  The `path` to THE file!! ', 'path to file'],
    ['An ID of the repo', 'identifier of repository'],
    ['The IDs of the issues.', 'identifier of issue'],
    ['Maximum number of results to return', 'maximum number of result to return'],
    ['Max number of results to return', 'maximum number of result to return'],
    ['Ｆｕｌｌｗｉｄｔｈ text', 'fullwidth text'],
  ])('%s → %s', (text, key) => {
    expect(normalizeWording(text)).toBe(key);
  });

  it('keeps different meanings apart', () => {
    expect(normalizeWording('Path of the repository')).not.toBe(normalizeWording('Repository of the path'));
    expect(normalizeWording('Absolute path to the file')).not.toBe(normalizeWording('Path to the file'));
  });
});
