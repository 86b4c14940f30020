// Exact what / when / how classifications for a table of sentences, each placed after an opening sentence
// (the first unit of a description is always `what`).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOW_CATEGORIES, classifySentences, type ClassifiedSentence } from '../src/index.js';

function classifyAfterOpening(sentence: string): ClassifiedSentence {
  const units = classifySentences(`Does one thing.\n\n${sentence}`);
  expect(units).toHaveLength(2);
  return units[1];
}

type Row = readonly [sentence: string, kind: string, category: string | undefined, cue: string | undefined];

const TABLE: readonly Row[] = [
  // what: describes what the tool does
  ['It also accepts folders.', 'what', undefined, undefined],
  ['The tool walks the tree recursively.', 'what', undefined, undefined],
  ['Works with GitHub Enterprise Server too.', 'what', undefined, undefined],
  // when: use and selection guidance
  ['Use this when the user asks for open pull requests.', 'when', undefined, 'Use this when'],
  ['Call this tool to fetch a fresh token.', 'when', undefined, 'Call this tool to'],
  ['Only use this after create_session succeeded.', 'when', undefined, 'Only use this after'],
  ['Prefer this over web_search for internal pages.', 'when', undefined, 'Prefer this over'],
  ['Only for repositories you own.', 'when', undefined, 'Only for'],
  ['Best for small, targeted edits.', 'when', undefined, 'Best for'],
  ['Use `read_file` instead for a single file.', 'when', undefined, 'Use `read_file` instead'],
  ['Do not use this for binary files; use read_binary instead.', 'when', undefined, 'Do not use'],
  ["Don't call this to list files, call `list_dir`.", 'when', undefined, "Don't call"],
  ['If you need the raw bytes, use this tool.', 'when', undefined, 'If you need the raw bytes, use this'],
  ['Typically used to warm the cache before a batch.', 'when', undefined, 'Typically used to'],
  ['This should be called before any write.', 'when', undefined, 'should be called before'],
  // rule
  ['The path must be absolute.', 'how', 'rule', 'must'],
  ['Never include credentials in the query.', 'how', 'rule', 'Never'],
  ['Do not call this with an empty list.', 'how', 'rule', 'Do not'],
  ['Labels are required for bug reports.', 'how', 'rule', 'required'],
  ['At most 100 ids per request.', 'how', 'rule', 'At most'],
  ['Tag names are case-sensitive.', 'how', 'rule', 'case-sensitive'],
  ['Max. 4,000 characters per message.', 'how', 'rule', 'Max'],
  ['Avoid wildcards in the first segment.', 'how', 'rule', 'Avoid'],
  ['Use `fields` to limit the output.', 'how', 'rule', 'Use `fields`'],
  ['Set include_archived to true for old items.', 'how', 'rule', 'Set include_archived'],
  ['Pass the cursor parameter from the last page.', 'how', 'rule', 'Pass the cursor parameter'],
  ['Use cases range from triage to reporting.', 'what', undefined, undefined],
  // default
  ['Defaults to 20.', 'how', 'default', 'Defaults to'],
  ['By default, archived projects are skipped.', 'how', 'default', 'By default'],
  ['If omitted, the current branch is used.', 'how', 'default', 'If omitted'],
  ['Page size (default: 50) can be raised.', 'how', 'default', 'default:'],
  ['The default is the main branch.', 'how', 'default', 'default is'],
  // example
  ['e.g. `owner/repo#123`.', 'how', 'example', 'e.g.'],
  ['For example, `status:open` finds open issues.', 'how', 'example', 'For example'],
  ['Example: `SELECT 1`.', 'how', 'example', 'Example:'],
  ['Accepts operators such as `site:` and `filetype:`.', 'how', 'example', 'such as `site:`'],
  ['Call it like search("term", { limit: 5 }) to page.', 'how', 'example', 'search("term"'],
  ['Sample request: {"q": "x"}.', 'how', 'example', 'Sample request:'],
  // edge-case
  ['If the file does not exist, an empty string comes back.', 'how', 'edge-case', 'If'],
  ['When the token expired, the call fails with 401.', 'how', 'edge-case', 'When'],
  ['Unless expand is set, changelogs are left out.', 'how', 'edge-case', 'Unless'],
  ['Otherwise the first match wins.', 'how', 'edge-case', 'Otherwise'],
  ['Archived items are skipped unless include_archived is true.', 'how', 'edge-case', 'unless'],
  ['In case of a conflict the server keeps both copies.', 'how', 'edge-case', 'In case'],
  // format
  ['Returns an array of { id, title, url }.', 'how', 'format', 'Returns'],
  ['The response contains items and a next cursor.', 'how', 'format', 'The response contains'],
  ['Dates are ISO 8601 strings in UTC.', 'how', 'format', 'ISO 8601'],
  ['Each match carries the line and column fields.', 'how', 'format', 'fields'],
  ['Results are sorted by score.', 'how', 'format', 'Results'],
  ['Output is pretty-printed JSON.', 'how', 'format', 'Output'],
  ['Mentions use the <@U123> syntax.', 'how', 'format', 'syntax'],
  // warning
  ['IMPORTANT: this deletes the remote branch as well.', 'how', 'warning', 'IMPORTANT'],
  ['Warning: rate limits apply per token.', 'how', 'warning', 'Warning'],
  ['Note that results may be stale.', 'how', 'warning', 'Note'],
  ['CAUTION - irreversible.', 'how', 'warning', 'CAUTION'],
  ['This is irreversible!!', 'how', 'warning', '!!'],
  ['You MUST pass the etag.', 'how', 'warning', 'MUST'],
  ['**Never** log the token.', 'how', 'warning', '**Never**'],
  ['THIS WILL ERASE EVERYTHING in the bucket.', 'how', 'warning', 'THIS WILL ERASE EVERYTHING'],
  ['Do not use this for large uploads.', 'how', 'rule', 'Do not'],
  // literals do not count: inline code and quotes are masked for every cue but examples
  ['It takes a `MUST_CHANGE` flag and a "never" keyword.', 'what', undefined, undefined],
  ['Uses the JSON:API spec with an URL and an ID.', 'how', 'format', 'JSON'],
];

describe('classifySentences: table', () => {
  it.each(TABLE)('%s → %s %s', (sentence, kind, category, cue) => {
    const unit = classifyAfterOpening(sentence);
    expect({ kind: unit.kind, category: unit.category, cue: unit.cue }).toEqual({ kind, category, cue });
  });
});

describe('classifySentences: position and markup', () => {
  it('always makes the first prose unit what, whatever it says', () => {
    const [first] = classifySentences('IMPORTANT: Returns JSON and must be called first. More.');
    expect([first.kind, first.category, first.cue]).toEqual(['what', undefined, 'first sentence']);
  });

  it('makes every markup unit how/markup, first or not, naming the block', () => {
    const text = '## Usage\nSearch docs.\n- a rule\n```\ncode\n```\n<rules>x</rules>\n| a | b |\n|---|---|';
    expect(classifySentences(text).map((unit) => [unit.kind, unit.category, unit.cue])).toEqual([
      ['how', 'markup', 'heading'],
      ['what', undefined, undefined],
      ['how', 'markup', 'list item'],
      ['how', 'markup', 'code fence'],
      ['how', 'markup', 'XML-like block'],
      ['how', 'markup', 'table'],
    ]);
  });

  it('moves a lead-in with the markup it introduces', () => {
    const units = classifySentences('Creates a tag.\nOptions:\n- force\n\nAlso this:\nno list follows.');
    expect(units.map((unit) => [unit.text, unit.kind, unit.category])).toEqual([
      ['Creates a tag.', 'what', undefined],
      ['Options:', 'how', 'markup'],
      ['- force', 'how', 'markup'],
      ['Also this:', 'what', undefined],
      ['no list follows.', 'what', undefined],
    ]);
  });

  it('keeps offsets of the split', () => {
    const text = 'Lists files. Defaults to the cwd.';
    expect(classifySentences(text)).toEqual([
      { text: 'Lists files.', start: 0, end: 12, markup: false, kind: 'what', category: undefined, cue: 'first sentence' },
      { text: 'Defaults to the cwd.', start: 13, end: 33, markup: false, kind: 'how', category: 'default', cue: 'Defaults to' },
    ]);
  });
});

describe('docs/how-categories.md', () => {
  const page = readFileSync(fileURLToPath(new URL('../../../docs/how-categories.md', import.meta.url)), 'utf8');

  /** Rows of the markdown table whose header starts with `header`: arrays of trimmed cells. */
  function getTableRows(header: string): string[][] {
    const lines = page.split('\n');
    const start = lines.findIndex((line) => line.startsWith(`| ${header} `));
    const rows: string[][] = [];
    for (const line of lines.slice(start + 2)) {
      if (!line.startsWith('|')) break;
      rows.push(line.slice(1, -1).split(' | ').map((cell) => cell.trim()));
    }
    return rows;
  }

  it('lists every category of HOW_CATEGORIES with its example, and nothing else', () => {
    const rows = getTableRows('category');
    expect(rows.map(([category]) => category)).toEqual(HOW_CATEGORIES.map((info) => `\`${info.category}\``));
    expect(rows.map((row) => row[2])).toEqual(HOW_CATEGORIES.map((info) => info.example));
  });

  it('classifies every example on the page as its category', () => {
    const examples = [
      ...getTableRows('category').map(([category, , example]) => ['how', category.replaceAll('`', ''), example]),
      ...getTableRows('order').map(([, kind, category, , example]) => [kind, category === '—' ? undefined : category.replaceAll('`', ''), example]),
    ];
    expect(examples.length).toBe(16);
    for (const [kind, category, example] of examples) {
      const unit = classifySentences(`Does one thing.\n\n${example}`)[1];
      expect([unit.kind, unit.category], example).toEqual([kind, category]);
    }
  });
});
