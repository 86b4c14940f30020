/**
 * A consequence of an action: what breaks, is damaged or is lost when the call is made a certain way
 * ("Opening the vent above 600 °C cracks the glass.", "Renaming a page breaks the links to it.", "Adding an
 * existing alias overwrites it.", "some formatting may be lost"). It is read as a guardrail wherever it
 * stands past a tool's opening unit: the model that meets it must know what the call can cost, and a word
 * list of topics (harm.ts) cannot tell physical damage from a plain detail. The tool's own first unit
 * ("Deletes a branch.") says what the tool does and is not read here.
 */

/** Damage to a thing, a person or a living being, in any sentence: "cracks the glass", "can damage the pump", "may corrupt the index", "can kill the seedlings". */
const DAMAGE =
  /\b(?:cracks|shatters|damages|corrupts|ruins|bricks|injures|overheats|melts|kills|poisons)\b|\b(?:can|may|will|could|might|would)\s+(?:also\s+|permanently\s+|irreversibly\s+|silently\s+)?(?:crack|shatter|damage|corrupt|ruin|brick|injure|overheat|melt|break|destroy|wipe|erase|lose|kill|harm|hurt|poison)\b(?!\s+(?:down|up|ties|into|apart)\b)|\bvoids?\s+the\s+warranty\b/i;

/** Something lost or destroyed as the outcome: "unsaved changes are lost", "some formatting may be lost", "results in data loss". */
const LOSS =
  /\b(?:is|are|will be|gets?|be)\s+(?:permanently\s+|irreversibly\s+|silently\s+)?(?:lost|destroyed|corrupted|damaged|wiped|erased)\b|\b(?:causes?|results?\s+in|leads?\s+to|risks?)\s+(?:permanent\s+|irreversible\s+)?(?:damage|data loss|corruption|injury|loss\b)/i;

/**
 * An action or a condition that opens the sentence, with a destructive verb as its outcome: "Adding an
 * existing alias overwrites it.", "Renaming a page breaks the links to it.", "If the target exists, deletes it first."
 */
const ACTION_OUTCOME =
  /^(?:[A-Z][a-z]+ing|[Ii]f|[Ww]hen|[Oo]nce|[Aa]fter)\b[^.;]*\b(?:breaks|cracks|destroys|erases|wipes|overwrites|deletes|loses|invalidates)\b(?!\s+(?:down|up|ties|into|apart)\b)/;

/** The words of a consequence of an action in a unit's masked text, or undefined. */
export function findConsequence(masked: string): string | undefined {
  const text = masked.trim();
  const match = DAMAGE.exec(text) ?? LOSS.exec(text) ?? ACTION_OUTCOME.exec(text);
  return match?.[0];
}
