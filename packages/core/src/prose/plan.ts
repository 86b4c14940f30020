/**
 * The one planner of a description (docs/how-categories.md, "The planner"): its units, each unit's
 * category and the prose model's confidence, and where each goes: it stays, it goes to the one parameter
 * it constrains, or it moves to markdown. `toolslim slim`, `no-how-in-description`,
 * `max-description-sentences` and `measure --check` all read this plan, so a rule reports exactly what slim
 * would move.
 *
 * The decision abstains. A unit moves to markdown as how-text only when it reads as how-text (to the cues,
 * or, for a unit the cues call what, to the model: P(how) + P(filler) at least one half), the model is sure it is no guardrail or
 * constraint (1 − P(guardrail) − P(constraint) clears the move threshold, chosen on the development sets
 * for a stated rate of guardrails and constraints moved; prose/model.ts), and, if it names a harm topic
 * (money, secrets, people, data loss, access), the share clears the model's stricter harm threshold. A what or when sentence past the sentence allowance moves
 * under the same two conditions. Everything else stays: an uncertain unit costs a few bytes, a moved
 * guardrail a wrong call.
 *
 * A tool keeps its opening unit (the first what/when prose sentence; a markup block never counts as it)
 * and up to `extraSentences` more what/when sentences of the opening paragraph; a parameter keeps its
 * first unit unless it is padding and a constraint stays. A constraint that names exactly one parameter
 * that can take it goes to that parameter's description.
 *
 * An XML-like block (`<use_case>…</use_case>`) is opened up: its inner units are judged one by one, and
 * its tags stay when anything inside stays (the whole block moves when nothing inside does).
 */
import { classifySentence, isChainedLeadIn, isProtected, nextLeadIn, readUnits, saysWhatAValueDoes } from './classify.js';
import { getCategoryProbabilities, getMoveProbability, getSafeShare, getShippedModel, isOverruledConstraint, type CategoryProbabilities, type ProseModel } from './model.js';
import { getJsonNumber, memoizeByText } from '../memo.js';
import { findHarmTopics } from './harm.js';
import { findConstrainedParam } from './parameter-match.js';
import { isUnstatedOmission, readAgainstSchema } from './schema-reading.js';
import { splitSentences } from './sentences.js';
import { readToolParameterText } from './tool-parameter-text.js';
import { isSaidByParameter } from './said-by-parameter.js';
import { isHandOff, isSureHandOff } from './hand-off.js';
import { isOtherLanguage } from './language.js';
import { alignLeadInReasons, getWholeBlockReason, INPUT_IN_WORDS, keepAntecedents, keepHeadingsWithSections, keepListsWhole, keepListsWithLeadIns } from './plan-structure.js';
import type { ClassifiedSentence, ProseCategory, SchemaFacts, Sentence, UnitContext } from './types.js';

export type Range = readonly [start: number, end: number];

/** Where a unit goes. */
export type UnitPlace = 'stays' | 'parameter' | 'markdown';

/**
 * Why a unit moves to markdown: how-text or filler (the model is sure enough), a what/when sentence past
 * the sentence allowance, or a constraint the target parameter's schema already states.
 */
export type MoveReason = 'how' | 'extra-sentence' | 'schema' | 'marked';

/**
 * Where the author decided a unit goes (a mark of a slim plan file, a unit kept on purpose): it stays, it
 * moves to markdown, or it goes to the parameter named. The planner honours it after its own choice, so the
 * author's word is the last one; the opening unit and an existing pointer always stay.
 */
export type UnitDecision = 'stays' | 'markdown' | { readonly param: string };

/** A unit with the planner's reading: its category after the model's decision, and the model's probabilities. */
export interface PlannedUnit extends ClassifiedSentence {
  /** The model's probabilities (absent for the tags of an opened block and an existing pointer). */
  readonly probabilities?: CategoryProbabilities;
  /** The cues' category, where the model's decision changed it. */
  readonly cueCategory?: ProseCategory;
}

export interface ParamMove {
  /** The parameter's key (its path joined with `.`). */
  readonly param: string;
  readonly unit: PlannedUnit;
}

/** A unit that goes to markdown, and why. */
export interface MarkdownMove {
  readonly unit: PlannedUnit;
  readonly reason: MoveReason;
}

export interface Selection {
  readonly kept: readonly PlannedUnit[];
  /** Units that go to markdown. */
  readonly moved: readonly PlannedUnit[];
  /** Why each unit of `moved` moves (same order). */
  readonly reasons: readonly MoveReason[];
  /** Constraints that leave the description for the one parameter they constrain (never to markdown). */
  readonly toParams: readonly ParamMove[];
  /** Value ranges to delete so that only the kept units (and the spaces between them) remain. */
  readonly deleteRanges: readonly Range[];
  /** The moved text in runs: units that were adjacent stay together with their original separators. */
  readonly movedChunks: readonly string[];
  /** Value offset just after the last kept unit (where a pointer goes). */
  readonly keptEnd: number;
}

export interface PlanOptions {
  /** Plan a parameter's description. */
  readonly parameter?: boolean;
  /** The parameter's schema: a rule it already states moves as how-text, a limit it lacks stays (readAgainstSchema). */
  readonly schema?: SchemaFacts;
  /** What/when sentences kept past the opening one (default 2 for a tool, 0 for a parameter). */
  readonly extraSentences?: number;
  /** An existing pointer: units that overlap it always stay and do not count as kept sentences. */
  readonly pinned?: Range;
  /**
   * Keys of the tool's parameters whose description can take a constraint (static, editable text). A
   * constraint that names exactly one of them (and no other parameter of `allParams`) goes there.
   */
  readonly params?: readonly string[];
  /** Every parameter key of the tool (a constraint naming two parameters stays in the description). */
  readonly allParams?: readonly string[];
  /**
   * The schema of each parameter a constraint may go to. A constraint read as that parameter's text is how-text
   * when the schema already states it ("Filter by status: READY, RUNNING…" beside the enum): it moves to
   * markdown now, as a second run would move it from the parameter.
   */
  readonly paramSchemas?: ReadonlyMap<string, SchemaFacts>;
  /**
   * The description each parameter already has: a constraint of the tool description that it already says
   * moves to markdown as how-text (prose/said-by-parameter.ts), instead of being written on the parameter twice.
   */
  readonly paramTexts?: ReadonlyMap<string, string>;
  /** The prose model (default: the one shipped with core). */
  readonly model?: ProseModel;
  /**
   * The author's decisions, by a unit's text (an XML-like block that moves whole, by the block's text). A
   * decision to go to a parameter not in `params` is not carried out (the unit stays).
   */
  readonly decisions?: ReadonlyMap<string, UnitDecision>;
}

/**
 * Why a unit is not the author's to decide: the opening unit (a tool must still say what it does), an
 * existing pointer, or the tag of an opened block (it goes with what is inside).
 */
export type UnitAnchor = 'opening' | 'pointer' | 'tag';

export interface DescriptionPlan {
  /** Every unit, in order (an opened block as its tags and inner units; a block that moves whole as one unit). */
  readonly units: readonly PlannedUnit[];
  /** Where each unit of `units` goes (same order). */
  readonly places: readonly UnitPlace[];
  /** For each unit of `units`, why no decision moves it, or undefined when the author may decide (same order). */
  readonly anchors: readonly (UnitAnchor | undefined)[];
  /** What leaves the description; undefined when nothing does. */
  readonly selection: Selection | undefined;
  /** For each unit of `units` that stays, why (same order; undefined for a unit that leaves). */
  readonly keptBecause: readonly (KeepReason | undefined)[];
}

/**
 * Why a unit stays: an existing pointer, the opening unit, a guardrail or constraint (by the cues or by the
 * model's doubt), a harm topic, a what/when sentence of the opening paragraph's allowance, one the model is
 * not sure enough to move, a lead-in of a list that stays, an item of a list that stays whole, the tag of a
 * block that stays, or the author's mark.
 */
export type KeepReason = 'pointer' | 'opening' | 'protected' | 'model-doubt' | 'harm' | 'allowance' | 'hand-off' | 'not-sure' | 'lead-in' | 'list' | 'antecedent' | 'tag' | 'marked' | 'whole';

/** Why a unit stays: as the model decided it (a harm topic, or its doubt), else for `otherwise`. */
function getKeepReason(unit: PlannedUnit, otherwise: KeepReason): KeepReason {
  if (unit.cueSource !== 'model') return otherwise;
  return unit.cue.startsWith('names ') ? 'harm' : 'model-doubt';
}

/** A unit as selection sees it: a planned unit, or the opening or closing tag of an opened block. */
interface Unit {
  readonly unit: PlannedUnit;
  /** The tag of an opened block, kept when anything inside the block stays. */
  readonly tag?: { readonly block: number };
  /** The opened blocks this unit sits inside, outermost first. */
  readonly blocks: readonly number[];
}

const OPEN_TAG = /^<([A-Za-z][\w.:-]*)(?:\s[^>]*)?>/;
const KEPT_CATEGORIES: readonly ProseCategory[] = ['what', 'when', 'guardrail', 'constraint'];

/** Plans a description: each unit's category and confidence, and where it goes. */
/**
 * The what and when units a plan moves past the sentence limit, and how many sentences the limit counts: the
 * limit itself and those past it (one moves only once the limit is reached; a hand-off or a list's lead-in that
 * stays is not counted). What the sentence rule and `measure --check` report.
 */
export function findPastLimit(plan: DescriptionPlan, max: number): { readonly units: readonly PlannedUnit[]; readonly count: number } {
  const selection = plan.selection;
  const units = selection ? selection.moved.filter((_, i) => selection.reasons[i] === 'extra-sentence') : [];
  return { units, count: units.length === 0 ? 0 : max + units.length };
}

export function planDescription(value: string, options: PlanOptions = {}): DescriptionPlan {
  const model = options.model ?? getShippedModel();
  // The rules, `measure --check` and slim plan the same texts again (every lint of a file in an editor).
  let cache = planCache.get(model);
  if (!cache) planCache.set(model, (cache = new Map()));
  const key = JSON.stringify([
    value,
    options.parameter === true,
    getFactsKey(options.schema),
    options.extraSentences,
    options.pinned,
    options.params,
    options.allParams,
    options.paramSchemas && [...options.paramSchemas].map(([param, facts]) => [param, getFactsKey(facts)]),
    options.paramTexts && [...options.paramTexts],
    options.decisions && [...options.decisions],
  ]);
  const hit = cache.get(key);
  if (hit) return hit;
  const plan = planUncached(value, options, model);
  if (cache.size >= 4096) cache.clear();
  cache.set(key, plan);
  return plan;
}

const planCache = new WeakMap<ProseModel, Map<string, DescriptionPlan>>();

/**
 * A parameter's schema facts in a plan's key: the schema as a number, one per distinct JSON. A file's
 * schemas are the same objects from one lint to the next (they are kept by structure), so each is
 * written out once, not once per description that names it on every lint.
 */
function getFactsKey(facts: SchemaFacts | undefined): readonly unknown[] | undefined {
  return facts && [facts.schema === undefined ? -1 : getJsonNumber(facts.schema), facts.required, facts.name];
}

function planUncached(value: string, options: PlanOptions, model: ProseModel): DescriptionPlan {
  const parameter = options.parameter ?? false;
  const extraSentences = options.extraSentences ?? (parameter ? 0 : 2);
  const pinned = options.pinned;
  const readings = readUnits(value, { parameter, schema: options.schema });
  if (readings.length === 0) return { units: [], places: [], anchors: [], selection: undefined, keptBecause: [] };
  const isPinned = (unit: Sentence) => pinned !== undefined && unit.start < pinned[1] && pinned[0] < unit.end;
  const decide = (unit: ClassifiedSentence, context: UnitContext): PlannedUnit => (isPinned(unit) ? unit : decideUnit(unit, context, model));
  const classified = readings.map(({ unit, context }) => decide(unit, context));
  const read = readParameterRule(openBlocks(value, classified, parameter, isPinned, options.schema, decide), parameter);
  const opening = findOpening(read, parameter);
  // A tool's sentence that is one parameter's text (what omitting it does, its meaning) is a constraint on it.
  const units = parameter ? read : read.map((u, i) => (u.tag || i === opening || isPinned(u.unit) ? u : { ...u, unit: readToolParameterText(u.unit, options) }));
  const keptIndexes = new Set<number>();
  const toParams = new Map<number, string>();
  const reasons = new Map<number, MoveReason>();
  const why = new Map<number, KeepReason>();
  const keep = (i: number, reason: KeepReason) => {
    keptIndexes.add(i);
    if (!why.has(i)) why.set(i, reason);
  };
  let counted = 0;
  // A list of choices ("Use this when:" over its cases) stays or moves whole, with its lead-in, as one sentence of
  // the limit: an item moved alone leaves the others reading as the only cases. Lead-in index → its fate.
  const choiceLists = new Map<number, 'kept' | MoveReason>();
  const isChoiceLeadIn = (i: number) => isListLeadIn(units, i) && (units[i].unit.category === 'what' || units[i].unit.category === 'when') && units[i].unit.cueSource !== 'model';
  const getChoiceList = (i: number) => {
    const leadIn = findLeadIn(units, i);
    return leadIn === undefined ? undefined : choiceLists.get(leadIn);
  };
  // Extra what/when sentences come from the opening paragraph only: past a blank line or a markup block
  // the text is a section of details (a "Response shape:" paragraph may well contain a "what" sentence).
  let inOpening = false;
  units.forEach(({ unit, tag }, i) => {
    if (tag) {
      // A block's edge ends the opening paragraph.
      if (i > opening) inOpening = false;
      return;
    }
    if (i > 0 && i > opening && (unit.markup || /\n[ \t]*\n/.test(value.slice(units[i - 1].unit.end, unit.start)))) inOpening = false;
    // An item of a list of choices goes where its lead-in went.
    const choice = getChoiceList(i);
    if (isPinned(unit)) keep(i, 'pointer');
    // The requiredness label before a parameter's meaning is the author's to keep or drop (the redundancy rule says so).
    else if (parameter && i < opening && isRequirednessLabel(unit.text)) keep(i, 'opening');
    else if (isProtected(unit)) {
      // A lead-in names its list and stays with it: moving it alone would join its first item to the sentence before.
      const isLeadIn = /:\s*$/.test(unit.text) && units[i + 1]?.unit.markupKind === 'list-item';
      // Only a constraint by the cues goes to a parameter: one the model keeps out of doubt stays where it was written.
      const param = i === opening || unit.category !== 'constraint' || unit.cueSource === 'model' || unit.markup || isLeadIn ? undefined : findConstrainedParam(unit.text, options.params ?? [], options.allParams);
      // A rule the parameter's schema or its own description already states moves as how-text, not as a second copy.
      const restated = param !== undefined && (readAgainstSchema(unit, options.paramSchemas?.get(param), 1).category === 'how' || isSaidByParameter(unit.text, options.paramTexts?.get(param), param.split('.').pop() ?? param));
      if (restated) reasons.set(i, 'schema');
      else if (param !== undefined) toParams.set(i, param);
      else keep(i, i === opening ? 'opening' : getKeepReason(unit, 'protected'));
      if (i === opening) counted++;
    } else if (i !== opening && !parameter && ((unit.category !== 'how' && unit.category !== 'filler') || isSureHandOff(unit.text)) && isHandOffAt(units, i)) {
      // A hand-off to another tool by name tells sibling tools apart: it stays past the allowance, with the
      // lead-in of its list, and is not counted against the limit.
      keep(i, 'hand-off');
      const leadIn = findLeadIn(units, i);
      if (leadIn !== undefined) {
        keep(leadIn, 'lead-in');
        reasons.delete(leadIn);
      }
    } else if (choice !== undefined) {
      if (choice === 'kept') keep(i, 'list');
      else reasons.set(i, choice);
    } else if (i === opening || (inOpening && counted <= extraSentences && (unit.category === 'what' || unit.category === 'when'))) {
      keep(i, i === opening ? 'opening' : getKeepReason(unit, 'allowance'));
      // A lead-in ("Use cases:") names the list that follows; its items are the sentences the limit counts,
      // unless they are a list of choices, counted once with it.
      if (i === opening || !isListLeadIn(units, i) || isChoiceLeadIn(i)) counted++;
      if (isChoiceLeadIn(i)) choiceLists.set(i, 'kept');
      if (i === opening) inOpening = true;
    } else if (i > opening && !inOpening && unit.category === 'when' && counted <= extraSentences) {
      // A hand-off or a "use X instead" in a later section helps pick the tool: it stays while the
      // description is within its sentence limit, and counts toward it.
      keep(i, getKeepReason(unit, 'allowance'));
      if (isChoiceLeadIn(i)) choiceLists.set(i, 'kept');
      counted++;
    } else if (unit.category === 'how' || unit.category === 'filler') reasons.set(i, 'how');
    // Past the opening paragraph a what sentence is a section's detail (moved as how-text, not counted
    // against the sentence limit); a what or when sentence past the allowance is one the limit removes.
    else if (isSureToMove(unit, model)) {
      const reason = inOpening || unit.category === 'when' ? 'extra-sentence' : 'how';
      reasons.set(i, reason);
      if (isChoiceLeadIn(i)) choiceLists.set(i, reason);
    }
    // Not sure enough that it is no guardrail or constraint: it stays.
    else keep(i, getKeepReason(unit, unit.probabilities && findBlockingHarm(unit, unit.probabilities, model) !== undefined ? 'harm' : 'not-sure'));
  });
  // Lists that are one piece (a definition list, a list that finishes its lead-in's sentence) stay whole (prose/plan-structure.ts).
  const choice = { kept: keptIndexes, reasons, why, toParams };
  keepListsWhole(units, choice, options.parameter ? undefined : findInputValues(options.paramSchemas));
  keepListsWithLeadIns(units, choice);
  // A lead-in that opens the items' sentence ("If you have a temporary branch from a prior step, you
  // MUST:") stays when a guardrail of its list stays: the guardrail holds under the condition it states.
  // A title ("Writing a good issue:") does not.
  units.forEach(({ unit, tag }, i) => {
    if (tag || keptIndexes.has(i) || unit.markup || !/\b(?:must|should|need to|have to|always|never)\s*:\s*$/i.test(unit.text)) return;
    let j = i + 1;
    while (j < units.length && !units[j].tag && units[j].unit.markupKind === 'list-item') j++;
    if (units.slice(i + 1, j).some((u, k) => keptIndexes.has(i + 1 + k) && u.unit.category === 'guardrail')) keep(i, 'lead-in');
  });
  // A lead-in ("TRIGGER PATTERNS:", "BEFORE RENAMING:") is the name of its list: it stays when an item of the list stays.
  // So is the sentence on the line just above a list ("Errors: a failed call returns {…}." over the codes): the
  // items it introduces, kept without it, would read as a list of nothing.
  const introducesList = (i: number) => {
    const next = units[i + 1];
    if (!next || next.tag || next.unit.markupKind !== 'list-item') return false;
    const between = value.slice(units[i].unit.end, next.unit.start);
    return /^[ \t]*\n[ \t]*$/.test(between);
  };
  units.forEach(({ unit, tag }, i) => {
    if (tag || keptIndexes.has(i) || toParams.has(i) || reasons.get(i) === 'schema' || unit.markup || !(/:\s*$/.test(unit.text) || introducesList(i))) return;
    let j = i + 1;
    while (j < units.length && !units[j].tag && units[j].unit.markupKind === 'list-item') j++;
    if (units.slice(i + 1, j).some((_, k) => keptIndexes.has(i + 1 + k))) {
      keep(i, 'lead-in');
      reasons.delete(i);
    }
  });
  // A lead-in ("Supported operations:") whose list all moves goes with it, unless it is a guardrail.
  // From the end, so a chain of lead-ins ("Supported operations:", "CREATE operations:", items) goes together.
  [...units.keys()].reverse().forEach((i) => {
    const { unit, tag } = units[i];
    if (tag || i === opening || !keptIndexes.has(i) || isPinned(unit) || unit.markup || unit.category === 'guardrail' || !/:\s*$/.test(unit.text)) return;
    let j = i + 1;
    // A lead-in under a lead-in ("Supported operations:" over "CREATE operations:") is part of its list; one past a
    // blank line opens a list of its own.
    const afterBlankLine = (k: number) => /\n[ \t]*\n/.test(value.slice(units[k - 1].unit.end, units[k].unit.start));
    const isListPart = (k: number) => units[k].unit.markupKind === 'list-item' || (!units[k].unit.markup && /:\s*$/.test(units[k].unit.text) && !afterBlankLine(k));
    while (j < units.length && !units[j].tag && isListPart(j)) j++;
    if (j > i + 1 && !units.slice(i + 1, j).some((_, k) => keptIndexes.has(i + 1 + k) || toParams.has(i + 1 + k))) {
      keptIndexes.delete(i);
      why.delete(i);
      // It goes for the reason its list goes: a list the sentence limit removes takes its lead-in along as the
      // same, whatever the lead-in reads as alone ("TRIGGER PATTERNS:" names a list of hand-offs, not how-text).
      const listReasons = units.slice(i + 1, j).map((_, k) => reasons.get(i + 1 + k));
      const extra = listReasons.every((reason) => reason === 'extra-sentence');
      reasons.set(i, extra ? 'extra-sentence' : 'how');
    }
  });
  keepAntecedents(units, choice);
  keepHeadingsWithSections(units, choice, opening);
  alignLeadInReasons(units, choice);
  if (options.decisions) applyDecisions(value, units, opening, options, keptIndexes, toParams, reasons, why);
  // The tags of an opened block stay when anything inside it stays.
  units.forEach(({ tag }, i) => {
    if (tag && units.some((u, j) => !u.tag && u.blocks.includes(tag.block) && keptIndexes.has(j))) keep(i, 'tag');
  });
  // An opened block none of whose inner units stays moves whole, as the one unit it was.
  const flat = closeMovedBlocks(value, units, keptIndexes, toParams, reasons);
  const places = flat.units.map((_, i): UnitPlace => (flat.kept.has(i) ? 'stays' : flat.toParams.has(i) ? 'parameter' : 'markdown'));
  const tags = new Set(units.filter((u) => u.tag).map((u) => u.unit));
  const anchors = flat.units.map((unit): UnitAnchor | undefined => (units[opening]?.unit === unit ? 'opening' : isPinned(unit) ? 'pointer' : tags.has(unit) ? 'tag' : undefined));
  const selection = keptIndexes.size === units.length ? undefined : buildSelection(value, flat.units, flat.kept, flat.toParams, flat.reasons, value.length);
  const reasonOf = new Map([...why].map(([i, reason]) => [units[i].unit, reason]));
  // Nothing leaves, or everything would (no unit left to say what the tool does): the description stays as it is.
  if (!selection) return { units: flat.units, places: flat.units.map(() => 'stays'), anchors, selection: undefined, keptBecause: flat.units.map((unit) => reasonOf.get(unit) ?? 'whole') };
  return { units: flat.units, places, anchors, selection, keptBecause: flat.units.map((unit, i) => (flat.kept.has(i) ? (reasonOf.get(unit) ?? 'whole') : undefined)) };
}

/** The unit at `i` is a hand-off to another tool, read with the lead-in of its list when it is an item. */
/** A unit that ends on a colon with list items after it ("Use cases:"). */
function isListLeadIn(units: readonly Unit[], i: number): boolean {
  const next = units[i + 1];
  return !units[i].tag && !units[i].unit.markup && /:\s*$/.test(units[i].unit.text) && next !== undefined && !next.tag && next.unit.markupKind === 'list-item';
}

function isHandOffAt(units: readonly Unit[], i: number): boolean {
  const leadIn = findLeadIn(units, i);
  return isHandOff(units[i].unit.text, leadIn === undefined ? undefined : units[leadIn].unit.text);
}

/** The index of a list item's lead-in: the unit before its run of items, when it ends on a colon. */
function findLeadIn(units: readonly Unit[], i: number): number | undefined {
  if (units[i].unit.markupKind !== 'list-item') return undefined;
  let j = i - 1;
  while (j >= 0 && !units[j].tag && units[j].unit.markupKind === 'list-item') j--;
  return j >= 0 && !units[j].tag && /:\W*$/.test(units[j].unit.text) ? j : undefined;
}

/**
 * The author's decisions over the planner's own choice. A decision names a unit by its text, or an opened
 * block by the block's text (it applies to every unit inside). The opening unit and an existing pointer
 * are not the author's to move: a tool must still say what it does.
 */
function applyDecisions(
  value: string,
  units: readonly Unit[],
  opening: number,
  options: PlanOptions,
  kept: Set<number>,
  toParams: Map<number, string>,
  reasons: Map<number, MoveReason>,
  why: Map<number, KeepReason>,
): void {
  const decisions = options.decisions ?? new Map<string, UnitDecision>();
  const decide = (i: number, decision: UnitDecision) => {
    if (i === opening || units[i].tag || (options.pinned && units[i].unit.start < options.pinned[1] && options.pinned[0] < units[i].unit.end)) return;
    kept.delete(i);
    toParams.delete(i);
    reasons.delete(i);
    why.delete(i);
    if (decision === 'stays') kept.add(i);
    else if (decision === 'markdown') reasons.set(i, 'marked');
    else if ((options.params ?? []).includes(decision.param)) toParams.set(i, decision.param);
    else kept.add(i);
    if (kept.has(i)) why.set(i, 'marked');
  };
  units.forEach(({ unit, tag }, i) => {
    if (tag) {
      // The opening tag of a block: a decision on the whole block's text is one on every unit inside.
      const close = units.findIndex((u, j) => j > i && u.tag?.block === tag.block);
      const decision = close > i ? decisions.get(value.slice(unit.start, units[close].unit.end)) : undefined;
      if (decision !== undefined) for (let j = i + 1; j < close; j++) decide(j, decision);
      return;
    }
    const decision = decisions.get(unit.text);
    if (decision !== undefined) decide(i, decision);
  });
}

/**
 * The model's decision on one unit: how-text or filler when it reads as how-text and is safe to move;
 * otherwise the cues' category when it is a kept one, else the kept category the model finds likeliest.
 */
function decideUnit(unit: ClassifiedSentence, context: UnitContext, model: ProseModel): PlannedUnit {
  // The model and the cues read English only: in another language they give no evidence, and the unit stays.
  if (isOtherLanguage(unit.text)) {
    const category = unit.category === 'how' || unit.category === 'filler' ? 'what' : unit.category;
    return { ...unit, category, howKind: undefined, cue: 'written in another language than the English the model reads', cueSource: 'model', probabilities: undefined, cueCategory: unit.category };
  }
  const probabilities = getCachedProbabilities(unit, context, model);
  const harm = findBlockingHarm(unit, probabilities, model);
  const cueMoves = unit.category === 'how' || unit.category === 'filler';
  // How-text by the cues or by the model's reading, and sure to be neither a guardrail nor a constraint; or
  // a rule the parameter's schema already states (an enum or a bound restated), which moves as it is.
  // The model may read a unit the cues call what as how-text, or one they call a constraint to its overrule threshold; never a when (a hand-off) or a guardrail.
  // A constraint by the cues' words or by a default the schema lacks is how-text when the model is sure to its
  // stricter overrule threshold ("Defaults to false." that labellers call how); a guardrail by the cues never is.
  // What one value of a parameter does is its meaning value by value, and what omitting it does where the schema
  // states no default is the only place the call learns it: the parameter keeps both, never overruled.
  const kept = context.parameter === true && (saysWhatAValueDoes(unit) || isUnstatedOmission(unit));
  const overruled = unit.category === 'constraint' && !kept && isOverruledConstraint(model, probabilities);
  const readsAsHow = cueMoves || overruled || (unit.category === 'what' && getMoveProbability(probabilities) >= (model.howBar ?? 0.5));
  const statedBySchema = cueMoves && (unit.cueSource === 'schema' || isStatedBySchema(unit, context));
  const moves = readsAsHow && (statedBySchema || isSafeToMove(probabilities, model)) && harm === undefined;
  if (moves === cueMoves) return { ...unit, probabilities };
  if (harm !== undefined) {
    const category = KEPT_CATEGORIES.reduce((best, next) => (probabilities[next] > probabilities[best] ? next : best));
    return { ...unit, category, howKind: undefined, cue: `names ${harm}`, cueSource: 'model', probabilities, cueCategory: unit.category };
  }
  if (moves) {
    const category = probabilities.filler > probabilities.how ? 'filler' : 'how';
    return { ...unit, category, howKind: category === 'how' ? 'detail' : undefined, cue: `the prose model (${formatShare(getMoveProbability(probabilities))} how-text, ${formatShare(probabilities.guardrail + probabilities.constraint)} guardrail or constraint)`, cueSource: 'model', probabilities, cueCategory: unit.category };
  }
  const category = KEPT_CATEGORIES.reduce((best, next) => (probabilities[next] > probabilities[best] ? next : best));
  return { ...unit, category, howKind: undefined, cue: `the prose model (${formatShare(probabilities.guardrail + probabilities.constraint)} guardrail or constraint)`, cueSource: 'model', probabilities, cueCategory: unit.category };
}

/** A parameter's unit that the schema reading would call a restatement if it read as a rule ("At most 50." beside `maximum: 50`). */
function isStatedBySchema(unit: ClassifiedSentence, context: UnitContext): boolean {
  if (!context.parameter || !context.schema) return false;
  return readAgainstSchema({ ...unit, category: 'constraint', howKind: undefined }, context.schema, 1).category === 'how';
}

/**
 * The model's probabilities of a unit, computed once per reading: every rule, `measure --check` and slim plan
 * the same descriptions, and the features (every cue tried) cost more than the plan around them.
 */
const probabilityCache = new WeakMap<ProseModel, Map<string, CategoryProbabilities>>();

function getCachedProbabilities(unit: ClassifiedSentence, context: UnitContext, model: ProseModel): CategoryProbabilities {
  let cache = probabilityCache.get(model);
  if (!cache) probabilityCache.set(model, (cache = new Map()));
  // Everything the features read: the unit and its markup, the cues' reading, and the context (prose/features.ts).
  const key = JSON.stringify([
    unit.text,
    unit.markupKind,
    unit.category,
    unit.cueSource,
    unit.howKind,
    unit.cue,
    context.index === 0,
    context.first,
    context.parameter === true,
    context.header?.category,
    context.header?.text,
    context.schema?.schema,
    context.schema?.required,
  ]);
  const hit = cache.get(key);
  if (hit) return hit;
  const probabilities = getCategoryProbabilities(unit, context, unit, model);
  if (cache.size >= 8192) cache.clear();
  cache.set(key, probabilities);
  return probabilities;
}

/** A what or when unit past the allowance moves only when the model is as sure that it is no guardrail or constraint, and it names no harm. */
function isSureToMove(unit: PlannedUnit, model: ProseModel): boolean {
  return unit.probabilities !== undefined && isSafeToMove(unit.probabilities, model) && findBlockingHarm(unit, unit.probabilities, model) === undefined;
}

/** The harm topics a unit names when they keep it: the model is not sure enough, to the stricter harm threshold, that it is no guardrail or constraint. */
function findBlockingHarm(unit: ClassifiedSentence, probabilities: CategoryProbabilities, model: ProseModel): string | undefined {
  const harm = findProseHarm(unit);
  return harm !== undefined && model.harmThreshold !== undefined && getSafeShare(model, probabilities) >= model.harmThreshold ? undefined : harm;
}

/** The model's safety share (1 − w·P(guardrail) − P(constraint), prose/model.ts) clears the move threshold. */
function isSafeToMove(probabilities: CategoryProbabilities, model: ProseModel): boolean {
  return getSafeShare(model, probabilities) >= model.moveThreshold;
}

/**
 * The harm topics a prose unit or list item names (money, secrets, people, data loss, access), or undefined.
 * Such a unit moves only when the model's safety share clears the stricter harm threshold (findBlockingHarm;
 * without one in the model, never): on the development sets seven in ten guardrails name one and one in
 * ten how units does.
 * Code, tables and blocks are read as their units or moved as examples.
 */
function findProseHarm(unit: ClassifiedSentence): string | undefined {
  if (unit.markup && unit.markupKind !== 'list-item') return undefined;
  return findHarmCached(unit.text);
}

const findHarmCached = memoizeByText((text: string) => {
  const topics = findHarmTopics(text);
  return topics.length === 0 ? undefined : topics.join(', ');
});

function formatShare(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** Split each XML-like block (nested ones too) into its tags and inner units, classified in the block's context. */
function openBlocks(
  value: string,
  classified: readonly PlannedUnit[],
  parameter: boolean,
  isPinned: (unit: Sentence) => boolean,
  schema: SchemaFacts | undefined,
  decide: (unit: ClassifiedSentence, context: UnitContext) => PlannedUnit,
): Unit[] {
  const out: Unit[] = [];
  let count = 0;
  // Inside the first block of a description with no what/when prose of its own (an existing pointer does
  // not count), the first sentence is the what; inside any other block, text without a cue is detail (as
  // past the opening sentences). A second run reads the slimmed text the same way.
  const firstProse = classified.find((unit) => !unit.markup && !isPinned(unit) && (unit.category === 'what' || unit.category === 'when'));
  const open = (unit: PlannedUnit, base: number, blocks: readonly number[]): Unit[] => {
    const inner = unit.markupKind === 'xml-block' ? getInnerRange(value, unit) : undefined;
    const innerUnits = inner ? splitSentences(value.slice(inner[0], inner[1])) : [];
    if (!inner || innerUnits.length === 0) return [{ unit, blocks }];
    const saved = count;
    const block = count++;
    const parts: Unit[] = [{ unit: makeTag(value, unit.start, inner[0]), tag: { block }, blocks }];
    let leadIn: ClassifiedSentence | undefined;
    innerUnits.forEach((sentence, i) => {
      const shifted: Sentence = { ...sentence, start: sentence.start + inner[0], end: sentence.end + inner[0] };
      const previous = i > 0 ? { ...innerUnits[i - 1], start: innerUnits[i - 1].start + inner[0] } : undefined;
      const chained = isChainedLeadIn(shifted, previous, leadIn);
      const header = (shifted.markupKind === 'list-item' || chained) && leadIn ? { text: leadIn.text, category: leadIn.category } : undefined;
      const first = base + i > 0 ? (firstProse?.text ?? innerUnits[0].text) : undefined;
      const context: UnitContext = { index: base + i, first, header, next: innerUnits[i + 1], parameter, schema };
      const result = decide(classifySentence(shifted, context), context);
      parts.push(...open(result, 3, [...blocks, block]));
      leadIn = nextLeadIn(shifted, result, leadIn, chained);
    });
    parts.push({ unit: makeTag(value, inner[1], unit.end), tag: { block }, blocks });
    // A guardrail or constraint block is opened too, so that its how-text can move, but only when the
    // sentences that make it one are found inside: otherwise it stays whole, as the one rule it reads as.
    if (isProtected(unit) && !parts.some((part) => !part.tag && isProtected(part.unit))) {
      count = saved;
      return [{ unit, blocks }];
    }
    return parts;
  };
  for (const unit of classified) out.push(...open(unit, count === 0 && !firstProse ? 0 : 3, []));
  return out;
}

/** `[start, end)` of the text between a block's opening and closing tags, trimmed; undefined if it has no such tags. */
function getInnerRange(value: string, unit: ClassifiedSentence): Range | undefined {
  const open = OPEN_TAG.exec(unit.text);
  if (!open) return undefined;
  const close = `</${open[1]}>`;
  if (!unit.text.endsWith(close)) return undefined;
  let start = unit.start + open[0].length;
  let end = unit.end - close.length;
  while (start < end && /\s/.test(value[start])) start++;
  while (end > start && /\s/.test(value[end - 1])) end--;
  return end > start ? [start, end] : undefined;
}

function makeTag(value: string, start: number, end: number): PlannedUnit {
  const text = value.slice(start, end).trim();
  const from = start + value.slice(start, end).indexOf(text);
  return { text, start: from, end: from + text.length, markup: true, markupKind: 'xml-block', category: 'how', howKind: 'markup', cue: 'block tag', cueSource: 'markup' };
}

/**
 * The unit that says what the tool does: the first what/when prose sentence outside blocks, else the
 * first one inside the first block, else the first unit that is not a tag. A parameter's first unit is
 * its opening unless it is padding and a constraint or guardrail stays (-1: no opening).
 */
function findOpening(units: readonly Unit[], parameter: boolean): number {
  const isOpener = (u: Unit) => !u.tag && !u.unit.markup && (u.unit.category === 'what' || u.unit.category === 'when');
  const first = units.findIndex((u) => !u.tag);
  if (parameter) {
    // "Required. Project the card belongs to.": a first unit that only says whether the parameter is required
    // is no meaning; the next unit is.
    if (isRequirednessLabel(units[first].unit.text)) {
      const meaning = units.findIndex((u, i) => i > first && !u.tag && !u.unit.markup);
      if (meaning >= 0) return meaning;
    }
    // A first unit that is a rule by its words stays as that rule (readParameterRule): the parameter's
    // meaning is the next unit ("MUST use field name 'column'. Name of the column to filter on.").
    if (isProtected(units[first].unit) && units[first].unit.cueSource !== 'position') {
      const meaning = units.findIndex((u, i) => i > first && !u.tag && u.unit.cueSource === 'position');
      if (meaning >= 0) return meaning;
    }
    // The first unit is the what by its position alone; read past its position, padding gives way to a
    // constraint that stays ("Powerful and seamless filtering. Format: YYYY-MM-DD.").
    const unit = units[first].unit;
    const unplaced = unit.cueSource === 'position' ? classifySentence(unit, { index: 1, parameter: true }) : unit;
    return unplaced.category === 'filler' && units.some((u, i) => i !== first && !u.tag && isProtected(u.unit)) ? -1 : first;
  }
  const outside = units.findIndex((u) => u.blocks.length === 0 && isOpener(u));
  if (outside >= 0) return outside;
  const inside = units.findIndex((u) => u.blocks.length === 1 && u.blocks[0] === 0 && isOpener(u));
  return inside >= 0 ? inside : first;
}

/** "Required.", "Optional:", "(optional)": a unit that only says whether a parameter must be given. */
function isRequirednessLabel(text: string): boolean {
  return /^[\s(\[*_]*(?:required|optional|not required)[\s)\].:;,*_-]*$/i.test(text);
}

/**
 * A parameter's first unit is its meaning by position, unless its own words make it a rule ("MUST use
 * field name 'column'.", "Format: YYYY-MM-DD."): then it stays as that rule, and the meaning is the next
 * unit that can be one (findOpening keeps it).
 */
function readParameterRule(units: Unit[], parameter: boolean): Unit[] {
  const first = units.findIndex((u) => !u.tag);
  if (!parameter || first < 0 || units[first].unit.markup) return units;
  const rule = units[first].unit.cueSource === 'position' ? classifySentence(units[first].unit, { index: 1, parameter: true }) : units[first].unit;
  const meaning = units.findIndex((u, i) => i > first && !u.tag && isMeaning(u.unit));
  if (!isProtected(rule) || meaning < 0) return units;
  const out = units.slice();
  out[first] = { ...units[first], unit: { ...units[first].unit, category: rule.category, howKind: undefined, cue: rule.cue, cueSource: rule.cueSource } };
  out[meaning] = { ...units[meaning], unit: { ...units[meaning].unit, category: 'what', howKind: undefined, cue: 'the meaning, after a first unit that is a rule', cueSource: 'position' } };
  return out;
}

/**
 * A unit that can say what a parameter is: prose read as what, or as how for no cue of its own (only for
 * its place past the first unit) or for restating the schema's values ("How to combine filters: AND or OR.").
 */
function isMeaning(unit: PlannedUnit): boolean {
  const cueSource = unit.cueCategory === undefined ? unit.cueSource : undefined;
  return !unit.markup && (unit.category === 'what' || (unit.category === 'how' && (cueSource === 'fallback' || cueSource === 'schema')));
}

/** Put back the blocks that move whole, so their text moves as written (tags and all). */
function closeMovedBlocks(
  value: string,
  units: readonly Unit[],
  kept: ReadonlySet<number>,
  toParams: ReadonlyMap<number, string>,
  reasons: ReadonlyMap<number, MoveReason>,
): { units: PlannedUnit[]; kept: Set<number>; toParams: Map<number, string>; reasons: Map<number, MoveReason> } {
  const out: PlannedUnit[] = [];
  const outKept = new Set<number>();
  const outToParams = new Map<number, string>();
  const outReasons = new Map<number, MoveReason>();
  for (let i = 0; i < units.length; i++) {
    const { tag, unit } = units[i];
    if (tag && !kept.has(i)) {
      // Opening tag of a block that moves whole: the block from its tag to its closing tag is one unit.
      let j = i + 1;
      while (units[j].tag?.block !== tag.block) j++;
      // A constraint inside a moving block that goes to a parameter keeps the block open.
      if (units.slice(i + 1, j).every((_, k) => !toParams.has(i + 1 + k))) {
        const end = units[j].unit.end;
        // A block moves whole as how-text unless every unit inside moved for another reason.
        const inner = units.slice(i + 1, j).map((_, k) => reasons.get(i + 1 + k)).filter((reason) => reason !== undefined);
        outReasons.set(out.length, getWholeBlockReason(inner));
        out.push({ ...unit, text: value.slice(unit.start, end), end, cue: 'XML-like block' });
        i = j;
        continue;
      }
    }
    if (kept.has(i)) outKept.add(out.length);
    const param = toParams.get(i);
    if (param !== undefined) outToParams.set(out.length, param);
    if (!kept.has(i) && param === undefined) outReasons.set(out.length, reasons.get(i) ?? 'how');
    out.push(unit);
  }
  return { units: out, kept: outKept, toParams: outToParams, reasons: outReasons };
}

function buildSelection(
  value: string,
  units: readonly PlannedUnit[],
  keptIndexes: ReadonlySet<number>,
  paramOf: ReadonlyMap<number, string>,
  reasonOf: ReadonlyMap<number, MoveReason>,
  analysedEnd: number,
): Selection | undefined {
  if (keptIndexes.size === 0) return undefined;
  const kept = units.filter((_, i) => keptIndexes.has(i));
  const movedIndexes = [...units.keys()].filter((i) => !keptIndexes.has(i) && !paramOf.has(i));
  const moved = movedIndexes.map((i) => units[i]);
  const reasons = movedIndexes.map((i) => reasonOf.get(i) ?? 'how');
  const toParams = [...paramOf].map(([i, param]) => ({ param, unit: units[i] }));
  const lastKept = Math.max(...keptIndexes);
  const deleteRanges: Range[] = [];
  const movedChunks: string[] = [];
  let chunkStart: number | undefined;
  for (let i = 0; i < units.length; i++) {
    if (keptIndexes.has(i)) continue;
    const unit = units[i];
    // A moved unit takes the space after it along; after the last kept unit everything to the end goes.
    const start = i === lastKept + 1 ? units[lastKept].end : unit.start;
    const end = i > lastKept ? analysedEnd : units[i + 1].start;
    extendRanges(deleteRanges, [start, end]);
    if (paramOf.has(i)) continue;
    chunkStart ??= unit.start;
    const isRunEnd = i + 1 >= units.length || keptIndexes.has(i + 1) || paramOf.has(i + 1);
    if (isRunEnd) {
      // Adjacent moved units keep the text between them exactly as written (list items stay list items).
      movedChunks.push(value.slice(chunkStart, unit.end));
      chunkStart = undefined;
    }
  }
  return { kept, moved, reasons, toParams, deleteRanges, movedChunks, keptEnd: units[lastKept].end };
}

/** Append a range, merging it with the previous one when they touch. */
function extendRanges(ranges: Range[], range: Range): void {
  const last = ranges[ranges.length - 1];
  if (last && last[1] >= range[0]) ranges[ranges.length - 1] = [last[0], Math.max(last[1], range[1])];
  else ranges.push(range);
}

/** A parameter as the planner needs it to route a constraint: its path, schema, and whether its description can take one. */
export interface ParamTarget {
  readonly path: readonly string[];
  readonly schema: SchemaFacts['schema'];
  readonly required: boolean;
  /** True when the parameter's description is text that can be edited (static and not empty). */
  readonly takesText: boolean;
  /** The parameter's description, when toolslim can read it. */
  readonly text?: string;
}

/** The options that route a tool description's constraints to its parameters (`params`, `allParams`, `paramSchemas`, `paramTexts`). */
export function getParamTargets(params: readonly ParamTarget[]): Pick<PlanOptions, 'params' | 'allParams' | 'paramSchemas' | 'paramTexts'> {
  const key = (param: ParamTarget) => param.path.join('.');
  return {
    params: params.filter((param) => param.takesText).map(key),
    allParams: params.map(key),
    paramSchemas: new Map(params.map((param) => [key(param), { schema: param.schema, required: param.required, name: param.path[param.path.length - 1] }])),
    paramTexts: new Map(params.filter((param) => param.text !== undefined).map((param) => [key(param), param.text as string])),
  };
}

/** The names (also in words, marked with INPUT_IN_WORDS) and string enum values of a tool's parameters, in lower case; undefined when they are not known. */
function findInputValues(paramSchemas: PlanOptions['paramSchemas']): Set<string> | undefined {
  if (!paramSchemas || paramSchemas.size === 0) return undefined;
  const values = new Set<string>();
  for (const [param, facts] of paramSchemas) {
    const name = facts.name ?? param.split('.').pop() ?? param;
    values.add(name.toLowerCase());
    // The name in words, as a lead-in writes it: `tagKey`, `tag_key` → "tag key".
    values.add(`${INPUT_IN_WORDS}${name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase()}`);
    const choices = facts.schema?.enum;
    if (Array.isArray(choices)) for (const choice of choices) if (typeof choice === 'string') values.add(choice.toLowerCase());
  }
  return values;
}
