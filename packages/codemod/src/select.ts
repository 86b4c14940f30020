/**
 * Which units of a description stay, which move to markdown and which move to a parameter: core's one
 * planner (`planDescription`, prose/plan.ts), which the rules and `measure --check` read too.
 */
import { planDescription, type DescriptionPlan, type PlanOptions, type Range, type Selection } from '@toolslim/core';

export type { DescriptionPlan, ParamMove, Range, Selection, UnitDecision } from '@toolslim/core';

export type SelectOptions = Omit<PlanOptions, 'extraSentences' | 'pinned'>;

/**
 * Plan the units of a description: every unit, where it goes, and the selection (undefined when nothing
 * would leave the description). Units that overlap `pinned` (an existing pointer) always stay and do
 * not count as kept sentences.
 */
export function planUnits(value: string, extraSentences: number, pinned?: Range, options: SelectOptions = {}): DescriptionPlan {
  return planDescription(value, { ...options, extraSentences, pinned });
}

/** The selection of `planUnits` alone. */
export function selectUnits(value: string, extraSentences: number, pinned?: Range, options: SelectOptions = {}): Selection | undefined {
  return planUnits(value, extraSentences, pinned, options).selection;
}
