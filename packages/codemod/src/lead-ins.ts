/**
 * Kept text keeps what introduces it, so it still reads right: a heading stays when a unit of its section
 * stays, and a lead-in ("Important:") stays when an item of its list stays. Applied to a selection's moved
 * units (slim --server plans on those).
 */
import type { Sentence } from '@toolslim/core';

/** The moved units without the headings and lead-ins of kept text. */
export function keepLeadIns<T extends Sentence>(units: readonly T[], moved: readonly T[]): T[] {
  const movedSet = new Set<Sentence>(moved);
  const ordered = [...units].sort((a, b) => a.start - b.start);
  const isKept = (unit: Sentence) => !movedSet.has(unit);
  const retained = new Set<Sentence>();
  ordered.forEach((unit, i) => {
    if (!movedSet.has(unit)) return;
    const level = getHeadingLevel(unit);
    if (level !== undefined) {
      // The section: every unit up to the next heading of the same or a higher level.
      for (let j = i + 1; j < ordered.length; j++) {
        const next = getHeadingLevel(ordered[j]);
        if (next !== undefined && next <= level) break;
        if (isKept(ordered[j]) && next === undefined) {
          retained.add(unit);
          break;
        }
      }
      return;
    }
    if (unit.markup || !/:\s*$/.test(unit.text)) return;
    for (let j = i + 1; j < ordered.length && ordered[j].markupKind === 'list-item'; j++) {
      if (isKept(ordered[j])) {
        retained.add(unit);
        break;
      }
    }
  });
  return moved.filter((unit) => !retained.has(unit));
}

function getHeadingLevel(unit: Sentence): number | undefined {
  const match = unit.markupKind === 'heading' || /^#{1,6}\s/.test(unit.text) ? /^(#{1,6})\s/.exec(unit.text) : undefined;
  return match ? match[1].length : undefined;
}
