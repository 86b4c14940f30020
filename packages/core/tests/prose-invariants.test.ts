// Invariants of the sentence splitter and the classifier over long, realistic MCP descriptions and over
// generated inputs: coverage of the input, order, trimming, determinism, and no split inside protected text.
import { describe, expect, it } from 'vitest';
import { classifySentences, splitSentences, type Sentence } from '../src/index.js';

/** Long tool descriptions in the style real servers ship (written for these tests). */
const VERBOSE_DESCRIPTIONS: readonly string[] = [
  [
    'Create or update a file in a GitHub repository on a given branch.',
    'Use this when you need to commit a single file; for several files at once, prefer push_files instead.',
    '',
    'IMPORTANT: the `sha` of the blob being replaced is REQUIRED when updating an existing file, otherwise the API answers 409.',
    'Get it from get_file_contents first (e.g. `get_file_contents({"path": "src/index.ts"})`).',
    '',
    'Rules:',
    '- The path is relative to the repository root, e.g. `docs/README.md`, never `/docs/README.md`.',
    '- Content must be UTF-8 text; binary files are not supported.',
    '- The branch must exist. If it does not, create it with create_branch.',
    '',
    'Returns JSON with `commit.sha`, `commit.html_url` and `content.path`.',
    'Defaults: branch defaults to the repository default branch (usually `main`).',
  ].join('\n'),
  'Search the web and return the top results. Only for public pages; do not use for intranet URLs, use intranet_search instead. ' +
    'The query supports operators such as `site:example.com` and `filetype:pdf`. Results are ranked by relevance. ' +
    'Each result has title, url, snippet and published_at (ISO 8601, UTC). At most 20 results are returned per call; ' +
    'use offset to page. If nothing matches, an empty array is returned. NOTE: results may be cached for up to 15 min. ' +
    'See https://docs.example.com/search/operators.html for the full list of operators, or mail support@example.com.',
  [
    '<description>',
    'Runs a read-only SQL query against the analytics warehouse.',
    '</description>',
    '<rules>',
    '1. Only SELECT statements are allowed. INSERT, UPDATE and DELETE are rejected.',
    '2. Always add a LIMIT clause; queries without one are capped at 1,000 rows.',
    '3. Table names are case-sensitive (approx. 300 tables, see list_tables).',
    '</rules>',
    '<example>',
    'SELECT id, name FROM users WHERE created_at > \'2024-01-01\' LIMIT 10;',
    '</example>',
    'Returns rows as an array of objects, one per row, in column order.',
  ].join('\n'),
  '# browser_navigate\n\nNavigate the open tab to a URL and wait for the page to load.\n\n## When to use\n\n' +
    '* Use this before browser_click or browser_type, which act on the current page.\n' +
    '* Do not use this to download files: use browser_download.\n\n## Parameters\n\n' +
    '| name | meaning |\n| --- | --- |\n| url | absolute URL, http(s) only |\n| timeout | ms, default 30000 |\n\n' +
    '```ts\nawait browser_navigate({ url: "https://example.com" });\n```\n\nWARNING!! Pages that never fire `load` time out after 30 s.',
  'Send a message to a Slack channel.\r\nThe text supports mrkdwn (*bold*, _italic_, `code`).\r\nIf the channel is archived the call fails with channel_is_archived.\r\n' +
    'Mentions use the <@U123ABC> form. Max. 4,000 characters per message; longer text is split by the client, i.e. not by this tool.',
  'Fetch a page and convert it to Markdown.\n\n  The conversion keeps headings, links and tables.\n  Scripts, styles and nav bars are dropped.\n' +
    'Use raw=true for the original HTML (v2.3.1 and later). Dr. Brown\'s guide (U.S. edition, No. 4) explains the heuristics etc. in detail.',
  'Lists Jira issues matching a JQL query. Example: `project = ABC AND status = "In Progress"`. The response contains issues[], total and ' +
    'nextPageToken. By default 50 issues per page. You should request only the fields you need, such as `summary` and `status`. ' +
    '**Never** pass user-provided JQL without escaping quotes. Unless expand is set, changelogs are omitted.',
  'Upload a file.\n\n```\nupload_file({ path: "./report.pdf" })\n```\nThe file must be under 10 MB.\n~~~\nunclosed tilde fence runs to the end\n',
];

/** Deterministic pseudo-random numbers (mulberry32), so generated inputs are the same on every run. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FRAGMENTS = [
  'Reads a file.', 'e.g. "Foo" works.', 'Use `a. B` here.', 'See https://x.io/a.b?c=1.', 'Mail a@b.co today.', 'Edit .env and config.json.',
  'Version 1.2.3 is out!', 'Really?', 'approx. 5 MB', 'etc.', 'Dr. Who', '- list item', '* star item', '1. numbered', '# Heading',
  '```js\nx. Y\n```', '<rules>\nNever. Ever.\n</rules>', '| a | b |\n| - | - |', '   ', '\n', '\n\n', '\r\n', '\t', '…', '—', ')',
  'IMPORTANT: stop', 'Défault à 10 €.', '日本語の文です。', '👍 done.', '"unclosed quote', '`unclosed code', '<tag>', '</tag>', 'x'.repeat(50),
];

function generateInput(random: () => number): string {
  const count = 1 + Math.floor(random() * 14);
  let text = '';
  for (let i = 0; i < count; i += 1) {
    text += FRAGMENTS[Math.floor(random() * FRAGMENTS.length)];
    text += [' ', '\n', '', '  ', '\n\n'][Math.floor(random() * 5)];
  }
  return text;
}

const GENERATED = Array.from({ length: 400 }, (_, index) => generateInput(createRandom(index + 1)));

/** Every invariant of a split, in one place; returns the units for further checks. */
function expectWellFormedSplit(text: string): Sentence[] {
  const units = splitSentences(text);
  let previousEnd = 0;
  let rebuilt = '';
  for (const unit of units) {
    expect(unit.start).toBeGreaterThanOrEqual(previousEnd);
    expect(unit.end).toBeGreaterThan(unit.start);
    expect(unit.text).toBe(text.slice(unit.start, unit.end));
    expect(unit.text).toBe(unit.text.trim());
    const gap = text.slice(previousEnd, unit.start);
    expect(gap.trim()).toBe('');
    rebuilt += gap + unit.text;
    previousEnd = unit.end;
  }
  expect(text.slice(previousEnd).trim()).toBe('');
  rebuilt += text.slice(previousEnd);
  expect(rebuilt).toBe(text);
  return units;
}

describe('splitSentences invariants', () => {
  it.each(VERBOSE_DESCRIPTIONS.map((text, index) => [index, text] as const))('covers verbose description %i exactly', (_, text) => {
    const units = expectWellFormedSplit(text);
    expect(units.length).toBeGreaterThan(3);
  });

  it('covers 400 generated inputs exactly', () => {
    for (const text of GENERATED) expectWellFormedSplit(text);
  });

  it('covers edge inputs exactly', () => {
    for (const text of ['', ' ', '\n\n', '.', 'a', '...', '- ', '-', '#', '```', '<a>', '|', '| x |\n| y |', '\u00a0x\u00a0', '\r\n\r\n']) {
      expectWellFormedSplit(text);
    }
  });

  it('is deterministic', () => {
    for (const text of [...VERBOSE_DESCRIPTIONS, ...GENERATED.slice(0, 50)]) {
      expect(splitSentences(text)).toEqual(splitSentences(text));
      expect(classifySentences(text)).toEqual(classifySentences(text));
    }
  });

  it('never ends a unit inside inline code, a URL, an e-mail address or a version', () => {
    const protectedTexts = ['`a. B`', 'https://x.io/a.b?c=1', 'a@b.co', '1.2.3', 'config.json'];
    // An unclosed backtick pairs with the next one (as in CommonMark), so those inputs protect other text.
    const balanced = [...VERBOSE_DESCRIPTIONS, ...GENERATED].filter((text) => !text.includes('`unclosed'));
    for (const text of balanced) {
      for (const unit of splitSentences(text)) {
        for (const literal of protectedTexts) {
          for (let at = text.indexOf(literal); at !== -1; at = text.indexOf(literal, at + 1)) {
            const literalEnd = at + literal.length;
            const cutsInside = (unit.start > at && unit.start < literalEnd) || (unit.end > at && unit.end < literalEnd);
            expect(cutsInside, `${JSON.stringify(literal)} cut by ${JSON.stringify(unit.text)}`).toBe(false);
          }
        }
      }
    }
  });

  it('keeps every markup block whole and marked', () => {
    const units = splitSentences(VERBOSE_DESCRIPTIONS[3]);
    const fence = units.find((unit) => unit.markupKind === 'code-fence');
    expect(fence?.text).toBe('```ts\nawait browser_navigate({ url: "https://example.com" });\n```');
    const table = units.find((unit) => unit.markupKind === 'table');
    expect(table?.text.split('\n')).toHaveLength(4);
    expect(units.filter((unit) => unit.markupKind === 'heading').map((unit) => unit.text)).toEqual([
      '# browser_navigate',
      '## When to use',
      '## Parameters',
    ]);
    for (const unit of units) expect(unit.markup).toBe(unit.markupKind !== undefined);
  });

  // How fast these inputs are split (linear, not quadratic) is test/bench/prose.bench.mjs.
  it('splits a 200 KB description with a long unbroken run', () => {
    const text = `Uploads data. ${'QUJD'.repeat(50_000)}. Done. ${'Word. '.repeat(5_000)}`;
    const units = expectWellFormedSplit(text);
    expect(units.length).toBeGreaterThan(5_000);
  });

  it.each([
    ['unclosed nested tags', '. <a>'.repeat(20_000) + '</a>'],
    ['tags on every line', '\n<a>'.repeat(20_000) + '</a>'],
    ['a long whitespace run', `a${' '.repeat(200_000)}b. C.`],
    ['many blank-line paragraphs', 'Para. \n\n'.repeat(20_000)],
    ['many list items', '- item\n'.repeat(20_000)],
    ['backticks without pairs', `${'`x '.repeat(20_000)}.`],
    ['at signs', 'a@'.repeat(50_000)],
  ])('handles %s (~100 KB)', (_, text) => {
    expect(() => classifySentences(text)).not.toThrow();
    expectWellFormedSplit(text);
  });
});

describe('classifySentences invariants', () => {
  it('classifies every unit of every description with a cue; how units (only) carry a kind of how', () => {
    for (const text of [...VERBOSE_DESCRIPTIONS, ...GENERATED]) {
      const classified = classifySentences(text);
      expect(classified.map(({ text: unitText, start, end, markup }) => ({ text: unitText, start, end, markup }))).toEqual(
        splitSentences(text).map(({ text: unitText, start, end, markup }) => ({ text: unitText, start, end, markup })),
      );
      for (const unit of classified) {
        expect(['what', 'when', 'guardrail', 'constraint', 'how', 'filler']).toContain(unit.category);
        expect(unit.category === 'how').toBe(unit.howKind !== undefined);
        expect(unit.cue).toBeTruthy();
        if (unit.cueSource === 'position') expect(unit.category).toBe('what');
      }
    }
  });

  it('finds how text in every verbose description', () => {
    for (const text of VERBOSE_DESCRIPTIONS) {
      const classified = classifySentences(text);
      expect(classified.filter((unit) => unit.category === 'how').length).toBeGreaterThanOrEqual(1);
    }
  });
});
