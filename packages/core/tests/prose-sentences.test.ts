// Exact sentence and markup splits: the merges Intl.Segmenter needs and the blocks that stay whole.
import { describe, expect, it } from 'vitest';
import { splitSentences } from '../src/index.js';

function getTexts(text: string): string[] {
  return splitSentences(text).map((unit) => unit.text);
}

describe('splitSentences: prose', () => {
  it.each([
    ['plain sentences', 'Reads a file. Writes a file! Deletes it?', ['Reads a file.', 'Writes a file!', 'Deletes it?']],
    ['e.g. before a capital', 'Pass a label, e.g. "Bug". Then wait.', ['Pass a label, e.g. "Bug".', 'Then wait.']],
    ['i.e. and vs.', 'Use the id, i.e. The numeric one. Compare vs. Other tools.', ['Use the id, i.e. The numeric one.', 'Compare vs. Other tools.']],
    ['approx. before a number', 'Takes approx. 5 MB of memory. Done.', ['Takes approx. 5 MB of memory.', 'Done.']],
    ['Dr. and No.', 'Written by Dr. Smith. See No. 5 for more. Next.', ['Written by Dr. Smith.', 'See No. 5 for more.', 'Next.']],
    ['U.S. mid-sentence', 'Only U.S. phone numbers are accepted. Others fail.', ['Only U.S. phone numbers are accepted.', 'Others fail.']],
    ['etc. ending a sentence', 'Supports csv, tsv, etc. The result is a table.', ['Supports csv, tsv, etc.', 'The result is a table.']],
    ['etc. mid-sentence', 'Supports csv, tsv, etc. and more. Done.', ['Supports csv, tsv, etc. and more.', 'Done.']],
    ['decimals and versions', 'Requires 1.5 GB and v1.2.3 or later. Done.', ['Requires 1.5 GB and v1.2.3 or later.', 'Done.']],
    ['a number before a capital', 'Needs release2.Beta to run. Done.', ['Needs release2.Beta to run.', 'Done.']],
    ['file names and extensions', 'Reads config.json and .env files. Writes data2024.CSV next.', ['Reads config.json and .env files.', 'Writes data2024.CSV next.']],
    ['URL at the end of a sentence', 'See https://example.com/docs/v1.2/index.html. Then call it.', ['See https://example.com/docs/v1.2/index.html.', 'Then call it.']],
    ['URL with ! and ?', 'Open https://x.io/a?b=1!Go. Done.', ['Open https://x.io/a?b=1!Go.', 'Done.']],
    ['e-mail address', 'Write to help.desk@example.co.uk. Replies take a day.', ['Write to help.desk@example.co.uk.', 'Replies take a day.']],
    ['inline code span', 'Run `git commit -m "Fix. Done"` first. Then push.', ['Run `git commit -m "Fix. Done"` first.', 'Then push.']],
    ['double backtick code span', 'Use ``a ` b. C`` here. Next.', ['Use ``a ` b. C`` here.', 'Next.']],
    ['quoted sample call', 'Call search("foo. Bar") with a term. Next.', ['Call search("foo. Bar") with a term.', 'Next.']],
    ['blank line is a break', 'First paragraph without period\n\nSecond paragraph', ['First paragraph without period', 'Second paragraph']],
    ['hard-wrapped prose stays one sentence', 'Reads a file from\nthe disk and returns\nits content.', ['Reads a file from\nthe disk and returns\nits content.']],
    ['one statement per line', 'Search the index\nReturns at most 10 hits\nUse filters to narrow', ['Search the index', 'Returns at most 10 hits', 'Use filters to narrow']],
    ['line ending with a comma continues', 'Accepts csv,\nJSON and YAML input.', ['Accepts csv,\nJSON and YAML input.']],
    ['CRLF lines', 'Line one.\r\nLine two.\r\n', ['Line one.', 'Line two.']],
    ['surrounding whitespace trimmed', '  \n Hello there.   \n', ['Hello there.']],
    ['punctuation runs stay with their sentence', 'Done. !!! Next. Wow?! Yes.', ['Done. !!!', 'Next.', 'Wow?!', 'Yes.']],
    ['a route regex ending a sentence', 'Matches /api/v1.*. Then stops.', ['Matches /api/v1.*.', 'Then stops.']],
    ['regexes and routes mid-sentence', 'Matches /api/v1.* and /users/.+ only. Next.', ['Matches /api/v1.* and /users/.+ only.', 'Next.']],
    ['an ellipsis in an id prefix', 'Ids look like agent_run_.... Pass the id (e.g. agent_run_...). Next.', ['Ids look like agent_run_....', 'Pass the id (e.g. agent_run_...).', 'Next.']],
    ['paths and globs', 'Reads ./src/index.ts or ~/.config/app.json. Loads src/tools/*.ts. Use **/*.md. Next.', ['Reads ./src/index.ts or ~/.config/app.json.', 'Loads src/tools/*.ts.', 'Use **/*.md.', 'Next.']],
    ['a terminator glued to the next character', 'Returns run.Id and v2.x. Next.', ['Returns run.Id and v2.x.', 'Next.']],
    ['e.g., and i.e., with commas', 'Pass a label, e.g., Bug. Use the id, i.e., The numeric one. Next.', ['Pass a label, e.g., Bug.', 'Use the id, i.e., The numeric one.', 'Next.']],
    ['non-English text', 'Lit un fichier. Écrit un autre. 日本語の文です。次の文です。', ['Lit un fichier.', 'Écrit un autre.', '日本語の文です。', '次の文です。']],
  ])('%s', (_, text, expected) => {
    expect(getTexts(text)).toEqual(expected);
  });

  it('splits sentences glued by concatenation, but not file names or members', () => {
    expect(getTexts('Creates a new Bucket.Return the details of a bucket by its key.')).toEqual(['Creates a new Bucket.', 'Return the details of a bucket by its key.']);
    expect(getTexts('Wait for the upload.Once the file is stored, read it.')).toEqual(['Wait for the upload.', 'Once the file is stored, read it.']);
    expect(getTexts('Reads settings.yaml and Bucket.list results.')).toEqual(['Reads settings.yaml and Bucket.list results.']);
    expect(getTexts('Call `store.Open the door` and see https://x.io/a.Read me now.')).toEqual(['Call `store.Open the door` and see https://x.io/a.Read me now.']);
  });

  it('breaks before a sentence that opens with inline code, but not after an abbreviation', () => {
    expect(getTexts('Set `mode` to pick one. `retainLogs` requires a paid plan.')).toEqual(['Set `mode` to pick one.', '`retainLogs` requires a paid plan.']);
    expect(getTexts('Pass a flag, e.g. `dryRun` set to true.')).toEqual(['Pass a flag, e.g. `dryRun` set to true.']);
  });

  it('reports offsets into the input', () => {
    const text = '  Reads a file.  Then stops. ';
    expect(splitSentences(text)).toEqual([
      { text: 'Reads a file.', start: 2, end: 15, markup: false },
      { text: 'Then stops.', start: 17, end: 28, markup: false },
    ]);
  });
});

describe('splitSentences: markup blocks', () => {
  it('makes each list item a unit, with its indented continuation lines', () => {
    const text = 'Rules:\n- Never push.\n  Really. Never.\n* Star item\n+ Plus item\n1. First\n2) Second\n  - nested item\nAfter the list.';
    const units = splitSentences(text);
    expect(units.map((unit) => [unit.text, unit.markupKind])).toEqual([
      ['Rules:', undefined],
      ['- Never push.\n  Really. Never.', 'list-item'],
      ['* Star item', 'list-item'],
      ['+ Plus item', 'list-item'],
      ['1. First', 'list-item'],
      ['2) Second', 'list-item'],
      ['- nested item', 'list-item'],
      ['After the list.', undefined],
    ]);
  });

  it('keeps a fenced code block whole, including blank lines and sentence ends inside it', () => {
    const text = 'Example:\n```ts\nconst a = 1. \n\nFoo. Bar.\n```\nAfter.';
    expect(splitSentences(text).map((unit) => [unit.text, unit.markupKind])).toEqual([
      ['Example:', undefined],
      ['```ts\nconst a = 1. \n\nFoo. Bar.\n```', 'code-fence'],
      ['After.', undefined],
    ]);
  });

  it('runs an unclosed fence to the end of the text', () => {
    expect(getTexts('Intro.\n~~~\ncode. More.\n')).toEqual(['Intro.', '~~~\ncode. More.']);
  });

  it('keeps XML-like blocks whole at a line start, after a sentence and nested', () => {
    const text = 'Runs SQL. <rules>Never. Ever.</rules> Then <b>bold</b> text.\n<outer>\n<outer>inner</outer>\nStill. Outer.\n</outer>\nDone.';
    expect(splitSentences(text).map((unit) => [unit.text, unit.markupKind])).toEqual([
      ['Runs SQL.', undefined],
      ['<rules>Never. Ever.</rules>', 'xml-block'],
      ['Then <b>bold</b> text.', undefined],
      ['<outer>\n<outer>inner</outer>\nStill. Outer.\n</outer>', 'xml-block'],
      ['Done.', undefined],
    ]);
  });

  it('leaves a tag without a closing tag, or inside a sentence, in the prose', () => {
    expect(getTexts('Pass <path> here. Then <example>.')).toEqual(['Pass <path> here.', 'Then <example>.']);
    expect(getTexts('Returns Array<string>. Done.')).toEqual(['Returns Array<string>.', 'Done.']);
  });

  it('leaves an example of markup in the prose: tags inside an inline code span, or after a colon and closed on its line', () => {
    expect(getTexts('Notes in Markdown. Folds: `<details> <summary>Title</summary>Body</details>`')).toEqual(['Notes in Markdown.', 'Folds: `<details> <summary>Title</summary>Body</details>`']);
    expect(getTexts('Notes in Markdown. Folds: <details> <summary>Title</summary>Body</details>')).toEqual(['Notes in Markdown.', 'Folds: <details> <summary>Title</summary>Body</details>']);
    // A block that runs past its line is a block.
    expect(splitSentences('Rules:\n<rules>Never drop a table.\nAsk first.</rules>').map((unit) => unit.markupKind)).toEqual([undefined, 'xml-block']);
  });

  it('makes headings, thematic breaks and tables units', () => {
    const text = '# Title\nIntro text.\n---\n| a | b |\n| - | - |\n| 1 | 2 |\n\nname | value\n--- | ---\nx | y\n\n## Next';
    expect(splitSentences(text).map((unit) => [unit.text, unit.markupKind])).toEqual([
      ['# Title', 'heading'],
      ['Intro text.', undefined],
      ['---', 'thematic-break'],
      ['| a | b |\n| - | - |\n| 1 | 2 |', 'table'],
      ['name | value\n--- | ---\nx | y', 'table'],
      ['## Next', 'heading'],
    ]);
  });

  it('does not take emphasis, a hashtag, "# of" or a pipe over a rule line for markup', () => {
    const units = splitSentences('Lists tags.\n**Important:** read this.\n#hashtag is text.\n# of results per page.\nUse a | b\n\n---');
    expect(units.map((unit) => [unit.text, unit.markupKind])).toEqual([
      ['Lists tags.', undefined],
      ['**Important:** read this.', undefined],
      ['#hashtag is text.', undefined],
      ['# of results per page.', undefined],
      ['Use a | b', undefined],
      ['---', 'thematic-break'],
    ]);
    expect(getTexts('Use a | b\n---')).toEqual(['Use a | b', '---']);
  });
});

describe('a bracket opened at the end of a line', () => {
  it('keeps a multi-line JSON example in one unit', () => {
    const text = 'Logs a harvest.\nExample:\n{\n  "hive": "12",\n  "supers": 3\n}';
    expect(splitSentences(text).map((unit) => unit.text)).toEqual(['Logs a harvest.', 'Example:', '{\n  "hive": "12",\n  "supers": 3\n}']);
  });
});
