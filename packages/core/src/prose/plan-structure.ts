/**
 * Structural rules of the planner (prose/plan.ts): units that the markup makes one piece go together, whatever
 * the model decides of each alone (docs/how-categories.md, "The planner").
 *
 * - **A definition list is one piece.** The items of a list that each define a name ("- `kiln`: the firing
 *   chamber", "- glaze — the coating") are the values a free string may take, or what each value of an enum
 *   means: when one of them stays, they all stay, so no value is left undefined.
 * - **A list that completes a sentence stays with it.** A lead-in that ends without punctuation ("Before
 *   firing, check the kiln by running") or on a word no sentence ends on ("… to either:") is finished by its
 *   items: when it stays, they stay. A what or when lead-in by its words ("Use this tool when you need to:")
 *   opens a list of choices instead, which the sentence allowance may cut.
 * - **A heading is the title of its section** (the units after it, up to the next heading or the edge of its
 *   block): it goes with the section when all of it moves (unless the heading itself is a rule by its words,
 *   or names a harm). A title that moves alone loses nothing: what it names stays.
 * - **A block that holds a what or when sentence past the allowance moves for that limit** (it is a section
 *   that helps choose the tool, not how-text), when it moves whole.
 * - **A lead-in goes for the reason its list goes**: over a list that moves past the allowance, it moves for
 *   that limit too, whatever it reads as alone.
 * - **A sentence that points back keeps what it points at**: "Use this ID…" that stays keeps the sentence
 *   before it that gives the ID, so the kept text still reads right.
 */
import type { KeepReason, MoveReason, PlannedUnit } from './plan.js';

/** A unit as the planner's selection sees it (a tag of an opened block, or a unit). */
export interface StructureUnit {
  readonly unit: PlannedUnit;
  readonly tag?: unknown;
  readonly blocks: readonly number[];
}

/** The planner's choice so far: what stays (and why), what moves (and why), what goes to a parameter. */
export interface StructureChoice {
  readonly kept: Set<number>;
  readonly reasons: Map<number, MoveReason>;
  readonly why: Map<number, KeepReason>;
  readonly toParams: ReadonlyMap<number, string>;
}

/** A list item that defines a name: "- `kiln`: …", "- **glaze** — …", "2. bisque: …". */
const DEFINITION_ITEM = /^(?:[-*•+]|\d{1,2}[.)])\s+(\*\*[^*\n]{1,40}\*\*|`[^`\n]{1,40}`|[\w./-]{1,30}(?: [\w./-]{1,20}){0,2})\s*(?::|—|–|\s-\s)\s*\S/;

/** A lead-in that names an input in words ("Common tag keys:" over the values of `tagKey`). */
function namesAnInput(leadIn: StructureUnit | undefined, inputs: ReadonlySet<string>): boolean {
  if (!leadIn || leadIn.tag) return false;
  const words = ` ${leadIn.unit.text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  return [...inputs].some((input) => input.startsWith(INPUT_IN_WORDS) && words.includes(` ${input.slice(INPUT_IN_WORDS.length)}`));
}

/** Marks an input's name written in words among the inputs (`tagKey` → "~tag key"). */
export const INPUT_IN_WORDS = '~';

/** The name a definition item defines, bare and in lower case ("- `kiln`: …" → "kiln"). */
function getDefinedName(text: string): string | undefined {
  return DEFINITION_ITEM.exec(text)?.[1].replace(/^\*\*|\*\*$|^`|`$/g, '').trim().toLowerCase();
}

/**
 * A lead-in whose sentence its list finishes: it ends on a word, not on punctuation ("… by running"), or on a
 * colon after a word no sentence ends on ("… to either:", "you MUST:").
 */
const UNFINISHED = /[\w`'")\]]$|\b(?:either|or|and|to|by|with|of|for|from|the|a|an|must|should|running|using|calling|be)\s*:$/i;

/** Numbered and bulleted items are two levels of a list. */
const isNumbered = (unit: PlannedUnit) => /^\d/.test(unit.text);

const sameBlocks = (a: StructureUnit, b: StructureUnit) => a.blocks.length === b.blocks.length && a.blocks.every((block, i) => block === b.blocks[i]);

/** Runs of list items: `[start, end)` of each run of consecutive items in one block. */
function findListRuns(units: readonly StructureUnit[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < units.length; ) {
    if (units[i].tag || units[i].unit.markupKind !== 'list-item') {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < units.length && !units[j].tag && units[j].unit.markupKind === 'list-item' && sameBlocks(units[i], units[j])) j++;
    runs.push([i, j]);
    i = j;
  }
  return runs;
}

function keepAll(choice: StructureChoice, from: number, to: number, reason: KeepReason): void {
  for (let i = from; i < to; i++) {
    if (choice.kept.has(i) || choice.toParams.has(i)) continue;
    choice.kept.add(i);
    choice.reasons.delete(i);
    choice.why.set(i, reason);
  }
}

/**
 * Definition lists and lists that finish their lead-in's sentence stay whole when any of it stays. `inputs`, for
 * a tool description whose parameters are known, are the names and enum values the call takes: a definition
 * list there is one piece only when it defines one of them (a list of the error codes a call may return
 * defines no value the agent passes, and each item is judged on its own). A lead-in that names a parameter in words
 * ("Common tag keys:") makes its list the values of that parameter.
 */
export function keepListsWhole(units: readonly StructureUnit[], choice: StructureChoice, inputs?: ReadonlySet<string>): void {
  const runs = findListRuns(units);
  for (const [start, end] of runs) {
    const items = units.slice(start, end);
    const anyKept = items.some((_, k) => choice.kept.has(start + k));
    if (!anyKept || items.length < 2 || !items.every((item) => DEFINITION_ITEM.test(item.unit.text))) continue;
    if (inputs && !items.some((item) => inputs.has(getDefinedName(item.unit.text) ?? '')) && !namesAnInput(units[start - 1], inputs)) continue;
    keepAll(choice, start, end, 'list');
  }
  // A lead-in that stays, prose before a list or an item before its sub-items, keeps the items that finish it.
  units.forEach((leadIn, i) => {
    if (leadIn.tag || (leadIn.unit.markup && leadIn.unit.markupKind !== 'list-item') || !choice.kept.has(i) || !UNFINISHED.test(leadIn.unit.text.trimEnd())) return;
    // A what or when list by its words ("Use this tool when you need to:") is a list of choices: the sentence allowance may cut it.
    if ((leadIn.unit.category === 'what' || leadIn.unit.category === 'when') && leadIn.unit.cueSource !== 'model') return;
    let j = i + 1;
    const item = leadIn.unit.markupKind === 'list-item';
    while (j < units.length && !units[j].tag && units[j].unit.markupKind === 'list-item' && sameBlocks(leadIn, units[j]) && (!item || isNumbered(units[j].unit) !== isNumbered(leadIn.unit))) j++;
    keepAll(choice, i + 1, j, 'list');
  });
}

/** Why a lead-in stays for what it says itself: a rule or a harm by the cues (not the model's doubt, the sentence allowance or its list). */
const OWN_KEEP: ReadonlySet<KeepReason> = new Set<KeepReason>(['protected', 'harm']);
/** Why a lead-in stays only for want of certainty. */
const DOUBT_KEEP: ReadonlySet<KeepReason> = new Set<KeepReason>(['not-sure', 'model-doubt']);

/**
 * A list is one piece with its lead-in ("Required fields:", "Key differences from the list tool:"): the items
 * carry the lead-in's category, so a lead-in that stays for what it says keeps its items, and a numbered list
 * of steps that keeps one step keeps them all (a step alone, or a list with a hole, tells the model less than
 * either whole).
 */
export function keepListsWithLeadIns(units: readonly StructureUnit[], choice: StructureChoice): void {
  units.forEach(({ unit, tag }, i) => {
    if (tag || unit.markup || !choice.kept.has(i) || !OWN_KEEP.has(choice.why.get(i) ?? 'whole') || !/:\s*$/.test(unit.text)) return;
    let j = i + 1;
    while (j < units.length && !units[j].tag && units[j].unit.markupKind === 'list-item' && sameBlocks(units[i], units[j])) j++;
    if (j > i + 1) keepAll(choice, i + 1, j, 'list');
  });
  // A lead-in kept only for the model's doubt, whose every item moves as how-text, would stay as a title
  // over nothing: it goes with its list.
  units.forEach(({ unit, tag }, i) => {
    if (tag || unit.markup || !choice.kept.has(i) || !DOUBT_KEEP.has(choice.why.get(i) ?? 'whole') || !/:\s*$/.test(unit.text)) return;
    let j = i + 1;
    while (j < units.length && !units[j].tag && units[j].unit.markupKind === 'list-item' && sameBlocks(units[i], units[j])) j++;
    if (j === i + 1) return;
    const items = [...Array(j - i - 1).keys()].map((k) => i + 1 + k);
    if (items.some((k) => choice.kept.has(k) || choice.toParams.has(k) || choice.reasons.get(k) !== 'how')) return;
    choice.kept.delete(i);
    choice.why.delete(i);
    choice.reasons.set(i, 'how');
  });
  for (const [start, end] of findListRuns(units)) {
    const numbered = [...Array(end - start).keys()].map((k) => start + k).filter((k) => isNumbered(units[k].unit));
    if (numbered.length < 2 || !numbered.some((k) => choice.kept.has(k) && OWN_KEEP.has(choice.why.get(k) ?? 'whole'))) continue;
    for (const k of numbered) keepAll(choice, k, k + 1, 'list');
  }
}

/** Why a heading may go with its section: it stays only for the model's doubt or the allowance, not for a rule or a harm. */
const MOVABLE_KEEP: ReadonlySet<KeepReason> = new Set<KeepReason>(['model-doubt', 'not-sure', 'allowance']);

/** A heading goes with a section that moves whole (a title alone may go: what it names stays). */
export function keepHeadingsWithSections(units: readonly StructureUnit[], choice: StructureChoice, opening: number): void {
  units.forEach(({ unit, tag }, i) => {
    if (tag || unit.markupKind !== 'heading' || i === opening) return;
    let j = i + 1;
    while (j < units.length && !units[j].tag && units[j].unit.markupKind !== 'heading' && sameBlocks(units[i], units[j])) j++;
    if (j === i + 1) return;
    const section = [...Array(j - i - 1).keys()].map((k) => i + 1 + k);
    const anyStays = section.some((k) => choice.kept.has(k) || choice.toParams.has(k));
    if (!anyStays && choice.kept.has(i) && MOVABLE_KEEP.has(choice.why.get(i) ?? 'whole') && unit.cueSource !== 'words') {
      choice.kept.delete(i);
      choice.why.delete(i);
      choice.reasons.set(i, 'how');
    }
  });
}

/**
 * Why a block that moves whole moves: for the sentence limit when it holds a what or when sentence past the
 * allowance (a hand-off to another tool is no how-text), else as how-text.
 */
export function getWholeBlockReason(inner: readonly (MoveReason | undefined)[]): MoveReason {
  return inner.some((reason) => reason === 'extra-sentence') ? 'extra-sentence' : 'how';
}

/**
 * A lead-in that moves goes for the reason its list goes: when every item moves past the sentence allowance,
 * so does the lead-in ("KILN PHRASES:" over hand-offs is no how-text, whatever it reads as alone).
 */
export function alignLeadInReasons(units: readonly StructureUnit[], choice: StructureChoice): void {
  units.forEach(({ unit, tag }, i) => {
    if (tag || unit.markup || choice.kept.has(i) || choice.reasons.get(i) !== 'how' || !/:\s*$/.test(unit.text)) return;
    let j = i + 1;
    while (j < units.length && !units[j].tag && units[j].unit.markupKind === 'list-item') j++;
    if (j > i + 1 && units.slice(i + 1, j).every((_, k) => choice.reasons.get(i + 1 + k) === 'extra-sentence')) choice.reasons.set(i, 'extra-sentence');
  });
}

/** "Use this ID…", "Pass that token…", "These files…": a demonstrative and the noun it points back to. */
const POINTS_BACK = /^\W*(?:\w+\W+){0,3}?(?:this|that|these|those)\s+([A-Za-z]{2,})\b/i;

/** Letters around a word: `project_id` holds "id", `kilns` holds "kiln". */
function holdsWord(text: string, word: string): boolean {
  const stem = word.toLowerCase().replace(/(?:es|s)$/, '');
  return new RegExp(`(?:^|[^a-z])${stem.replace(/[^a-z]/g, '')}(?:e?s)?(?:[^a-z]|$)`, 'i').test(text);
}

/**
 * A unit that stays and points back at the one before it ("The glaze gets its own batch_id. Use this ID to
 * reorder it.") keeps what it points at: moved alone, the antecedent would leave "this ID" naming nothing.
 * From the end, so a chain of such sentences holds together.
 */
export function keepAntecedents(units: readonly StructureUnit[], choice: StructureChoice): void {
  for (let i = units.length - 1; i > 0; i--) {
    if (units[i].tag || !choice.kept.has(i)) continue;
    const noun = POINTS_BACK.exec(units[i].unit.text)?.[1];
    const before = units[i - 1];
    if (noun === undefined || before.tag || choice.kept.has(i - 1) || choice.toParams.has(i - 1) || choice.reasons.get(i - 1) !== 'how') continue;
    if (!holdsWord(before.unit.text, noun)) continue;
    keepAll(choice, i - 1, i, 'antecedent');
  }
}
