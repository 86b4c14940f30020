/**
 * Which units of a description stay, which move to markdown and which move to a parameter: core's one
 * planner (`planDescription`, prose/plan.ts), which the rules and `measure --check` read too.
 */
import { planDescription, type PlanOptions, type Range, type Selection } from '@toolslim/core';

export type { ParamMove, Range, Selection } from '@toolslim/core';

export type SelectOptions = Omit<PlanOptions, 'extraSentences' | 'pinned'>;

/**
 * Select the units of a description. Units that overlap `pinned` (an existing pointer) always stay and
 * do not count as kept sentences. Undefined when nothing would leave the description.
 */
export function selectUnits(value: string, extraSentences: number, pinned?: Range, options: SelectOptions = {}): Selection | undefined {
  return planDescription(value, { ...options, extraSentences, pinned }).selection;
}
