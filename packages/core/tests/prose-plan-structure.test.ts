// The planner's structural rules (prose/plan-structure.ts, prose/tool-parameter-text.ts): what the markup makes
// one piece goes together, and a tool sentence that is one parameter's text stays with that parameter. The
// models are built here and follow the cues, so a retrained shipped model cannot change what these tests mean.
import { describe, expect, it } from 'vitest';
import { getParamTargets, hashFeature, MODEL_CATEGORIES, planDescription, type ProseModel } from '../src/index.js';

const BUCKETS = 1024;

/** A model that reads the cues' category as evidence for the same category, plus any extra features given. */
function buildModel(extra: Record<string, Partial<Record<(typeof MODEL_CATEGORIES)[number], number>>> = {}): ProseModel {
  const weights = new Array<number>(MODEL_CATEGORIES.length * BUCKETS).fill(0);
  MODEL_CATEGORIES.forEach((category, k) => {
    weights[k * BUCKETS + hashFeature(`cue:${category}`, BUCKETS)] += 8000;
    for (const [feature, strengths] of Object.entries(extra)) weights[k * BUCKETS + hashFeature(feature, BUCKETS)] += (strengths[category] ?? 0) * 1000;
  });
  return { buckets: BUCKETS, scale: 1000, weights, temperature: 1, moveThreshold: 0.9, reviewThreshold: 0.2 };
}

const SURE = buildModel();
const moved = (text: string, options = {}, model = SURE) => planDescription(text, { model, ...options }).selection?.moved.map((unit) => unit.text) ?? [];
const kept = (text: string, options = {}, model = SURE) => {
  const plan = planDescription(text, { model, ...options });
  return plan.units.filter((_, i) => plan.places[i] === 'stays').map((unit) => unit.text);
};

describe('a tool sentence that is one parameter\'s text', () => {
  const targets = (glaze: { schema?: Record<string, unknown>; required?: boolean; takesText?: boolean } = {}) =>
    getParamTargets([
      { path: ['kiln'], schema: { type: 'string' }, required: true, takesText: true },
      { path: ['glaze'], schema: 'schema' in glaze ? (glaze.schema as never) : { type: 'string' }, required: glaze.required ?? false, takesText: glaze.takesText ?? false },
    ]);
  const text = 'Fires a pot in a kiln.\n\nIf `glaze` is omitted, the pot is fired bare. For example, fire it at cone 6.';

  it('keeps what omitting an optional parameter does when its schema states no default', () => {
    expect(moved(text, targets())).toEqual(['For example, fire it at cone 6.']);
    const unit = planDescription(text, { model: SURE, ...targets() }).units[1];
    expect(unit.category).toBe('constraint');
    expect(unit.cue).toMatch(/what omitting glaze does/);
  });

  it('reads the other forms of omission: "without", "if no … is given", "… defaults to"', () => {
    for (const sentence of ['Without a `glaze`, the pot is fired bare.', 'If no glaze is given, the pot is fired bare.', 'The `glaze` defaults to a clear coat.']) {
      expect(moved(`Fires a pot in a kiln.\n\n${sentence} For example, fire it at cone 6.`, targets())).toEqual(['For example, fire it at cone 6.']);
    }
  });

  it('reads "when none is given" after the parameter is named, and what omitting several together does', () => {
    const none = 'Fires a pot in a kiln.\n\nPicks the glaze firing curve and fires the pot bare when none is given. For example, fire it at cone 6.';
    expect(moved(none, targets())).toEqual(['For example, fire it at cone 6.']);
    const pair = getParamTargets([
      { path: ['kiln'], schema: { type: 'string' }, required: true, takesText: true },
      { path: ['shelves'], schema: { type: 'array' }, required: false, takesText: false },
      { path: ['posts'], schema: { type: 'array' }, required: false, takesText: false },
    ]);
    const group = 'Loads a kiln.\n\nStacks a default two-shelf load when shelves/posts are omitted. For example, load it by noon.';
    expect(moved(group, pair)).toEqual(['For example, load it by noon.']);
    expect(planDescription(group, { model: SURE, ...pair }).units[1].cue).toMatch(/what omitting several parameters does/);
  });

  it('sends it to the parameter when the parameter has a description that can take it', () => {
    const plan = planDescription(text, { model: SURE, ...targets({ takesText: true }) });
    expect(plan.selection?.toParams.map((move) => [move.param, move.unit.text])).toEqual([['glaze', 'If `glaze` is omitted, the pot is fired bare.']]);
  });

  it('moves it when the schema states a default, and keeps it when the default is null (null says nothing of what omitting does)', () => {
    expect(moved(text, targets({ schema: { type: 'string', default: 'clear' } }))).toEqual(['If `glaze` is omitted, the pot is fired bare.', 'For example, fire it at cone 6.']);
    expect(moved(text, targets({ schema: { type: ['string', 'null'], default: null } }))).toEqual(['For example, fire it at cone 6.']);
  });

  it('moves it for a required parameter, which is never omitted', () => {
    expect(moved(text, targets({ required: true }))).toContain('If `glaze` is omitted, the pot is fired bare.');
  });

  it('keeps how to pass a parameter with no description of its own, and still moves an example that names it', () => {
    const passing = 'Fires a pot in a kiln.\n\nUse capitals in `glaze`: the code printed on the bucket. For example, pass glaze=CELADON.';
    expect(moved(passing, targets())).toEqual(['For example, pass glaze=CELADON.']);
    expect(planDescription(passing, { model: SURE, ...targets() }).units[1].cue).toMatch(/how to pass glaze/);
    // With a description of its own, the parameter takes the sentence instead.
    expect(moved(passing, targets({ takesText: true }))).toEqual(['For example, pass glaze=CELADON.']);
  });

  it("keeps a sentence whose subject is a parameter with no description, when the parameter's schema can be read", () => {
    const recipe = (schema: Record<string, unknown> | undefined, takesText = false) =>
      getParamTargets([{ path: ['recipe'], schema: schema as never, required: true, takesText }]);
    const about = 'Mixes a glaze.\n\nThe `recipe` holds oxide names and their weights. For example, mix it for a minute.';
    // A model sure that a sentence no cue decides is a detail.
    const details = buildModel({ 'src:fallback': { how: 9 } });
    expect(moved(about, recipe({ type: 'object' }), details)).toEqual(['For example, mix it for a minute.']);
    // A parameter with a description of its own, or one whose schema cannot be read (its description may be unread too): the sentence is a detail.
    expect(moved(about, recipe({ type: 'object' }, true), details)).toContain('The `recipe` holds oxide names and their weights.');
    expect(moved(about, recipe(undefined), details)).toContain('The `recipe` holds oxide names and their weights.');
  });
});

describe('units the markup makes one piece', () => {
  it('keeps a definition list whole when one of its items stays', () => {
    const glazes = 'Fires a pot in a kiln.\n\nGlazes:\n- `celadon`: a green glaze of iron.\n- `tenmoku`: a dark glaze.\n- `raku`: never fire it indoors; ask the user first.';
    expect(moved(glazes)).toEqual([]);
    expect(planDescription(glazes, { model: SURE }).keptBecause.slice(2, 4)).toEqual(['list', 'list']);
    // A list of notes is no definition list: its how items move, its guardrail stays.
    const notes = 'Fires a pot in a kiln.\n\nNotes:\n- A green glaze needs iron.\n- Dark glazes take longer.\n- Never fire raku indoors; ask the user first.';
    expect(moved(notes)).toEqual(['- A green glaze needs iron.', '- Dark glazes take longer.']);
  });

  it("keeps a tool's definition list whole only when it defines a value the call takes", () => {
    const firing = 'Fires a pot in a kiln.\n\nErrors:\n- `KILN_HOT`: the kiln is still warm from the last firing.\n- `NO_SHELF`: no shelf is free.\n- `DOOR_OPEN`: never fire with the door open; ask the user to close it.';
    const glazeParam = (schema: Record<string, unknown>) => getParamTargets([{ path: ['glaze'], schema: schema as never, required: true, takesText: true }]);
    // The error codes are no value the agent passes: each item is judged alone, the guardrail stays.
    expect(moved(firing, glazeParam({ type: 'string', enum: ['celadon', 'tenmoku'] }))).toEqual(['- `KILN_HOT`: the kiln is still warm from the last firing.', '- `NO_SHELF`: no shelf is free.']);
    // Glazes the enum lists, or a lead-in that names the parameter, make the list the values of that parameter.
    const glazes = 'Fires a pot in a kiln.\n\nGlazes:\n- `celadon`: a green glaze of iron.\n- `tenmoku`: a dark glaze.\n- `raku`: never fire it indoors; ask the user first.';
    expect(moved(glazes, glazeParam({ type: 'string', enum: ['celadon', 'tenmoku', 'raku'] }))).toEqual([]);
    expect(moved(glazes, glazeParam({ type: 'string' }))).toEqual([]);
  });

  it('keeps the items that finish a lead-in\'s sentence with the lead-in', () => {
    const unfinished = 'Fires a pot in a kiln.\n\nBefore firing, ask the user to confirm by running\n- `kiln_status` with the kiln id.\n- `kiln_vents` to see the vents are open.';
    expect(moved(unfinished)).toEqual([]);
    // A lead-in that ends its sentence: the items are tips of their own.
    const finished = 'Fires a pot in a kiln.\n\nBefore firing, ask the user to confirm. Useful checks:\n- `kiln_status` with the kiln id.\n- `kiln_vents` to see the vents are open.';
    expect(moved(finished)).toEqual(['Useful checks:', '- `kiln_status` with the kiln id.', '- `kiln_vents` to see the vents are open.']);
  });

  it('keeps the alternatives an item opens ("… to either:") with the item', () => {
    const either = 'Closes a firing.\n\nSteps:\n1. The kiln cools.\n2. Ask the user, then call this tool to either:\n- Unload the pots\n- Or just log the firing';
    expect(kept(either)).toEqual(expect.arrayContaining(['2. Ask the user, then call this tool to either:', '- Unload the pots', '- Or just log the firing']));
    // The numbered steps are one list: the step that stays keeps the step before it.
    expect(moved(either)).toEqual([]);
  });

  it('moves a heading with its section when all of the section moves', () => {
    // A model that doubts headings (as the shipped one often does): without the rule they would stay alone.
    const doubtful = buildModel({ 'markup:heading': { constraint: 9 } });
    const examples = 'Fires a pot in a kiln.\n\n<examples>\n### Fire a bisque load\n```\nfire(kiln="a")\n```\n</examples>';
    expect(planDescription(examples, { model: doubtful }).selection?.moved.map((unit) => unit.markupKind)).toEqual(['xml-block']);
  });

  it('moves a lead-in for the reason its list moves: a list of hand-offs past the allowance takes its lead-in along for the limit', () => {
    const triggers = "Fires a pot in a kiln. Use it for stoneware. Use it for porcelain.\n\nKILN PHRASES:\n- 'fire my pot' → use fire_pot\n- 'start a bisque' → use fire_pot";
    const plan = planDescription(triggers, { model: SURE });
    expect(plan.selection?.moved.map((unit) => unit.text)).toEqual(['KILN PHRASES:', "- 'fire my pot' → use fire_pot", "- 'start a bisque' → use fire_pot"]);
    expect(plan.selection?.reasons).toEqual(['extra-sentence', 'extra-sentence', 'extra-sentence']);
  });

  it('moves a block that holds a hand-off past the sentence allowance for that allowance, not as how-text', () => {
    const hints = 'Fires a pot in a kiln. Use it for stoneware. Use it for porcelain.\n\n<hints>\n- Firing results are paginated.\n- Use kiln_history for past firings.\n</hints>';
    expect(planDescription(hints, { model: SURE }).selection?.reasons).toEqual(['extra-sentence']);
    const tips = 'Fires a pot in a kiln. Use it for stoneware. Use it for porcelain.\n\n<hints>\n- Firing results are paginated.\n- Cooling takes a day.\n</hints>';
    expect(planDescription(tips, { model: SURE }).selection?.reasons).toEqual(['how']);
  });
});

describe('a constraint the parameter already says', () => {
  const targets = (text: string) => getParamTargets([{ path: ['shelf'], schema: { type: 'string' }, required: true, takesText: true, text }]);
  const description = 'Finds a book on a shelf. The `shelf` must be a shelf code like `B-12`.';

  it('moves as how-text instead of going to the parameter a second time', () => {
    const plan = planDescription(description, { model: SURE, ...targets('Shelf code like `B-12`: a letter, a dash and a number.') });
    expect(plan.selection?.toParams).toEqual([]);
    expect(plan.selection?.moved.map((unit) => unit.text)).toEqual(['The `shelf` must be a shelf code like `B-12`.']);
    expect(plan.selection?.reasons).toEqual(['schema']);
  });

  it('goes to the parameter when its description says something else, or names another value', () => {
    for (const text of ['Where the book stands.', 'Shelf code like `C-7`: a letter, a dash and a number.']) {
      expect(planDescription(description, { model: SURE, ...targets(text) }).selection?.toParams.map((move) => move.param)).toEqual(['shelf']);
    }
  });
});

describe('a hand-off to another tool', () => {
  const opening = 'Returns the firing schedule of one kiln. Use it when planning a firing. Use it for stoneware.';

  it('stays past the sentence allowance when it is an item of a list of cases the tool is not for', () => {
    const text = `${opening}\n\n**Do NOT use for:**\n- Raku firings → use "get_raku_guide"\n- Cooling curves → use \`get_cooling_curve\``;
    const plan = planDescription(text, { model: SURE });
    expect(plan.selection).toBeUndefined();
    expect(plan.keptBecause.slice(-2)).toEqual(['hand-off', 'hand-off']);
  });

  it('stays past the allowance when it says what this tool does not do and sends that on: "returns one glaze only -- use list_glazes"', () => {
    const text = `${opening}\nLimits: returns one glaze only -- use list_glazes for the whole shelf.`;
    expect(kept(text)).toContain('Limits: returns one glaze only -- use list_glazes for the whole shelf.');
  });

  it('stays past the allowance when it says "instead", and a plain list of phrases sent to a tool does not', () => {
    expect(kept(`${opening} For raku firings, use get_raku_guide instead.`)).toContain('For raku firings, use get_raku_guide instead.');
    expect(kept(`${opening}\n\nNOT FOR raku firings → use get_raku_guide\nNOT FOR cooling curves → use get_cooling_curve`)).toEqual([
      ...kept(opening),
      'NOT FOR raku firings → use get_raku_guide',
      'NOT FOR cooling curves → use get_cooling_curve',
    ]);
    expect(moved(`${opening}\n\nKILN PHRASES:\n- 'fire my pot' → use fire_pot`)).toEqual(['KILN PHRASES:', "- 'fire my pot' → use fire_pot"]);
  });

  it('reads a routing table, "instead of … use X" and "For a case, use X" as hand-offs; a workflow step is none', () => {
    const table = 'Cases: a bisque load → start_bisque; a glaze load → start_glaze_firing.';
    const insteadOf = 'To log a firing instead of starting one, use log_firing.';
    const forCase = 'For raku firings, use get_raku_guide — not this schedule.';
    for (const sentence of [table, insteadOf, forCase]) expect(kept(`${opening} ${sentence}`), sentence).toContain(sentence);
    expect(moved(`${opening} To fire a bisque load, call \`start_firing\` after loading the kiln.`)).toEqual(['To fire a bisque load, call `start_firing` after loading the kiln.']);
  });

  it('is not counted against the limit: a what sentence after it still has its place', () => {
    const text = 'Returns the firing schedule of one kiln. For raku firings, use get_raku_guide instead. Use it when planning a firing. Use it for stoneware.';
    expect(moved(text)).toEqual([]);
  });
});

describe('a sentence that points back', () => {
  it('keeps the sentence it points at when it stays ("Use this ID…" after the sentence that gives the ID)', () => {
    const text = 'Fires a pot in a kiln. The response gives the firing a firing_id, for example f-12. Never reuse this ID for another pot: it overwrites the earlier firing.';
    const plain = 'Fires a pot in a kiln. The response gives the firing a number, for example f-12. Never fire a pot twice: it cracks the glaze.';
    expect(kept(text)).toContain('The response gives the firing a firing_id, for example f-12.');
    expect(moved(plain)).toEqual(['The response gives the firing a number, for example f-12.']);
  });
});

describe('a lead-in past a blank line', () => {
  it('opens a list of its own: a lead-in whose items all move goes with them though a later list stays', () => {
    const text = 'Plants a seedling in a bed. Use it after the seedling has hardened off.\n\nPlanting notes:\n- For example, plant tomatoes 50 cm apart.\n- For example, plant lettuce 25 cm apart.\n\nBefore planting:\n- Never plant into frozen soil: the roots die.';
    // A model that doubts lead-ins (as the shipped one often does): they stay unless a structural rule moves them.
    const doubtful = buildModel({ 'lead-in': { constraint: 9 } });
    expect(moved(text, {}, doubtful)).toEqual(['Planting notes:', '- For example, plant tomatoes 50 cm apart.', '- For example, plant lettuce 25 cm apart.']);
    // Without the blank line the same: the lead-in's own items all move, so it goes with them (a title over nothing stays for no one).
    expect(moved(text.replace('\n\nBefore', '\nBefore'), {}, doubtful)).toEqual(['Planting notes:', '- For example, plant tomatoes 50 cm apart.', '- For example, plant lettuce 25 cm apart.']);
  });
});

describe('a list and its lead-in', () => {
  it('keeps the items of a lead-in that stays for what it says', () => {
    const text = 'Creates a hive record.\n\nRequired fields:\n- hive_id: Number painted on the box\n- apiary: Where the hive stands\n\nTip: weigh the hive in spring.';
    const plan = planDescription(text, { model: SURE });
    const place = (start: string) => plan.places[plan.units.findIndex((unit) => unit.text.startsWith(start))];
    expect(place('Required fields:')).toBe('stays');
    expect(place('- hive_id')).toBe('stays');
    expect(place('- apiary')).toBe('stays');
  });

  it('keeps the sentence on the line above a list when an item stays, though it ends in no colon; past a blank line it is no lead-in', () => {
    const items = '- SWARMED: the colony left. Never requeen a swarmed hive in the same week.\n- QUEENLESS: no eggs were found.';
    const leadIn = 'For example, a failed inspection returns {"error": {"code": "SWARMED"}}.';
    const place = (text: string, start: string) => {
      const plan = planDescription(text, { model: SURE });
      return plan.places[plan.units.findIndex((unit) => unit.text.startsWith(start))];
    };
    expect(place(`Inspects a hive.\n\n${leadIn}\n${items}`, 'For example')).toBe('stays');
    expect(place(`Inspects a hive.\n\n${leadIn}\n\n${items}`, 'For example')).not.toBe('stays');
  });

  it('keeps a numbered list of steps whole when a step stays for what it says', () => {
    const text = 'Splits a colony.\n\nSteps:\n1. Find the queen and cage her\n2. Never split a colony with fewer than six frames of brood\n3. Move four frames to the new box';
    const stays = kept(text);
    expect(stays).toEqual(expect.arrayContaining(['1. Find the queen and cage her', '2. Never split a colony with fewer than six frames of brood', '3. Move four frames to the new box']));
  });
});

describe('a rule on the other inputs', () => {
  it('stays in the description: "at least one field besides `hive_id`" is neither the schema\'s required nor a rule on hive_id', () => {
    const targets = getParamTargets([
      { path: ['hive_id'], schema: { type: 'integer' }, required: true, takesText: true },
      { path: ['name'], schema: { type: 'string' }, required: false, takesText: true },
    ]);
    const text = "Updates a hive's record. At least one field besides 'hive_id' must be provided, otherwise the call fails. Returns { ok: true, hive_id } on success.";
    const plan = planDescription(text, { model: SURE, ...targets });
    expect(plan.units[1]).toMatchObject({ category: 'constraint' });
    expect(plan.places[1]).toBe('stays');
  });
});
