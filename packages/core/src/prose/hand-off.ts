/**
 * A hand-off: a unit that sends the agent to another tool by name for a case this tool is not for. It is what
 * tells sibling tools apart, so the planner keeps it past the sentence allowance and does not count it against
 * the limit. Its forms: a sentence that says "instead" ("for raku firings use `get_raku_guide` instead"), a limit of
 * this tool sent on ("returns one glaze only -- use `list_glazes` for the rest"), a case sent
 * on that says it is not this tool's ("NOT FOR raku firings → use get_raku_guide"), and an item of a list of cases
 * this tool is not for ("Do NOT use for:" … "- Raku firings → use `get_raku_guide`").
 * A tool's name is an identifier with a separator or a hump (`get_raku_guide`, `kiln-status`, `getRakuGuide`),
 * plain or quoted. A workflow step ("then call `get_status` to poll") is no hand-off here, nor a list of
 * phrases sent to a tool under a plain lead-in ("KILN PHRASES:"), which may name the tool itself.
 */
const TOOL_NAME = String.raw`[\`'"]?(?:[A-Za-z][A-Za-z0-9]*(?:[_\-.][A-Za-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)[\`'"]?`;

/** "use `get_raku_guide` instead", "instead, call `list_kilns`", "use kiln_status rather than this tool". */
const INSTEAD = new RegExp(
  [
    String.raw`\b(?:use|call|try|prefer)\s+(?:the\s+)?${TOOL_NAME}(?:\s+tool)?\s+(?:instead|rather)\b`,
    String.raw`\binstead\s*,?\s*(?:use|call)\s+(?:the\s+)?${TOOL_NAME}`,
    String.raw`(?:→|->|=>)\s*(?:(?:use|call|try|see)\s+)?(?:the\s+)?${TOOL_NAME}(?:\s+tool)?\s+instead\b`,
    // "To link a filed record instead of uploading one, use `link_record`".
    String.raw`\binstead\s+of\b[^.;]{0,100}?\b(?:use|call)\s+(?:the\s+)?${TOOL_NAME}`,
    // "For task notes, use `list_notes` …": a case of its own, sent to another tool.
    String.raw`^\s*for\s+[^,;]{3,80},\s*use\s+(?:the\s+)?${TOOL_NAME}`,
    // "Returns metadata only -- use `download_file` for content": what this tool does not do, sent to another tool.
    String.raw`\b(?:only|not|no|cannot|never)\b[^.;]{0,80}?(?:--|—|–|;|,|:)\s*(?:use|call|see)\s+(?:the\s+)?${TOOL_NAME}`,
  ].join('|'),
  'i',
);

/** "Raku firings → use `get_raku_guide`": a case sent to a tool by name. */
const SENT_TO = new RegExp(String.raw`(?:→|->|=>)\s*(?:(?:use|call|try|see)\s+)?(?:the\s+)?${TOOL_NAME}`, 'i');

/** A lead-in of cases this tool is not for ("Do NOT use for:", "Not for:", "Other tools:"). */
const NOT_FOR = /\b(?:not|never)\b|n't\b|\binstead\b|\bother tools?\b|\balternatives?\b/i;

/**
 * True when the unit sends the agent to another tool by its name for some case: it says "instead", it says the
 * case is not this tool's ("Not for raku firings → use `get_raku_guide`"), or it is an item of a list of cases this
 * tool is not for. A list of phrases sent to a tool under a plain lead-in
 * ("KILN PHRASES:") may name the tool itself, and is no hand-off.
 */
export function isHandOff(text: string, leadIn?: string): boolean {
  return INSTEAD.test(text) || isRoutingTable(text) || (SENT_TO.test(text) && (NOT_FOR.test(text) || (leadIn !== undefined && NOT_FOR.test(leadIn))));
}

/**
 * A hand-off whatever else the unit reads as: it says "instead", or it sends cases to two or more tools by name.
 * Such a unit stays even where the cues call it how-text (a routing table reads like a list of values).
 */
export function isSureHandOff(text: string): boolean {
  return INSTEAD.test(text) || isRoutingTable(text);
}

/** "fresh bytes → `attach_pdf`; a filed record → `link_record`": cases sent to two or more tools by name. */
function isRoutingTable(text: string): boolean {
  const sent = new Set([...text.matchAll(SENT_TO_ALL)].map((match) => match[1].replace(/[`'"]/g, '')));
  return sent.size >= 2;
}

const SENT_TO_ALL = new RegExp(String.raw`(?:→|->|=>)\s*(?:(?:use|call|try|see)\s+)?(?:the\s+)?(${TOOL_NAME})`, 'gi');
