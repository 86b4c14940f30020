/**
 * Two tools on one server whose what/when text says the same thing leave the model to guess between them
 * from the names alone. Compared on the lead of each description (the up to three sentences `slim`
 * keeps), as folded content words: two leads with nearly the same words, or the same first sentence
 * (one of them with only a word or two added at its end, "…in a path" / "…in a path, including sizes")
 * followed by alike sentences, do not carry the difference. Pure functions over published fields, shared
 * by the `distinct-tool-descriptions` rule and `toolslim measure --check`. A description in another language
 * than English is not compared (the words it is compared by are English words).
 */
import { memoizeByText } from '../memo.js';
import { isOtherLanguage } from '../prose/language.js';
import { splitSentences } from '../prose/sentences.js';
import { getWords, splitIdentifier } from '../prose/words.js';

export interface DistinctDescriptionsOptions {
  /** Share of content words two leads have in common (Jaccard, 0–1) from which they are too alike. */
  readonly minSimilarity?: number;
  /** How many words added at the end of the other tool's first sentence still leave the two too alike. */
  readonly maxAddedWords?: number;
  /** How many leading sentences are compared. */
  readonly leadSentences?: number;
}

export const DISTINCT_DESCRIPTIONS_DEFAULTS: Required<DistinctDescriptionsOptions> = { minSimilarity: 0.95, maxAddedWords: 2, leadSentences: 3 };

/** After a shared first sentence, how alike the rest of the leads must be (Jaccard) for the pair to be reported. */
const REST_SIMILARITY = 0.6;
/** A first sentence shorter than this says too little to call two tools the same. */
const MIN_FIRST_SENTENCE_WORDS = 3;

export interface DescribedTool {
  readonly name: string;
  readonly description?: string;
}

export interface ConfusableTools {
  /** Index of the later tool (the one reported) and of the earlier one it is confused with. */
  readonly index: number;
  readonly otherIndex: number;
  /** Content words both leads share, and the size of their union. */
  readonly shared: number;
  readonly total: number;
}

/** Words that carry no meaning for telling tools apart. */
const STOP_WORDS = new Set(
  'a an the of to in on for with and or by from into onto at as is are be been being it its this that these those there their them they you your we our us can may will would should must could do does done not no all any each every some one also only just via using use used tool tools given specified specific provided selected based such than then if when which who what where while about'.split(
    ' ',
  ),
);

interface Lead {
  /** Content words of the first sentence, in order. */
  readonly first: readonly string[];
  /** Content words of the following lead sentences, as a set. */
  readonly rest: ReadonlySet<string>;
  /** Content words of the whole lead, as a set. */
  readonly all: ReadonlySet<string>;
}

function getContentWords(text: string): string[] {
  return getWords(text).filter((word) => word.length > 1 && !STOP_WORDS.has(word) && !/^\d+$/.test(word));
}

/** The content words of a description's lead (its first `leadSentences` prose sentences). */
export function getLead(description: string, leadSentences = DISTINCT_DESCRIPTIONS_DEFAULTS.leadSentences): Lead {
  return leadSentences === DISTINCT_DESCRIPTIONS_DEFAULTS.leadSentences ? getDefaultLead(description) : buildLead(description, leadSentences);
}

const getDefaultLead = memoizeByText((description) => buildLead(description, DISTINCT_DESCRIPTIONS_DEFAULTS.leadSentences));

function buildLead(description: string, leadSentences: number): Lead {
  const sentences = splitSentences(description)
    .filter((sentence) => !sentence.markup)
    .slice(0, leadSentences)
    .map((sentence) => getContentWords(sentence.text));
  const first = sentences[0] ?? [];
  const rest = new Set(sentences.slice(1).flat());
  return { first, rest, all: new Set([...first, ...rest]) };
}

/** For each tool, the first earlier tool it cannot be told apart from by its description; tools with no description are skipped. */
export function findConfusableTools(
  tools: readonly DescribedTool[],
  options: DistinctDescriptionsOptions = {},
  /** Whether two tools (by index) are offered to the model together; all are, in one `tools/list`. */
  areListedTogether: (index: number, otherIndex: number) => boolean = () => true,
): ConfusableTools[] {
  const settings = { ...DISTINCT_DESCRIPTIONS_DEFAULTS, ...options };
  // Words are read in English (Latin letters): a description in another language is not compared, since the few
  // words read from it (a product name, an identifier) are not what it says.
  const leads = tools.map((tool) => (tool.description && !isOtherLanguage(tool.description) ? getLead(tool.description, settings.leadSentences) : undefined));
  const found: ConfusableTools[] = [];
  for (let index = 1; index < tools.length; index++) {
    const lead = leads[index];
    if (!lead || lead.all.size < 2) continue;
    for (let otherIndex = 0; otherIndex < index; otherIndex++) {
      const other = leads[otherIndex];
      if (!other || other.all.size < 2 || tools[otherIndex].name === tools[index].name || !areListedTogether(index, otherIndex)) continue;
      if (!isConfusable(lead, other, settings)) continue;
      if (mentionsName(tools[index].description!, tools[otherIndex].name) || mentionsName(tools[otherIndex].description!, tools[index].name)) continue;
      const { shared, total } = countShared(lead.all, other.all);
      found.push({ index, otherIndex, shared, total });
      break;
    }
  }
  return found;
}

function isConfusable(lead: Lead, other: Lead, settings: Required<DistinctDescriptionsOptions>): boolean {
  // The share of words in common can reach minSimilarity only when the two sets are of near size: a cheap test first.
  const sizes = Math.min(lead.all.size, other.all.size) / Math.max(lead.all.size, other.all.size);
  if (sizes >= settings.minSimilarity) {
    const { shared, total } = countShared(lead.all, other.all);
    if (shared / total >= settings.minSimilarity) return true;
  }
  if (!isExtendedBy(lead.first, other.first, settings.maxAddedWords) && !isExtendedBy(other.first, lead.first, settings.maxAddedWords)) return false;
  if (lead.rest.size === 0 && other.rest.size === 0) return true;
  const rest = countShared(lead.rest, other.rest);
  return rest.total > 0 && rest.shared / rest.total >= REST_SIMILARITY;
}

/** True when `longer` is `shorter` with at most `maxAdded` words added at its end. */
function isExtendedBy(shorter: readonly string[], longer: readonly string[], maxAdded: number): boolean {
  if (shorter.length < MIN_FIRST_SENTENCE_WORDS || longer.length - shorter.length > maxAdded || longer.length < shorter.length) return false;
  return shorter.every((word, position) => longer[position] === word);
}

function countShared(words: ReadonlySet<string>, other: ReadonlySet<string>): { shared: number; total: number } {
  let shared = 0;
  for (const word of words) if (other.has(word)) shared++;
  return { shared, total: words.size + other.size - shared };
}
/** A description that names the other tool (`list_directory`, "list directory") already says how the two differ. */
function mentionsName(description: string, name: string): boolean {
  if (name.length < 3) return false;
  const { pattern, spaced } = getNameForms(name);
  if (pattern.test(description)) return true;
  return spaced.includes(' ') && description.toLowerCase().includes(spaced);
}

/** The name as a whole word, and split at its humps and underscores; built once per name, not per pair of tools. */
const getNameForms = memoizeByText((name) => ({
  pattern: new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`),
  spaced: splitIdentifier(name).join(' ').toLowerCase(),
}));
