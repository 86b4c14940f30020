/**
 * Deterministic what / when / how classification of description units.
 *
 * The order of the checks is the contract (docs/how-categories.md lists the categories with examples):
 *
 * 1. A markup unit (list item, heading, code fence, XML-like block, table) is how/`markup`.
 * 2. The first unit is `what`: a description opens by saying what the tool does.
 * 3. `warning`: IMPORTANT / WARNING / NOTE / CAUTION openers, `!!`, markdown emphasis (`**…**`), and
 *    capitalised emphasis words (NOT, NEVER, MUST…) or runs of three capitalised words.
 * 4. `when` (kind `when`, no category): use and selection guidance — "Use this when…", "Call this to…",
 *    "Prefer this over…", "Only for…", "Best for…", and "Do not use for…" when it points at another tool.
 * 5. `default`: "defaults to", "by default", "if omitted", "default is".
 * 6. `example`: "e.g." or "example:" at the start, "for example", "such as `x`", quoted sample calls.
 * 7. `edge-case` when the sentence opens with a condition: "If…", "When…", "Unless…", "Otherwise…".
 * 8. `format`: what comes back and its shape — "Returns…", "the response contains…", JSON, ISO 8601, fields.
 * 9. `rule`: instructions on filling in an input ("Set `recursive` to true…", "Pass the id parameter…"),
 *    then constraints — must, never, always, only, should, required, do not, at most, limited to.
 * 10. `edge-case` when a condition sits later in the sentence: "unless", "otherwise", "in case", "if the…".
 * 11. A unit that ends with `:` right before a markup unit ("Rules:") is how/`markup`: it introduces the
 *     block and moves with it.
 * 12. Anything else describes what the tool does: `what`.
 *
 * Cues are searched in the text with the inside of inline code, URLs and quoted strings masked (same
 * length), so a `must` inside a code sample is not a rule; only the example check reads code and quotes.
 */
import { splitSentences } from './sentences.js';
import type { ClassifiedSentence, HowCategory, Sentence, SentenceKind } from './types.js';
import { memoizeByText } from '../memo.js';

interface Cue {
  readonly kind: SentenceKind;
  readonly category: HowCategory | undefined;
  readonly pattern: RegExp;
  /** Look for the cue in the unmasked text (examples live in code and quotes). */
  readonly readsCode?: boolean;
  /** Extra test on the masked text, for cues a regular expression alone cannot decide. */
  readonly accept?: (masked: string, original: string) => boolean;
}

/** All-caps words that are emphasis, not acronyms (JSON, URL, ISO are not here). */
const EMPHASIS_WORDS =
  'NOT|NEVER|ALWAYS|MUST|ONLY|DO|DON\'T|DOES|ALL|NO|ANY|EVERY|REQUIRED|MANDATORY|STRICTLY|EXACTLY|BEFORE|AFTER|FIRST|IMPORTANT|WARNING|CAUTION|CRITICAL|NOTE|DANGER|ATTENTION|NOTHING|NONE|CANNOT|WILL|SHOULD|STOP|AVOID';

/** Whether a "do not use…" sentence sends the reader elsewhere: "instead", inline code, a snake_case or camelCase name. */
function isPointingAtAnotherTool(masked: string, original: string): boolean {
  if (/\binstead\b/i.test(masked)) return true;
  if (/`[^`]+`/.test(original)) return true;
  return /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b/.test(masked);
}

const CUES: readonly Cue[] = [
  // 3. warning
  {
    kind: 'how',
    category: 'warning',
    pattern: /^[\s*_>#]*(?:⚠️?\s*)?(?:important|warning|note|caution|critical|danger|attention|heads[- ]up)\b/i,
  },
  { kind: 'how', category: 'warning', pattern: /!!|⚠/ },
  { kind: 'how', category: 'warning', pattern: /\*\*[^*\s][^*]*\*\*|__[^_\s][^_]*__|(?<![\w*])\*[^*\s](?:[^*]*[^*\s])?\*(?![\w*])/ },
  { kind: 'how', category: 'warning', pattern: /\b[A-Z]{2,}(?:\s+[A-Z]{2,}){2,}\b/ },
  { kind: 'how', category: 'warning', pattern: new RegExp(`\\b(?:${EMPHASIS_WORDS})\\b(?!['\\w])`) },
  // 4. when
  {
    kind: 'when',
    category: undefined,
    pattern: /^(?:do not|don't|never|avoid)\s+(?:use|using|call|calling|invoke|invoking)\b/i,
    accept: isPointingAtAnotherTool,
  },
  {
    kind: 'when',
    category: undefined,
    pattern:
      /^(?:(?:only|always|just)\s+)?(?:use|call|invoke|choose|pick|try)\s+(?:this|it|me)(?:\s+(?:tool|function|endpoint|command|action|method))?\s+(?:only|first|instead|whenever|when|to|for|if|before|after|once)\b/i,
  },
  { kind: 'when', category: undefined, pattern: /^(?:use|call|try)\s+\S+\s+instead\b/i },
  { kind: 'when', category: undefined, pattern: /^prefer\s+(?:this|it|\S+)\s+(?:over|to|instead|when|for)\b/i },
  { kind: 'when', category: undefined, pattern: /^(?:this (?:tool|function) is\s+)?only\s+(?:for|when|if|use|call|to be used|works? (?:for|when|with))\b/i },
  { kind: 'when', category: undefined, pattern: /^(?:best|ideal|ideally|useful|helpful|good|great|handy|intended|designed|meant|suitable|recommended)\s+(?:for|when|to|if)\b/i },
  { kind: 'when', category: undefined, pattern: /^(?:not\s+(?:intended|meant|suitable|designed|recommended)\s+for)\b/i },
  { kind: 'when', category: undefined, pattern: /^(?:typically|mainly|primarily|mostly|usually|commonly|generally)\s+used\s+(?:for|to|when)\b/i },
  { kind: 'when', category: undefined, pattern: /^instead of\b/i },
  { kind: 'when', category: undefined, pattern: /^(?:when|whenever|if)\b.*\b(?:use|call|invoke|choose|pick|prefer)\s+(?:this|it)\b/i },
  {
    kind: 'when',
    category: undefined,
    pattern: /(?<!(?:\bnot|n't|\bnever|\bavoid)\s+)\b(?:use|call|invoke)\s+(?:this|it)(?:\s+(?:tool|function))?\s+(?:when|whenever|if|to|for|before|after|instead)\b/i,
  },
  { kind: 'when', category: undefined, pattern: /\b(?:should|can|may) be (?:used|called|invoked) (?:when|whenever|if|to|for|before|after)\b/i },
  // 5. default
  {
    kind: 'how',
    category: 'default',
    pattern:
      /\b(?:defaults?\s+(?:to|is|value|:)|by default|if (?:omitted|unset|not (?:specified|provided|given|set|supplied))|when (?:omitted|unset|not (?:specified|provided|given|set|supplied))|default(?:s)?\s*[:=]|\(default\b|\bis the default\b)/i,
  },
  // 6. example
  {
    kind: 'how',
    category: 'example',
    pattern:
      /^[\s*_(]*(?:e\.\s?g\.|eg\b|for (?:example|instance)\b|(?:examples?|sample|usage)(?:\s+(?:calls?|usages?|requests?|inputs?|quer(?:y|ies)|invocations?))?\s*[:\-–—]|examples?\s+(?:calls?|usages?|requests?|inputs?|quer(?:y|ies)|invocations?)\b)/i,
    readsCode: true,
  },
  { kind: 'how', category: 'example', pattern: /\bfor (?:example|instance)\b|\bexamples?:/i, readsCode: true },
  { kind: 'how', category: 'example', pattern: /\b(?:such as|like)\s+(?:`[^`]+`|"[^"]+"|'[^']+')/i, readsCode: true },
  { kind: 'how', category: 'example', pattern: /`[\w.$]+\([^`]*\)`|\b[a-z_][\w.]*\((?:"[^"]*"|'[^']*'|\{[^}]*\})/, readsCode: true },
  // 7. edge-case, condition first
  { kind: 'how', category: 'edge-case', pattern: /^(?:if|when|whenever|unless|otherwise|in case|in the event|on (?:error|failure|success|timeout)|for (?:empty|missing|invalid|unknown))\b/i },
  // 8. format
  { kind: 'how', category: 'format', pattern: /^(?:it\s+)?(?:returns?|responds?|outputs?|yields?|produces?|response|result|results|output)\b/i },
  {
    kind: 'how',
    category: 'format',
    pattern:
      /\b(?:returns|return value|responds with|(?:the\s+)?(?:response|result|results|output)s?\s+(?:contains?|includes?|is|are|has|have|will (?:be|contain|include)|looks? like)|(?:sorted|ordered|paginated|grouped) by|format(?:ted)?|shape|fields?|schema|syntax|in the form)\b/i,
  },
  { kind: 'how', category: 'format', pattern: /(?<!\.)\b(?:JSON|YAML|XML|CSV|TSV|NDJSON|ISO[ -]?8601|RFC ?\d{3,4}|UTF-8|base64|Markdown|HTML|Unix (?:time|timestamp)|epoch)\b/i },
  // 9. rule: an instruction on filling in an input ("Set `recursive` to true…"), then constraint words
  {
    kind: 'how',
    category: 'rule',
    pattern:
      /^(?:[Uu]se|[Ss]et|[Pp]ass|[Pp]rovide|[Ss]pecify|[Ss]upply|[Oo]mit|[Ll]eave)\s+(?:`[^`]+`|"[^"]+"|[a-z]+(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+|the\s+\S+\s+(?:parameter|option|field|flag|argument))/,
  },
  {
    kind: 'how',
    category: 'rule',
    pattern:
      /\b(?:must|never|always|only|should|shall|required|requires|mandatory|do not|don't|avoid|does not accept|cannot|can't|may not|not allowed|forbidden|at most|at least|no more than|no fewer than|max(?:imum)?(?: of)?|min(?:imum)?(?: of)?|limited to|up to \d|between \d+ and \d+|exactly \d+|case[- ]sensitive|case[- ]insensitive)\b/i,
  },
  // 10. edge-case, condition later
  {
    kind: 'how',
    category: 'edge-case',
    pattern: /\b(?:unless|otherwise|in case|if (?:the|a|an|no|it|there|any|none|you|nothing)|when (?:the|no|it|there|none|nothing)|does not exist|doesn't exist|not found|is empty|are empty|is missing)\b/i,
  },
];

/** Labels for markup cues. */
const MARKUP_CUES: Record<string, string> = {
  'list-item': 'list item',
  heading: 'heading',
  'code-fence': 'code fence',
  'xml-block': 'XML-like block',
  table: 'table',
  'thematic-break': 'thematic break',
};

/** Classifies each unit of `text` (see the order of checks at the top of this file). */
export function classifySentences(text: string): ClassifiedSentence[] {
  return classifySentencesCached(text).slice();
}

const classifySentencesCached = memoizeByText((text: string): ClassifiedSentence[] => {
  const units = splitSentences(text);
  return units.map((sentence, index) => classifySentence(sentence, index, units[index + 1]));
});

/**
 * Classifies one unit; `index` is its position in the description (the first unit is `what`) and `next`
 * the unit after it, if any (a lead-in such as "Rules:" belongs to the markup that follows).
 */
export function classifySentence(sentence: Sentence, index: number, next?: Sentence): ClassifiedSentence {
  if (sentence.markup) {
    const cue = MARKUP_CUES[sentence.markupKind ?? ''] ?? 'markup';
    return { ...sentence, kind: 'how', category: 'markup', cue };
  }
  if (index === 0) return { ...sentence, kind: 'what', category: undefined, cue: 'first sentence' };
  const masked = maskLiterals(sentence.text);
  for (const cue of CUES) {
    const subject = cue.readsCode ? sentence.text : masked;
    const match = cue.pattern.exec(subject);
    if (!match || (cue.accept && !cue.accept(masked, sentence.text))) continue;
    // Masking keeps lengths, so the cue is read back from the original text.
    const cueText = sentence.text.slice(match.index, match.index + match[0].length).trim();
    return { ...sentence, kind: cue.kind, category: cue.category, cue: cueText };
  }
  if (next?.markup && /:\s*$/.test(sentence.text)) return { ...sentence, kind: 'how', category: 'markup', cue: 'lead-in to markup' };
  return { ...sentence, kind: 'what', category: undefined, cue: undefined };
}

/** True for units the codemod moves out of a description. */
export function isHow(sentence: ClassifiedSentence): boolean {
  return sentence.kind === 'how';
}

/**
 * Replaces the inside of inline code, URLs and quoted strings with `x` (same length, so offsets stay
 * valid, and a masked literal still reads as one word: "Use `xxxxxxxxx` instead").
 */
export function maskLiterals(text: string): string {
  return text.replace(/(`+)[^`][\s\S]*?\1(?!`)|\bhttps?:\/\/\S+|"[^"\n]*"|(?<!\w)'[^'\n]*'(?!\w)/g, (literal) =>
    literal[0] + 'x'.repeat(Math.max(0, literal.length - 2)) + (literal.length > 1 ? literal[literal.length - 1] : ''),
  );
}
