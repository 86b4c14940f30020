// What stays, what moves to markdown, and what moves to a parameter (issue 11, item 3). The selection's
// mechanics are tested with a model that follows the cues (so that the shipped model's decisions, measured
// on the labelled sets, cannot change what these tests mean).
import { describe, expect, test } from 'vitest';
import { findConstrainedParam, hashFeature, MODEL_CATEGORIES, type ProseModel } from '@toolslim/core';
import { selectUnits as selectWithModel, type Selection, type SelectOptions } from '../src/select.js';

const BUCKETS = 1024;
const CUES: ProseModel = {
  buckets: BUCKETS,
  scale: 1000,
  temperature: 1,
  moveThreshold: 0.9,
  reviewThreshold: 0.2,
  // A unit no cue decided is read the same wherever it stands (`cue:none`): as what or how alike, so that it
  // is sure to be no guardrail or constraint, and the cues' reading (what in the opening, detail past it) decides.
  weights: MODEL_CATEGORIES.flatMap((category) =>
    Array.from({ length: BUCKETS }, (_, bucket) => {
      if (bucket === hashFeature(`cue:${category}`, BUCKETS)) return 8000;
      return (category === 'what' || category === 'how') && bucket === hashFeature('cue:none', BUCKETS) ? 3000 : 0;
    }),
  ),
};

function selectUnits(value: string, extraSentences: number, pinned?: readonly [number, number], options: SelectOptions = {}): Selection | undefined {
  return selectWithModel(value, extraSentences, pinned, { model: CUES, ...options });
}

/** The description as the plan leaves it (deleted ranges cut out). */
function getKeptText(value: string, selection: Selection | undefined): string {
  if (!selection) return value;
  let out = '';
  let cursor = 0;
  for (const [start, end] of selection.deleteRanges) {
    out += value.slice(cursor, start);
    cursor = end;
  }
  return out + value.slice(cursor);
}

describe('findConstrainedParam', () => {
  test('a parameter named in a code span', () => {
    expect(findConstrainedParam('Pass `start_day` as YYYY-MM-DD.', ['start_day', 'days'])).toBe('start_day');
  });
  test('a parameter named in words, plural included', () => {
    expect(findConstrainedParam('Dates are written as YYYY-MM-DD.', ['date', 'limit'])).toBe('date');
    expect(findConstrainedParam('The start date must be in the past.', ['startDate', 'limit'])).toBe('startDate');
  });
  test('two parameters, or none, keep the sentence in the description', () => {
    expect(findConstrainedParam('Pass exactly one of `a` or `b`.', ['a', 'b'])).toBeUndefined();
    expect(findConstrainedParam('Values are case-sensitive.', ['a', 'b'])).toBeUndefined();
  });
  test('naming a parameter that cannot take the text is ambiguous too', () => {
    expect(findConstrainedParam('Pass exactly one of `a` or `b`.', ['a'], ['a', 'b'])).toBeUndefined();
  });
  test('nested parameters match by their own name; two with one name are ambiguous', () => {
    expect(findConstrainedParam('`depth` is at most 3.', ['options.depth'])).toBe('options.depth');
    expect(findConstrainedParam('A `date` is YYYY-MM-DD.', ['from.date', 'to.date'])).toBeUndefined();
  });
  test('code spans decide over words', () => {
    expect(findConstrainedParam('Pass the query text in `q` as YYYY-MM-DD.', ['q', 'query'])).toBe('q');
  });
});

describe('selectUnits', () => {
  const description =
    'List the events of a calendar. Use it to answer questions about a schedule. Pass `start_day` as YYYY-MM-DD. Pass exactly one of `calendar_id` or `calendar_name`. Events come back sorted by start time.';

  test('a constraint that names one parameter goes there, not to markdown', () => {
    const selection = selectUnits(description, 2, undefined, { params: ['start_day', 'calendar_id', 'calendar_name'] })!;
    expect(selection.toParams.map((move) => [move.param, move.unit.text])).toEqual([['start_day', 'Pass `start_day` as YYYY-MM-DD.']]);
    expect(selection.moved.map((unit) => unit.text)).toEqual(['Events come back sorted by start time.']);
    expect(getKeptText(description, selection)).toBe(
      'List the events of a calendar. Use it to answer questions about a schedule. Pass exactly one of `calendar_id` or `calendar_name`.',
    );
    // The moved text is only what goes to markdown.
    expect(selection.movedChunks).toEqual(['Events come back sorted by start time.']);
  });

  test('a constraint the parameter\'s schema already states moves with the how-text, as a second run would move it from the parameter', () => {
    const value = 'List the runs of a job. Use it to check on recent work. Valid values of `state`: queued, running, done.';
    const state = { schema: { type: 'string', enum: ['queued', 'running', 'done'] }, name: 'state' };
    const withEnum = selectUnits(value, 2, undefined, { params: ['state'], paramSchemas: new Map([['state', state]]) })!;
    expect(withEnum.toParams).toEqual([]);
    expect(withEnum.movedChunks).toEqual(['Valid values of `state`: queued, running, done.']);
    // A free string's valid values are a constraint the call needs: they go to the parameter.
    const free = selectUnits(value, 2, undefined, { params: ['state'], paramSchemas: new Map([['state', { schema: { type: 'string' } }]]) })!;
    expect(free.toParams.map((move) => move.param)).toEqual(['state']);
  });

  test('without parameters that can take it, a constraint stays in the description', () => {
    const selection = selectUnits(description, 2)!;
    expect(selection.toParams).toEqual([]);
    expect(getKeptText(description, selection)).toContain('Pass `start_day` as YYYY-MM-DD.');
  });

  test('a parameter keeps its constraint over filler', () => {
    const value = 'Powerful and seamless filtering. Format: YYYY-MM-DD.';
    const selection = selectUnits(value, 0, undefined, { parameter: true })!;
    expect(selection.moved.map((unit) => unit.text)).toEqual(['Powerful and seamless filtering.']);
    expect(getKeptText(value, selection)).toBe('Format: YYYY-MM-DD.');
    // A first sentence that says what the parameter is stays, with the constraint.
    expect(selectUnits('The first day to list. Format: YYYY-MM-DD.', 0, undefined, { parameter: true })).toBeUndefined();
  });

  test('a parameter keeps its first sentence and moves the how-text after it', () => {
    const value = 'Maximum number of results. Defaults to 10. Larger values are slower because every page is fetched in turn.';
    const selection = selectUnits(value, 0, undefined, { parameter: true })!;
    expect(getKeptText(value, selection)).toBe('Maximum number of results.');
  });

  test('a markup block is not the kept what: the what comes from prose', () => {
    const value = '<use_case>Use it for dashboards. It reads cached data.</use_case>\nShow a chart of a metric. Colours follow the theme.';
    const selection = selectUnits(value, 0)!;
    expect(getKeptText(value, selection)).toBe('Show a chart of a metric.');
    expect(selection.movedChunks[0]).toBe('<use_case>Use it for dashboards. It reads cached data.</use_case>');
  });

  test('a description that is only markup keeps the first prose sentence of its first block, inside its tags', () => {
    const value = '<use_case>\n  Compare two schemas.\n  The output is a JSON diff.\n</use_case>\n\n<workflow>\n  1. Call it.\n  2. Read the diff.\n</workflow>';
    const selection = selectUnits(value, 2)!;
    expect(getKeptText(value, selection)).toBe('<use_case>\n  Compare two schemas.\n  </use_case>');
    expect(selection.movedChunks).toEqual(['The output is a JSON diff.', '<workflow>\n  1. Call it.\n  2. Read the diff.\n</workflow>']);
  });

  test('a second run over the slimmed text moves nothing (the pointer is not the prose what)', () => {
    const value = '<use_case>\n  Lists the docs pages from the index.\n  Use it before fetching a page.\n\n  Pages are sorted by title.\n</use_case>';
    const once = getKeptText(value, selectUnits(value, 2));
    expect(once).toBe('<use_case>\n  Lists the docs pages from the index.\n  Use it before fetching a page.\n\n  </use_case>');
    const pointer = 'Before first use: read_instructions family="docs".';
    const slimmed = `${once} ${pointer}`;
    expect(selectUnits(slimmed, 2, [slimmed.length - pointer.length, slimmed.length])).toBeUndefined();
  });

  test('a guardrail block is opened: its guardrail sentences stay between its tags, the rest moves', () => {
    const value = 'Run a migration.\n\n<important_notes>\n  Always ask the user first before applying it.\n  It takes a few seconds.\n</important_notes>\n\nThe result lists each statement.';
    const selection = selectUnits(value, 2)!;
    expect(getKeptText(value, selection)).toBe('Run a migration.\n\n<important_notes>\n  Always ask the user first before applying it.\n  </important_notes>');
    expect(selection.moved.map((unit) => unit.text)).toEqual(['It takes a few seconds.', 'The result lists each statement.']);
  });

  test('a guardrail block none of whose units reads as a guardrail on its own stays whole', () => {
    // The words that make the block a guardrail ("ask … the user") run across two of its units.
    const value = 'Run a migration.\n\n<important_notes>\n  Before applying it, ask\n\n  the user.\n</important_notes>\n\nThe result lists each statement.';
    const selection = selectUnits(value, 2)!;
    expect(getKeptText(value, selection)).toContain('<important_notes>\n  Before applying it, ask\n\n  the user.\n</important_notes>');
    expect(selection.moved.map((unit) => unit.text)).toEqual(['The result lists each statement.']);
  });

  test('a lead-in stays with a guardrail of its list, and so do the other steps of the numbered list', () => {
    const value = 'Run SQL.\n\n<important_notes>\n  If you have a temporary branch from a prior step, you MUST:\n  1. Pass the branch ID to this tool unless explicitly told otherwise\n  2. Tell the user which branch you used\n</important_notes>';
    const selection = selectUnits(value, 2);
    const kept = selection ? getKeptText(value, selection) : value;
    expect(kept).toContain('If you have a temporary branch from a prior step, you MUST:\n  1. Pass the branch ID');
    expect(kept).toContain('2. Tell the user which branch you used');
  });

  test('inside an opened block, a constraint stays with the tags and the rest moves', () => {
    const value = '<use_case>\n  Compare two schemas.\n  It takes a few seconds.\n  Dates are written as YYYY-MM-DD.\n  The result lists each statement.\n</use_case>';
    const selection = selectUnits(value, 0);
    expect(getKeptText(value, selection)).toBe('<use_case>\n  Compare two schemas.\n  Dates are written as YYYY-MM-DD.\n  </use_case>');
  });
});
