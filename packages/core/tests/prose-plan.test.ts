// The planner (prose/plan.ts) and the prose model (prose/model.ts). The mechanism is tested with small
// models built here, whose probabilities follow the cues, so a retrained shipped model cannot change what
// these tests mean; the shipped model is checked for its form (size, determinism, thresholds).
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classifySentence, findPointer, findUnitFeatures, getParamTargets, getSafeShare, getShippedModel, hashFeature, MODEL_CATEGORIES, parseProseModel, planDescription, scoreFeatures, splitSentences, type ProseModel } from '../src/index.js';
import type { JsonObject } from '../src/model.js';

const BUCKETS = 1024;

/** A model that reads the cues' category as `strength` evidence for the same category and nothing else. */
function buildCueModel(strength: number, moveThreshold: number): ProseModel {
  const weights = new Array<number>(MODEL_CATEGORIES.length * BUCKETS).fill(0);
  MODEL_CATEGORIES.forEach((category, k) => {
    weights[k * BUCKETS + hashFeature(`cue:${category}`, BUCKETS)] += strength * 1000;
  });
  return { buckets: BUCKETS, scale: 1000, weights, temperature: 1, moveThreshold, reviewThreshold: 0.2 };
}

const SURE = buildCueModel(8, 0.9);
/** The same evidence, but a threshold no unit clears: nothing is sure enough to move. */
const NEVER = buildCueModel(8, 1.01);

const moved = (text: string, model: ProseModel, options = {}) => planDescription(text, { model, ...options }).selection?.moved.map((unit) => unit.text) ?? [];

describe('planDescription', () => {
  const text = 'Renames a bucket. Defaults to the current region. For example, rename `logs` to `old-logs`.';

  it('moves a unit only when the model is sure it is how-text, and says so per unit', () => {
    expect(moved(text, SURE)).toEqual(['Defaults to the current region.', 'For example, rename `logs` to `old-logs`.']);
    const plan = planDescription(text, { model: SURE });
    expect(plan.places).toEqual(['stays', 'markdown', 'markdown']);
    expect(plan.selection?.reasons).toEqual(['how', 'how']);
    expect(plan.units[1].probabilities!.how).toBeGreaterThan(0.9);
  });

  it('abstains: a unit the model is not sure of stays, read as the likeliest kept category', () => {
    const plan = planDescription(text, { model: NEVER });
    expect(plan.selection).toBeUndefined();
    expect(plan.places).toEqual(['stays', 'stays', 'stays']);
  });

  it('keeps a unit that names a harm topic, however sure the model is', () => {
    const harmful = 'Renames a bucket. Defaults to deleting the old public link. For example, rename `logs` to `old-logs`.';
    expect(moved(harmful, SURE)).toEqual(['For example, rename `logs` to `old-logs`.']);
    const unit = planDescription(harmful, { model: SURE }).units[1];
    expect(unit.cueSource).toBe('model');
    expect(unit.cue).toMatch(/^names /);
  });

  it('moves a unit that names a harm topic only when the model clears its stricter harm threshold', () => {
    const harmful = 'Renames a bucket. Defaults to deleting the old public link. For example, rename `logs` to `old-logs`.';
    const share = getSafeShare(SURE, planDescription(harmful, { model: SURE }).units[1].probabilities!);
    expect(moved(harmful, { ...SURE, harmThreshold: share })).toEqual(['Defaults to deleting the old public link.', 'For example, rename `logs` to `old-logs`.']);
    expect(moved(harmful, { ...SURE, harmThreshold: share + 0.001 })).toEqual(['For example, rename `logs` to `old-logs`.']);
    expect(planDescription(harmful, { model: { ...SURE, harmThreshold: share + 0.001 } }).keptBecause).toEqual(['opening', 'harm', undefined]);
  });

  it('overrules the cues\' constraint only when the model reads it as how-text to its overrule threshold', () => {
    const text = 'Renames a bucket. Must be lowercase, as in the wobble guide. For example, rename `logs` to `old-logs`.';
    // The word "wobble" is strong evidence of how-text to this model, against the cue's evidence of a constraint.
    const weights = SURE.weights.slice();
    weights[MODEL_CATEGORIES.indexOf('how') * BUCKETS + hashFeature('w:wobble', BUCKETS)] += 20_000;
    const howModel: ProseModel = { ...SURE, weights };
    const constraint = 'Must be lowercase, as in the wobble guide.';
    expect(moved(text, howModel)).toEqual(['For example, rename `logs` to `old-logs`.']);
    expect(moved(text, { ...howModel, overruleThreshold: 0.99 })).toEqual([constraint, 'For example, rename `logs` to `old-logs`.']);
    const plan = planDescription(text, { model: { ...howModel, overruleThreshold: 0.99 } });
    expect(plan.units[1]).toMatchObject({ category: 'how', cueSource: 'model', cueCategory: 'constraint' });
    // Without the word the model follows the cue: the constraint stays whatever the overrule threshold.
    expect(moved(text.replace('wobble', 'style'), { ...SURE, overruleThreshold: 0.5 })).toEqual(['For example, rename `logs` to `old-logs`.']);
  });

  it("never overrules what one value of a parameter does: the parameter's meaning value by value", () => {
    // "wobble" is strong evidence of how-text to this model; the overrule threshold is one any unit clears.
    const weights = SURE.weights.slice();
    weights[MODEL_CATEGORIES.indexOf('how') * BUCKETS + hashFeature('w:wobble', BUCKETS)] += 20_000;
    const howModel: ProseModel = { ...SURE, weights, overruleThreshold: 0.5 };
    const slowCool = { parameter: true, schema: { schema: { type: 'boolean', default: false }, required: false, name: 'slowCool' } };
    for (const text of ['Cools the kiln slowly. When true, the kiln holds each wobble step for an hour.', 'Cools the kiln slowly. Set to false to skip the wobble steps.', 'Cools the kiln slowly. `gentle` adds a wobble step.']) {
      const plan = planDescription(text, { model: howModel, ...slowCool });
      expect(plan.units[1].category, text).toBe('constraint');
      expect(plan.places[1], text).toBe('stays');
    }
    // Another constraint of the same parameter is still the model's to overrule, and the same words in a tool's description too.
    expect(moved('Cools the kiln slowly. Must be off for a wobble glaze.', howModel, slowCool)).toEqual(['Must be off for a wobble glaze.']);
    expect(moved('Fires the kiln. Must be lowercase, as in the wobble guide.', howModel)).toEqual(['Must be lowercase, as in the wobble guide.']);
  });

  it('never overrules what omitting a parameter does where its schema states no default; a default value it may', () => {
    const weights = SURE.weights.slice();
    weights[MODEL_CATEGORIES.indexOf('how') * BUCKETS + hashFeature('w:wobble', BUCKETS)] += 20_000;
    const howModel: ProseModel = { ...SURE, weights, overruleThreshold: 0.5 };
    const shelf = (schema: JsonObject) => ({ parameter: true, schema: { schema, required: false, name: 'shelf' } });
    const behaviour = 'Kiln shelf to fire on. If omitted, the wobble shelf nearest the door is used.';
    const plan = planDescription(behaviour, { model: howModel, ...shelf({ type: 'string' }) });
    expect(plan.units[1].category).toBe('constraint');
    expect(plan.places[1]).toBe('stays');
    // "Falls back to …" says it too.
    const fallback = planDescription('Kiln shelf to fire on. Falls back to the wobble shelf of the kiln config.', { model: howModel, ...shelf({ type: 'string' }) });
    expect(fallback.places[1]).toBe('stays');
    // A single default value is one the call may pass itself: the model decides it.
    expect(moved('Kiln shelf to fire on. Defaults to wobble.', howModel, shelf({ type: 'string' }))).toEqual(['Defaults to wobble.']);
    // Where the schema states the default, the sentence restates it and moves.
    expect(moved(behaviour, howModel, shelf({ type: 'string', default: 'door' }))).toEqual(['If omitted, the wobble shelf nearest the door is used.']);
  });

  it('never overrules a guardrail by the cues', () => {
    const text = 'Renames a bucket. Never rename a wobble bucket the user did not name.';
    const weights = SURE.weights.slice();
    weights[MODEL_CATEGORIES.indexOf('how') * BUCKETS + hashFeature('w:wobble', BUCKETS)] += 20_000;
    expect(moved(text, { ...SURE, weights, overruleThreshold: 0.5 })).toEqual([]);
  });

  it('says why each unit stays', () => {
    const text = 'Renames a bucket. Never rename a bucket the user did not name. For example, rename `logs` to `old-logs`.';
    const plan = planDescription(text, { model: SURE });
    expect(plan.keptBecause).toEqual(['opening', 'protected', undefined]);
    expect(planDescription(text, { model: NEVER }).keptBecause).toEqual(['opening', 'protected', 'model-doubt']);
  });

  it('opens a block and moves only its how items', () => {
    const tips = ['Renames a bucket.', '', '<tips>', '- Ask the user before renaming a shared bucket.', '- Defaults to the current region.', '- For example, rename `logs` to `old-logs`.', '</tips>'].join('\n');
    const plan = planDescription(tips, { model: SURE });
    expect(plan.selection?.moved.map((unit) => unit.text)).toEqual(['- Defaults to the current region.', '- For example, rename `logs` to `old-logs`.']);
    expect(plan.units.filter((_, i) => plan.places[i] === 'stays').map((unit) => unit.text)).toContain('<tips>');
  });

  it('moves a block whole when nothing inside it stays', () => {
    const notes = ['Renames a bucket.', '', '<notes>', '- Defaults to the current region.', '- For example, rename `logs` to `old-logs`.', '</notes>'].join('\n');
    expect(planDescription(notes, { model: SURE }).selection?.moved.map((unit) => unit.markupKind)).toEqual(['xml-block']);
  });

  it('keeps a lead-in whose list stays', () => {
    const list = ['Renames a bucket.', '', 'BEFORE RENAMING:', '- Ask the user before renaming a shared bucket.', '', 'Defaults to the current region.'].join('\n');
    expect(moved(list, SURE)).toEqual(['Defaults to the current region.']);
  });

  it('gives a constraint that names one parameter to that parameter, and keeps one that names two', () => {
    const targets = getParamTargets([
      { path: ['date'], schema: { type: 'string' }, required: true, takesText: true },
      { path: ['until'], schema: { type: 'string' }, required: false, takesText: true },
    ]);
    const one = planDescription('Lists events. The `date` must be in YYYY-MM-DD format.', { model: SURE, ...targets });
    expect(one.selection?.toParams.map((move) => move.param)).toEqual(['date']);
    expect(one.places).toEqual(['stays', 'parameter']);
    const two = planDescription('Lists events. Give either `date` or `until`, not both.', { model: SURE, ...targets });
    expect(two.selection).toBeUndefined();
  });

  it('keeps slim\'s own pointer and never counts it', () => {
    const slimmed = 'Renames a bucket. Before first use: read_instructions family="buckets".';
    const plan = planDescription(slimmed, { model: SURE, pinned: findPointer(slimmed) });
    expect(plan.selection).toBeUndefined();
  });

  it('moves what-text past the sentence allowance only when sure it is no guardrail or constraint', () => {
    const long = 'Renames a bucket. Use it when a bucket name is wrong. Use it to fix typos in names.';
    expect(planDescription(long, { model: SURE, extraSentences: 0 }).selection?.reasons).toEqual(['extra-sentence', 'extra-sentence']);
    expect(planDescription(long, { model: SURE, extraSentences: 1 }).selection?.reasons).toEqual(['extra-sentence']);
    expect(planDescription(long, { model: NEVER, extraSentences: 0 }).selection).toBeUndefined();
  });
});

describe('the sentence limit counts what and when only', () => {
  it('keeps a later paragraph\'s when sentence within the limit and removes it past the limit', () => {
    const text = 'Renames a bucket.\n\nUse list_buckets first to find the name.';
    expect(planDescription(text, { model: SURE, extraSentences: 2 }).selection).toBeUndefined();
    expect(planDescription(text, { model: SURE, extraSentences: 0 }).selection?.reasons).toEqual(['extra-sentence']);
  });

  it('reads a later paragraph\'s what sentence as a section\'s detail, never as a sentence past the limit', () => {
    const text = 'Renames a bucket.\n\nThe bucket keeps its objects and its policies.';
    // A model sure that a unit no cue decided is what-text (and so no guardrail or constraint); buckets
    // enough that no other feature of these two units shares its bucket.
    const buckets = 1 << 14;
    const weights = new Array<number>(MODEL_CATEGORIES.length * buckets).fill(0);
    for (const [feature, category] of [['cue:what', 'what'], ['cue:none', 'what']] as const) weights[MODEL_CATEGORIES.indexOf(category) * buckets + hashFeature(feature, buckets)] += 8000;
    const plan = planDescription(text, { model: { buckets, scale: 1000, weights, temperature: 1, moveThreshold: 0.9, reviewThreshold: 0.2 }, extraSentences: 2 });
    expect(plan.units[1].category).toBe('what');
    expect(plan.selection?.reasons).toEqual(['how']);
  });
});

describe('a kiln of our own', () => {
  const text = 'Sets the kiln vent. Use it when a firing runs. Opening the vent above 600 °C cracks the glass. Sample output: {"temp": 812, "vent": "open"}.';

  it('keeps the consequence of an action and moves the example of output', () => {
    const plan = planDescription(text, { model: SURE, extraSentences: 0 });
    expect(plan.units.map((unit) => unit.category)).toEqual(['what', 'when', 'guardrail', 'how']);
    expect(plan.places).toEqual(['stays', 'markdown', 'stays', 'markdown']);
  });

  it('keeps the consequence with the shipped model too, which moves nothing the cues call a guardrail', () => {
    const plan = planDescription(text);
    expect(plan.places[2]).toBe('stays');
    expect(plan.keptBecause[2]).toBe('protected');
  });
});

describe('a library of our own: conditions on a parameter, permissions and immutable values', () => {
  const param = (name: string) => ({ parameter: true, schema: { schema: { type: 'string' }, required: false, name } });

  it('keeps optionality that depends on a condition as a constraint, and moves a plain "Optional."', () => {
    for (const text of ['Shelf to read. Optional in single-branch mode.', 'Shelf to read. Optional unless several libraries are open.', 'Shelf to read. Only needed when the shelf is shared.', 'Shelf to read. Required unless the library has one shelf.']) {
      const plan = planDescription(text, { model: SURE, ...param('shelf') });
      expect(plan.units[1].category, text).toBe('constraint');
      expect(plan.places[1], text).toBe('stays');
    }
    expect(planDescription('Shelf to read. Optional.', { model: SURE, ...param('shelf') }).units[1].category).toBe('how');
    // "WHEN" in capitals names a clause of a query language, not a condition on the parameter.
    expect(classifySentence(splitSentences('Optional WHEN condition')[0], { index: 1, parameter: true }).category).not.toBe('constraint');
  });

  it('keeps advice on permissions as a guardrail', () => {
    for (const text of ['Runs a catalogue query. Use a least-privilege account for the reading room.', "Runs a catalogue query. There is no word denylist: the reader account's permissions are the source of truth."]) {
      const plan = planDescription(text, { model: SURE });
      expect(plan.units[1].category, text).toBe('guardrail');
      expect(plan.places[1], text).toBe('stays');
    }
  });

  it('keeps a value the call must mean as a guardrail, and an immutable value as a constraint', () => {
    const clear = planDescription('Updates a loan. Use empty values only when you explicitly mean to clear a field.', { model: SURE });
    expect(clear.units[1].category).toBe('guardrail');
    const immutable = planDescription('Updates a loan. The loan id is immutable; changing it returns 400.', { model: SURE });
    expect(immutable.units[1].category).toBe('constraint');
    expect(immutable.places[1]).toBe('stays');
  });
});

describe('the shipped prose model', () => {
  const model = getShippedModel();

  it('is a file under 1 MB with one row of weights per category, and thresholds between 0 and 1', () => {
    expect(statSync(fileURLToPath(new URL('../data/prose-model.json', import.meta.url))).size).toBeLessThan(1_000_000);
    expect(model.weights).toHaveLength(MODEL_CATEGORIES.length * model.buckets);
    expect(model.moveThreshold).toBeGreaterThan(0);
    expect(model.moveThreshold).toBeLessThanOrEqual(1);
    expect(model.reviewThreshold).toBeGreaterThan(0);
    expect(model.reviewThreshold).toBeLessThan(model.moveThreshold);
  });

  it('gives the same probabilities for the same features, summing to one', () => {
    const features = ['t', 'tpos:3', 'cue:how', 'w:default'];
    const a = scoreFeatures(model, features);
    expect(scoreFeatures(model, [...features])).toEqual(a);
    expect(Object.values(a).reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 9);
  });

  it('refuses a malformed model file with a clear error', () => {
    expect(() => parseProseModel('{"buckets": 4, "weights": [1, 2]}')).toThrow('The prose model file is malformed');
  });
});

describe('what a parameter keeps', () => {
  const param = (schema: JsonObject) => ({ parameter: true, schema: { schema, required: false, name: 'value' } });

  it('keeps its meaning when a rule comes first: the rule stays as a rule and the meaning is the next unit', () => {
    const text = "MUST use field name 'column'. Name of the column to filter on. For example, `duration_ms`.";
    const plan = planDescription(text, { model: SURE, ...param({ type: 'string' }) });
    expect(plan.units.map((unit) => unit.category)).toEqual(['constraint', 'what', 'how']);
    expect(plan.places).toEqual(['stays', 'stays', 'markdown']);
  });

  it('keeps its meaning after a leading "Required." or "Optional.", which is no meaning of its own', () => {
    for (const label of ['Required.', 'Optional.']) {
      const text = `${label} Greenhouse the tray belongs to. For example, \`north\`.`;
      const plan = planDescription(text, { model: SURE, ...param({ type: 'string' }) });
      expect(plan.places).toEqual(['stays', 'stays', 'markdown']);
    }
  });

  it('keeps a meaning that names the enum\'s values after a leading rule, and moves the rest', () => {
    const text = "MUST use field name 'combination'. How to combine filters: AND or OR. For example, AND.";
    const plan = planDescription(text, { model: SURE, ...param({ type: 'string', enum: ['AND', 'OR'] }) });
    expect(plan.places).toEqual(['stays', 'stays', 'markdown']);
  });

  it('keeps what omitting it does when the schema states no default, and moves it when the schema has one', () => {
    const text = 'Line to start reading from. If not specified, reads from the beginning.';
    expect(moved(text, SURE, param({ type: 'integer' }))).toEqual([]);
    const unit = planDescription(text, { model: SURE, ...param({ type: 'integer' }) }).units[1];
    expect(unit.category).toBe('constraint');
    expect(unit.cue).toMatch(/omitting/);
    expect(moved(text, SURE, param({ type: 'integer', default: 1 }))).toEqual(['If not specified, reads from the beginning.']);
  });

  it('keeps what omitting it does when the schema cannot be read, as when it states no default; a required parameter moves it', () => {
    const unread = { parameter: true, schema: { schema: undefined, required: false, name: 'direction' } };
    for (const text of ['Sort direction. Defaults to ascending.', 'Comparison to apply. Defaults are exact matches for text and ranges for numbers.']) {
      expect(moved(text, SURE, unread)).toEqual([]);
    }
    expect(planDescription('Sort direction. Defaults to ascending.', { model: SURE, ...unread }).units[1].cue).toMatch(/schema could not be read/);
    expect(moved('Sort direction. Defaults to ascending.', SURE, { parameter: true, schema: { schema: undefined, required: true, name: 'direction' } })).toEqual(['Defaults to ascending.']);
  });

  it('keeps a default value the schema does not state, and moves it where the schema states it', () => {
    for (const text of ['Page size. Defaults to 20 when omitted.', "Stack to act on. Defaults to 'dev'.", 'Period to read. Default: medium_term.', 'Sort order. Newest first by default.']) {
      expect(moved(text, SURE, param({ type: 'string' }))).toEqual([]);
    }
    expect(moved('Page size. Defaults to 20.', SURE, param({ type: 'integer', default: 20 }))).toEqual(['Defaults to 20.']);
  });

  it('leaves what omitting a required parameter would do to the model: it is never omitted', () => {
    const required = { parameter: true, schema: { schema: { type: 'string' }, required: true, name: 'stack' } };
    expect(moved("Stack to act on. Defaults to 'dev'.", SURE, required)).toEqual(["Defaults to 'dev'."]);
  });
});

describe('a lead-in under a named lead-in', () => {
  it('reads the inner lead-in and its items under the name ("When to use"), not as how-text', () => {
    // Past the sentence limit (the opening paragraph holds three), so the section moves: for the limit, not as how-text.
    const text = ['Searches the index. Use it before a refactor. Call it when a symbol is unknown.', '', 'When to use:', 'It helps before various tasks:', '- Code search: find functions', '- Refactoring: find related code'].join('\n');
    const plan = planDescription(text, { model: SURE });
    expect(plan.units.slice(3).map((unit) => unit.category)).toEqual(['when', 'when', 'when', 'when']);
    expect(plan.selection?.moved.map((unit) => unit.text)).toEqual(['When to use:', 'It helps before various tasks:', '- Code search: find functions', '- Refactoring: find related code']);
    expect(new Set(plan.selection?.reasons)).toEqual(new Set(['extra-sentence']));
  });
});

describe('a list of choices', () => {
  const cases = (marker: string) => ['Use this when:', `${marker} the user asks which shelves a branch has`, `${marker} you need a shelf label to pass on`, `${marker} a search came back empty`];

  it('reads items bulleted with "•" as list items, as it reads "-" and "*"', () => {
    for (const marker of ['•', '-', '*']) {
      const plan = planDescription(['Lists the shelves of one branch.', ...cases(` ${marker}`)].join('\n'), { model: SURE });
      expect(plan.units.slice(2).map((unit) => [unit.markupKind, unit.category]), marker).toEqual([
        ['list-item', 'when'],
        ['list-item', 'when'],
        ['list-item', 'when'],
      ]);
    }
  });

  it('stays whole within the sentence limit, counted once with its lead-in', () => {
    const text = ['Lists the shelves of one branch. Call it before moving books.', ...cases('-')].join('\n');
    expect(moved(text, SURE)).toEqual([]);
  });

  it('moves whole past the limit, never item by item', () => {
    const text = ['Lists the shelves of one branch. Call it before moving books. Use it when a branch opens.', ...cases('-')].join('\n');
    const plan = planDescription(text, { model: SURE });
    expect(plan.selection?.moved.map((unit) => unit.text)).toEqual(cases('-'));
    expect(new Set(plan.selection?.reasons)).toEqual(new Set(['extra-sentence']));
  });
});

describe('the safety share', () => {
  it('weighs a guardrail\'s doubt by the guardrail weight: the same unit moves at weight 1 and stays at weight 3', () => {
    // How-text by its cue, with a little guardrail evidence from its words.
    const weights = new Array<number>(MODEL_CATEGORIES.length * BUCKETS).fill(0);
    weights[MODEL_CATEGORIES.indexOf('how') * BUCKETS + hashFeature('cue:how', BUCKETS)] += 4000;
    weights[MODEL_CATEGORIES.indexOf('guardrail') * BUCKETS + hashFeature('w:example', BUCKETS)] += 1500;
    const light: ProseModel = { buckets: BUCKETS, scale: 1000, weights, temperature: 1, moveThreshold: 0.85, reviewThreshold: 0.2 };
    const heavy: ProseModel = { ...light, guardrailWeight: 3 };
    const text = 'Renames a bucket. For example, rename `logs` to `old-logs`.';
    const unit = planDescription(text, { model: light }).units[1];
    expect(getSafeShare(heavy, unit.probabilities!)).toBeCloseTo(1 - 3 * unit.probabilities!.guardrail - unit.probabilities!.constraint, 9);
    expect(moved(text, light)).toEqual(['For example, rename `logs` to `old-logs`.']);
    expect(moved(text, heavy)).toEqual([]);
  });
});

describe('the features', () => {
  it('read a unit no cue decided the same in a tool\'s opening sentences and past them (a second slim run reads what the first did)', () => {
    const [unit] = splitSentences('Rename detection is on for moved files.');
    const early = { index: 1, first: 'Compares two refs.' };
    const late = { index: 4, first: 'Compares two refs.' };
    const earlyCues = classifySentence(unit, early);
    const lateCues = classifySentence(unit, late);
    expect([earlyCues.category, lateCues.category]).toEqual(['what', 'how']);
    expect(findUnitFeatures(unit, late, lateCues).sort()).toEqual(findUnitFeatures(unit, early, earlyCues).sort());
  });
});

describe("planDescription with the author's decisions", () => {
  const text = 'Renames a bucket. Defaults to the current region. For example, rename `logs` to `old-logs`.';

  it('keeps a unit the planner would move, and moves one it would keep, with the reason marked', () => {
    const kept = planDescription(text, { model: SURE, decisions: new Map([['Defaults to the current region.', 'stays']]) });
    expect(kept.places).toEqual(['stays', 'stays', 'markdown']);
    const movedByMark = planDescription(text, { model: NEVER, decisions: new Map([['Defaults to the current region.', 'markdown']]) });
    expect(movedByMark.places).toEqual(['stays', 'markdown', 'stays']);
    expect(movedByMark.selection?.reasons).toEqual(['marked']);
  });

  it('never moves the opening unit, and sends a unit to a parameter only when that parameter can take it', () => {
    const opening = planDescription(text, { model: SURE, decisions: new Map([['Renames a bucket.', 'markdown']]) });
    expect(opening.places[0]).toBe('stays');
    expect(opening.anchors[0]).toBe('opening');
    const region = new Map([['Defaults to the current region.', { param: 'region' }]]);
    expect(planDescription(text, { model: SURE, params: ['region'], allParams: ['region'], decisions: region }).places).toEqual(['stays', 'parameter', 'markdown']);
    expect(planDescription(text, { model: SURE, params: [], allParams: ['region'], decisions: region }).places).toEqual(['stays', 'stays', 'markdown']);
  });

  it('a decision on a block that moves whole keeps the whole block', () => {
    const block = '<examples>For example, rename `logs` to `old-logs`. For example, rename `a` to `b`.</examples>';
    const withBlock = `Renames a bucket. ${block}`;
    expect(planDescription(withBlock, { model: SURE }).places).toEqual(['stays', 'markdown']);
    const plan = planDescription(withBlock, { model: SURE, decisions: new Map([[block, 'stays']]) });
    expect(plan.selection).toBeUndefined();
  });
});

describe('a unit in another language than English', () => {
  it('stays, whatever the model says: the model and the cues read English only', () => {
    const english = 'Renames a bucket. For example, rename `logs` to `old-logs` in the current region.';
    const french = 'Renomme un compartiment. Par exemple, renommer `logs` en `old-logs` dans la région courante et pour le compte.';
    const cyrillic = 'Renames a bucket. Например, переименуйте `logs` в `old-logs` в текущем регионе.';
    expect(moved(english, SURE)).toEqual(['For example, rename `logs` to `old-logs` in the current region.']);
    expect(moved(french, SURE)).toEqual([]);
    expect(moved(cyrillic, SURE)).toEqual([]);
    expect(planDescription(cyrillic, { model: SURE }).units[1].cue).toMatch(/another language/);
  });

  it('is not read into code, identifiers or English with a borrowed word', () => {
    expect(moved('Lists buckets. For example, `bucket_list --per_page=20 --page=2` lists the second page.', SURE)).toEqual(['For example, `bucket_list --per_page=20 --page=2` lists the second page.']);
    expect(moved('Renames a bucket. For example, rename `logs` to `old-logs` as the docs.com guide does.', SURE)).toEqual(['For example, rename `logs` to `old-logs` as the docs.com guide does.']);
  });
});
