/**
 * Deterministic classification of description units into what / when / guardrail / constraint / how /
 * filler (docs/how-categories.md). Every result carries the cue that decided it and where that cue came
 * from (words, position, list header, markup), so a message or a reader can see why.
 *
 * The order of the checks is the contract. It puts the expensive mistakes last: moving a guardrail or a
 * constraint out of a description hurts more than keeping a little how-text, so those are looked for
 * first, in every unit, whatever its position or markup.
 *
 * 1. `guardrail`: destructive or irreversible consequences, confirm with the user, untrusted output and
 *    prompt injection, secrets and permission scope, "never guess X".
 * 2. `constraint`: formats (YYYY-MM-DD, ISO 8601, comma-separated), the valid values of a free string,
 *    parameters that exclude or require each other, "exactly one of".
 * 3. A list item under a lead-in that is a guardrail, a constraint or when-text ("SECURITY:", "Valid
 *    values:", "Use this tool when:") takes the lead-in's category.
 * 4. `when` (strong cues only for the first unit): "Use this when…", "Best for…", "Do not use … use X
 *    instead", hand-offs between tools ("then call `x` with the returned id").
 * 5. A markup block (list item, heading, code fence, XML-like block, table) is how/`markup`, or filler
 *    for a features block.
 * 6. The first unit is `what`: a description opens by saying what the tool does.
 * 7. `filler`: praise, background definitions, a restatement of the first unit.
 * 8. `how`: warnings, defaults, examples, edge cases, return formats, rules and limits (in that order).
 * 9. A lead-in ending with `:` right before markup is how/`markup`; anything else is `what`.
 *
 * Cues are searched in the text with the inside of inline code, URLs and quoted strings masked (same
 * length), so a `must` inside a code sample is not a rule; cues about values and examples read the
 * original text.
 */
import { findConsequence } from './consequence.js';
import { DESTRUCTIVE_VERB } from './harm.js';
import { LIST_MARKER } from './markup.js';
import { maskLiterals } from './mask.js';
import { isOutputExample, OUTPUT_EXAMPLE } from './output-example.js';
import { readAgainstSchema } from './schema-reading.js';
import { splitSentences } from './sentences.js';
import type { ClassifiedSentence, CueSource, HowKind, ProseCategory, SchemaFacts, Sentence, UnitContext } from './types.js';
import { getWords } from './words.js';
import { memoizeByText } from '../memo.js';

interface Cue {
  readonly pattern: RegExp;
  readonly howKind?: HowKind;
  /** Look for the cue in the unmasked text (values and examples live in code and quotes). */
  readonly readsCode?: boolean;
  /** A constraint cue that also decides the first unit of a tool description (a format, valid values, exclusive parameters). */
  readonly strong?: boolean;
  /** Extra test on the masked and original text, for cues a regular expression alone cannot decide. */
  readonly accept?: (masked: string, original: string) => boolean;
  /** Only in a tool's description: in a parameter's own description the same words say what the value is ("Timeout in seconds"). */
  readonly toolOnly?: boolean;
}

/** An identifier that names another tool or a parameter: `list_posts`, `add-actor`, `getDataset`. */
const IDENT = String.raw`['"\`]?[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+(?:[_-]?\*)?['"\`]?`;

const GUARDRAIL_CUES: readonly Cue[] = [
  // confirm with the user
  { pattern: /\b(?:ask|confirm with|check with|clarify with|consult)\s+(?:the\s+)?(?:user|customer|human)\b/i },
  { pattern: /\bto the user and confirm\b|\bconfirm (?:their|the user's) understanding\b|\bto ensure authori[sz]ed access\b|\bbecause it revokes\b/i },
  { pattern: /\b(?:ask|asking|request|requesting|get|obtain|seek|wait for)\s+(?:for\s+)?(?:the\s+)?(?:user(?:'s)?\s+)?(?:explicit\s+)?(?:confirmation|approval|consent|permission|clarification)\b/i },
  { pattern: /\buser(?:'s)?\s+(?:confirmation|approval|consent|permission)\b/i },
  { pattern: /\buser\s+(?:didn't|did not|hasn't|has not|doesn't|does not)\s+(?:explicitly\s+)?(?:ask|request)|\bprovided by the user\b|\bexplicitly (?:asked|requested)\b/i },
  { pattern: /\b(?:gets?|receives?|is sent|are sent)\s+an?\s+(?:[\w-]+\s+)?(?:e-?mail|notification|message|invitation|invite)\b|\bnotif(?:y|ies)\s+(?:that|the|each|every|all|any)\s+(?:\w+\s+)?(?:person|people|customers?|users?|recipients?|members?|watchers?|subscribers?|followers?|attendees?|participants?|collaborators?|assignees?|reviewers?)\b/i },
  { pattern: /\bside[- ]effects?\b|\bacts on the live\b|\bchange the live\b|\bcan send\b[^.]*\b(?:e-?mails?|notifications?|messages?)\b/i },
  { pattern: /\bunless\s+(?:the\s+user\s+)?explicitly\s+(?:requested|asked|told|instructed)\b|\bexplicitly\s+requested\s+by\s+the\s+user\b/i },
  { pattern: /\b(?:never|do not|don't)\s+(?:run|execute|call|use)\s+(?:this\s+)?(?:\w+\s+)?autonomously\b/i },
  // inside Neon's <next_steps> and <workflow> blocks (issue 11): "ask for migration commit approval",
  // "otherwise, warn the user", "suggest creating a backup or point-in-time restore before running the migration"
  { pattern: /\bask(?:s|ing)?\s+for\s+(?:[\w-]+\s+){1,2}(?:approval|confirmation|consent)\b|\b(?:otherwise|or),?\s+warn\s+the\s+user\b|\bwarn\s+the\s+user\s+(?:before|about|that|first)\b/i },
  { pattern: /\bsuggest(?:s|ing)?\s+(?:creating\s+|taking\s+)?a\s+backup\b|\bbackup\b[^.]*\bbefore\s+(?:running|applying|executing)\b/i },
  // destructive or irreversible consequences
  { pattern: /\b(?:irreversible|irreversibly|cannot be undone|can't be undone|not be undone|no way to undo|permanently|destructive|data loss|will be lost|is lost|are lost|dangerous)\b/i },
  { pattern: /\bcannot be (?:edited|deleted|changed|modified|reverted|recovered)\b[^.]*\b(?:afterwards|later|once)\b/i },
  { pattern: /\b(?:cannot|can't|can not)\s+be\s+(?:recovered|restored|reversed|rolled back|retrieved again)\b|\b(?:cannot|can't|can not)\s+be\s+un[a-z]+ed\b/i },
  { pattern: /\b(?:cannot|can't|can not)\s+be\s+(?:deleted|removed|reverted)\b[^.]*\bafter\b/i },
  // a secret shown once, people reached by a send, sessions ended: "The key is shown only once; store it securely.",
  // "An invitation email is sent to the address immediately.", "The user is signed out of all sessions."
  { pattern: /\b(?:is|are)\s+(?:only\s+)?shown\s+(?:only\s+)?once\b|\bstore\s+(?:it|them|the\s+\w+)\s+(?:securely|safely)\b|\ban?\s+(?:[\w-]+\s+)?(?:e-?mail|notification|message|invitation|sms|text message)\s+(?:is|are|will be|gets)\s+sent\b|\b(?:signed|logged)\s+out\s+of\s+(?:all|every|other)\b/i },
  // cascades and overwrites: "Deleting a project also deletes all its branches.", "This will overwrite the existing file."
  { pattern: /\b(?:also|and)\s+(?:permanently\s+)?(?:deletes?|destroys?|drops?|wipes?|purges?)\s+(?:all|every|its|any|the associated|associated)\b|\b(?:deletes?|destroys?|drops?|wipes?|purges?)\s+all\b|\bcascad(?:e|es|ing)\b[^.]*\bdelet/i },
  { pattern: /\b(?:will|may|can|could)\s+overwrite\b|\boverwrites?\s+(?:the\s+|any\s+|all\s+)?existing\b|\breplaces?\s+(?:the\s+)?(?:entire|whole)\b/i },
  // money: "Each call incurs charges.", "Charges the customer's card."
  { pattern: /\b(?:incurs?|will incur)\s+(?:an?\s+)?(?:\w+\s+)?(?:costs?|charges?|fees?)\b|\bcosts?\s+(?:real\s+)?money\b|\bbillable\b|\bcharges?\s+(?:the\s+|your\s+)?(?:customer's\s+|user's\s+)?(?:card|account|customer)\b/i },
  // care and permission scope: "Use with caution.", "Be careful when using this tool!", "Requires admin permissions."
  { pattern: /\b(?:use|proceed|call)\s+(?:this\s+\w+\s+)?with\s+(?:extreme\s+|great\s+)?caution\b|\bbe\s+(?:very\s+|extremely\s+)?careful\b/i },
  { pattern: /\brequires?\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}(?:access|permissions?|privileges?|rights|role|scopes?)\b(?!\s+(?:token|key|id)\b)/i },
  { pattern: /\buser\s+has\s+(?:explicitly\s+)?(?:confirmed|approved|agreed|consented)\b|\bconfirm\b[^.;]{0,40}\bwith\s+the\s+(?:user|customer|human)\b/i },
  // what a write leaves behind: "Existing files with the same path are overwritten.", "Messages cannot be deleted by this tool."
  { pattern: /\b(?:changes|modifies|affects|touches)\s+(?:real|live|production)\b|\bcannot be (?:recalled|unsent|retracted)\b|\b(?:are|is)\s+billed\b|\bbilled\s+(?:by|per)\b/i },
  { pattern: /\b(?:are|is|will be|get|gets)\s+overwritten\b|\bcannot be (?:deleted|undone|edited|unsent|recalled|retracted)\s+(?:by|via|through|with)\s+this\s+tool\b/i },
  { pattern: /\b(?:refunds?|charges?|transfers?)\s+(?:the\s+)?(?:money|funds|payment)\b|\bin the customer's favou?r\b/i },
  { pattern: /\bsetting this will\b|\bwill (?:immediately\s+)?(?:launch|publish|go live)\b|\bvisible to all users\b/i },
  // untrusted output, prompt injection
  { pattern: /\b(?:untrusted|prompt[- ]injection|injected instructions?|malicious)\b/i },
  { pattern: /\b(?:may|might|can|could)\s+contain\s+(?:\w+\s+)?(?:instructions|commands|prompts)\b|\b(?:do not|don't|never)\s+(?:follow|obey|execute|act on)\s+(?:them|it|these|those|such)\b|\b(?:do not|don't|never)\s+(?:follow|obey|execute|act on)\s+(?:any\s+)?(?:instructions?|commands?)\b|\bresist\s+instructions\b|\btreat\b[^.]*\bas\s+(?:untrusted\s+)?data\b/i },
  // secrets and permission scope
  // the roots a server may touch: "Only works within allowed directories." (judged round 3, reference filesystem server)
  { pattern: /\b(?:with)?in\s+(?:the\s+)?allowed\s+(?:directories|paths|roots|folders)\b/i },
  { pattern: /^(?:#+\s*)?security\b|\bsecrets?\b[^.]*\b(?:never|not)\b[^.]*\b(?:returned|exposed|shown|logged)\b/i },
  { pattern: /\b(?:do not|don't|never)\**\s+(?:expose|reveal|leak|log|print|share|echo)\b/i },
  { pattern: /\b(?:do not|don't|never)\**\s+(?:include|send|put|pass|paste|store)\s+(?:any\s+)?(?:credentials|secrets?|passwords?|api keys?|tokens?|personal)\b/i },
  { pattern: /^[\s*_>#]*(?:⚠️?\s*)?(?:important|warning|caution|danger)\b[^.]*\b(?:deletes?|removes?|overwrites?|erases?|drops?|destroys?|wipes?)\b/i },
  { pattern: /\bremoves?\s+all\s+(?:its|their|of\s+(?:its|their|the))\b|\b(?:erases?|wipes?|destroys?)\s+(?:everything|all\b)|\b(?:deletes?|removes?)\s+everything\b/i },
  // personal data, but not a feature that removes it ("PII redaction")
  { pattern: /\b(?:privacy|privacy-sensitive|personal data|pii)\b(?!\s+(?:redaction|detection|masking|filtering|scrubbing)\b)/i },
  // a prohibition about secrets: "Do not use this for secrets, credentials, or unapproved content."
  { pattern: /\b(?:do not|don't|never)\b[^.]*\b(?:secrets?|credentials|passwords?|api keys?)\b/i },
  // public exposure: "Public scans appear in search results", "visible to anyone with the link"
  { pattern: /\bpublic\b[^.]*\b(?:appear|visible|shown|listed|searchable|indexed)\b|\bpublicly (?:visible|available|accessible|listed)\b|\bvisible to (?:everyone|anyone|the public)\b/i },
  // never guess or construct
  { pattern: /\b(?:do not|don't|never)\s+(?:guess|invent|fabricate|make up|construct|hallucinate|assume)\b/i },
  { pattern: /\bdo not execute the tool\b/i },
  // read-only scope and approval: "does not start or modify the job", "requires approval"
  { pattern: /\b(?:does not|doesn't|will not|won't|never)\s+(?:start|modify|change|delete|remove|write|alter|mutate|create|cancel)\b|\b(?:is|are|stays?|remains?)\s+(?:strictly\s+)?read[- ]only\b|\bread[- ]only\s+(?:tool|operation|call|access)\b|\bonly reads\b/i },
  { pattern: /\b(?:requires?|needs?)\s+(?:an?\s+)?(?:\w+\s+)?approval\b/i },
  // a write that is not safe to repeat, or that drops what the call leaves out: "Retries can create duplicates.",
  // "retries are not idempotent", "Omitted exercises are removed."
  { pattern: /\bnot idempotent\b|\bnon-idempotent\b|\b(?:can|may|will|could|might)\s+(?:create|produce|cause|result in)\s+duplicates?\b/i },
  { pattern: /\b(?:omitted|unlisted|missing|unspecified|excluded)\s+(?:\w+\s+){0,2}(?:are|is|will be|get|gets)\s+(?:permanently\s+)?(?:removed|deleted|dropped|cleared|erased|discarded|overwritten)\b/i },
  // (new cues go last: the model reads each cue by its index)
  // permissions as the safety boundary: "Use a least-privilege account for the kiln controller.", "There is no word
  // filter: the reader account's permissions are the source of truth."
  { pattern: /\bleast[- ]privileged?\b|\b(?:grants?|permissions?|privileges?|roles?)\b[^.]*\bsource of truth\b|\bthere is no\s+(?:[\w-]+\s+)?(?:denylist|blocklist|blacklist|allowlist|whitelist|sandbox)\b/i },
  // a value with an effect the call must mean: "Use empty values only when you explicitly mean to clear a field."
  { pattern: /\bonly (?:when|if) you\s+(?:explicitly|really|actually|deliberately)\s+(?:mean|want|intend)\b/i },
  // a one-way change of a setting: "Once a script is made public, it cannot be made private.", "cannot be turned back off"
  { pattern: /\bonce\b[^.;]*\b(?:cannot|can't|can not)\s+be\s+(?:made|turned|switched)\b|\b(?:cannot|can't|can not)\s+be\s+(?:changed|made|set|turned|switched)\s+back\b/i },
];

/** In a parameter's description, a parenthesised list of short values is the parameter's valid values. */
const PARAMETER_VALUES =
  /\((?:\s*(?:"[^"]{1,30}"|'[^']{1,30}'|`[^`]{1,30}`|[\w$.-]+(?: [\w$.-]+){0,2})\s*(?:,|\bor\b|\||\/|\bvs\.?)){1,}\s*(?:or\s+)?(?:"[^"]{1,30}"|'[^']{1,30}'|`[^`]{1,30}`|[\w$.-]+(?: [\w$.-]+){0,2})\s*\)\s*\.?$/;

/** What one named value of the parameter does: "`strict` rejects unknown keys; `loose` keeps them". */
const NAMED_VALUE_EFFECT: Cue = { pattern: /^`[\w.-]+`\s+(?:adds|returns|searches|restricts|filters|means|selects|limits|keeps|includes|excludes|enables|disables|matches|sorts|drops|rejects)\b/, readsCode: true };

/** What one value does: "Pass `null` to clear the owner.", "Set to false to include library frames.", "Use `all` to include …", "When false (default), …" */
const VALUE_EFFECT: Cue = { pattern: /^(?:pass|set(?: (?:it|this))? to)\s+(?:explicit\s+)?`?(?:null|true|false|none|empty)`?\s+(?:to|for)\b|^use\s+`[^`]+`(?:\s+or\s+`[^`]+`)?\s+(?:to|for)\b|^when (?:true|false|set to (?:true|false))\b|^leave (?:null|empty|unset|blank|it empty) (?:for|when|if)\b|^for\s+`?\w+`?\s*=\s*['"`]?[\w-]+['"`]?\s*,|\ba string for (?:one|a single)\b[^.]*\barray\b/i, readsCode: true };

/** Cues that make a unit of a parameter's description a constraint on its value. */
const PARAMETER_CUES: readonly Cue[] = [
  { pattern: /^(?:[-*•]\s*)?(?!IMPORTANT|NOTE|WARNING|CAUTION|EXAMPLES?|USAGE|CRITICAL|REQUIRED|OPTIONAL)[A-Z][A-Z0-9_]{2,}:\s/, readsCode: true },
  { pattern: /\b(?:by|values?|options?):\s+[\w*-]+\s*\(|\b[\w-]+-like (?:query|syntax)\b|\b(?:in|uses?|using)\s+[A-Z][\w-]*\s+(?:query\s+)?syntax\b|\b(?:query|regex|search|filter|glob|pattern) syntax\b|\bRE2\b|\bwildcard patterns?\b|\blookaheads?\b|\bescape\b/i },
  { pattern: /\b(?:provide|specify|pass) an array of\b/i },
  // parts of the value that go together: "Relative timeframe: specify a reference time and an offset", "Provide both a start and an end."
  { pattern: /^(?:[^:]{1,40}:\s*)?(?:specify|provide|pass|give|include|set)\s+(?:both\s+)?(?:an?|the)\s+[\w\s-]{1,30}?\s+and\s+(?:an?|the)\s+\w/i },
  // query syntax the value may use: "Supports AND, OR and NOT operators."
  { pattern: /\b(?:AND|OR|NOT)\b[^.]*\boperators?\b|\b(?:[Bb]oolean|[Ll]ogical|[Cc]omparison|[Qq]uery|[Ss]earch)\s+operators?\b/ },
  { pattern: /\bwhen\s+(?:[\w-]+\s+){0,8}?(?:is|are) (?:present|set|provided|true|false)\b/i },
  // a condition the value must meet: "Ensure the value type matches the field type"
  // a lead-in naming the value's alternatives: "Format for crawler data: summary or time series grouped data."
  { pattern: /^[^:]{3,60}:\s*[\w-]+(?:\s+[\w-]+){0,3}\s+or\s+[\w-]+(?:\s+[\w-]+){0,4}\.?$/ },
  { pattern: /^(?:[-*•]\s*)?(?:ensure|make sure)\b/i },
  // what the value may not hold and what to pass instead: "is rejected when…; use `x` instead", "pipes are not supported"
  { pattern: /\b(?:is|are)\s+(?:rejected|refused|not supported|unsupported|not allowed|not accepted|not permitted)\b|\buse\s+(?:\S+\s+){0,6}?instead\b|\bfor security\b/i },
  // what one value of the parameter does: "`strict` rejects unknown keys; `loose` keeps them"
  NAMED_VALUE_EFFECT,
  // what each position of an array value means: "the first element is the executable"
  { pattern: /\b(?:first|second|last|remaining)\s+(?:elements?|items?|entries|entry|values?)\b|\bremaining (?:are|ones are)\b/i },
  // required together, excluded, or only for some calls, in the parameter's own words (judged round 3, an error-tracking server):
  // "Must be provided with `end`; do not combine with `period`.", "Required when status is failed.", "Send only for create_project."
  { pattern: /^(?:must|should|can only) be (?:provided|used|passed|set|given|sent) (?:with|together with|alongside)\b|\bdo not combine with\b|\bnot needed when\b|\bis still required\b|^(?:send|pass|use|set) (?:this |it )?only (?:for|when|with|if)\b|\bonly with the same\b|\bmust already (?:be|exist)\b/i },
  { pattern: /^(?:[Rr]equires?|[Nn]eeds?)\s+`?[a-z]\w*(?:[A-Z]|_[a-z])\w*`?|^[Rr]equired (?:when|if|for|with|unless)\b/, readsCode: true },
  // what one value does: "Pass `null` to clear the owner.", "Set to false to include library frames."
  VALUE_EFFECT,
];

const CONSTRAINT_CUES: readonly Cue[] = [
  // formats
  { strong: true, pattern: /\b(?:YYYY[-/]?MM[-/]?DD|MM\/DD\/YYYY|DD[-/.]MM[-/.]YYYY|HH:mm(?::ss)?(?=\b|\.)|ISO[ -]?8601|ISO8601|RFC ?3339|ISO (?:timestamp|date|datetime|format)|alpha-[23]|ISO 3166|ISO 4217|E\.164)(?:\b|(?=T))/, readsCode: true },
  { pattern: /\b(?:standard|dot|dotted|CIDR|hex|decimal) notation\b|\bprefix\b[^.]*\bwith\s+`|\band\/or\b|\bpositional(?:ly)?\b/i, readsCode: true },
  { pattern: /\b(?:comma|space|semicolon|newline|pipe)[- ](?:separated|delimited)\b|\bdot notation\b|\bJSON[ -]Patch\b|\bwrapped in\b/i },
  { pattern: /\b(?:in|use|using)\s+(?:the\s+)?(?:format|form)\b|\bformatted as\b|\bcomposed (?:of|from)\b|\b[\w~./-]+[~/:][\w~./-]+\s+format\b/i, readsCode: true },
  { pattern: /\bin\s+(?:the\s+)?(?:[A-Z][A-Z0-9]+|`[^`]+`|'[^']+'|"[^"]+")\s+format\b/, readsCode: true },
  { pattern: /\b(?:ID|id)\s+or\s+(?:full\s+)?[\w-]*[~/][\w~/-]+/, readsCode: true },
  { pattern: /\bmust be (?:an?\s+)?(?:absolute|relative)\b|\b(?:absolute|relative)\s+(?:file\s+)?paths?\b|\bpaths?\b[^.]*\brelative to\b|\bfull URL\b|\bincluding (?:the\s+)?(?:protocol|scheme)\b|\bincluding (?:the\s+)?(?:file\s+)?extension\b/i },
  { pattern: /\bhexadecimal\b|\bup ?to\s+(?:\w+\s+)?decimal (?:places|points?)\b|\bwhole number\b|\bcast to string\b|\bletters, (?:numbers|digits)\b/i },
  { pattern: /\b(?:seconds|milliseconds|time ?zone|offset)\b[^.]*\b(?:are|is)\s+(?:required|optional)\b/i },
  // valid values of a free string
  { strong: true, pattern: /\b(?:valid|allowed|accepted|supported|possible)\s+(?:values|options|arguments|inputs|operations|carriers|formats|types)\b/i },
  { strong: true, pattern: /\b(?:must|should) be one of\b|\bone of the following\b|\baccepts the following\b|\bthe following (?:\d+\s+)?values\b|\byou can patch the following\b/i },
  { pattern: /\bonly\b[^.]*\b(?:is|are) (?:supported|allowed|accepted)\b|\bonly (?:pass|use) (?:simple|plain)\b|\buse only keywords\b|\bfull sentences\b|\badvanced syntax\b/i },
  { pattern: /\b(?:do not|don't)\s+provide\b[^.]*\bas input\b/i },
  { pattern: /\b(?:[Ii]t|[Vv]alues?|[Tt]his)\s+(?:can|may|must|should)?\s*(?:be|is|are)\s*:?\s*(?:"[^"]+"|'[^']+'|`[^`]+`|[A-Z][A-Z0-9_]{1,})(?:\s*(?:,\s*(?:or\s+|and\s+)?|\bor\b|\|)\s*(?:"[^"]+"|'[^']+'|`[^`]+`|[A-Z][A-Z0-9_]{1,}))+/, readsCode: true },
  { pattern: /(?:\{|:\s*)\s*[A-Z][A-Z0-9_-]{1,}\s*(?:\([^)]*\)\s*)?(?:[,|]\s*(?:or\s+)?[A-Z][A-Z0-9_-]{1,}\s*(?:\([^)]*\)\s*)?){2,}/, readsCode: true },
  { pattern: /\b(?:type|mode|kind|format|level|status|orientation|values?|options?)\b(?:\s+\w+){0,4}\s*[(:]\s*(?:'[\w-]+'|"[\w-]+"|[a-z][\w-]*)(?:\s*,\s*(?:'[\w-]+'|"[\w-]+"|[a-z][\w-]*)){1,}\s*,?\s*(?:or\s+(?:'[\w-]+'|"[\w-]+"|[a-z][\w-]*))?\s*\)/i, readsCode: true, accept: (masked) => !/\breturns?\b/i.test(masked) },
  { pattern: /\b(?:type|mode|kind|format|level|status|orientation)\b[^.]*?(?:'[\w-]+'|"[\w-]+")\s+or\s+(?:'[\w-]+'|"[\w-]+")/i, readsCode: true },
  // a lead-in naming the values: "Instance types: t2.micro, t2.small, m5.large."
  { pattern: /\b(?:types?|modes?|kinds?|levels?|sizes?|regions?|categories|statuses|values|options|choices)\s*:\s*`?[\w.-]+`?(?:\s*,\s*`?[\w.-]+`?){1,}(?:\s*,?\s*(?:or|and)\s+`?[\w.-]+`?)?\s*\.?$/i, readsCode: true, accept: (masked) => !/\breturns?\b|\bexamples?\b|\bsuch as\b/i.test(masked) },
  // value explanations: 'product' for backend changes, 'web' for frontend changes
  {
    pattern: /(?:'[\w$.-]+'|"[\w$.-]+")\s*(?:\([^)]*\)|=|:|[-–—]|for\b|uses\b|merges\b)(?:[^'"`]|(?<=\w)'(?=\w))*(?:'[\w$.-]+'|"[\w$.-]+")\s*(?:\([^)]*\)|=|:|[-–—]|for\b|uses\b|merges\b)/,
    readsCode: true,
    accept: (_masked, original) => !/\b(?:e\.\s?g\.|such as|for example|like|i\.e\.)/i.test(original),
  },
  { pattern: /`[\w$.=-]+`\s*(?:=|:|to\b)[^`]*`[\w$.=-]+`\s*(?:=|:|to\b)/, readsCode: true },
  { pattern: /^[-*]?\s*(?:\d+[.)]\s*)?(?:"[^"]{1,20}"|'[^']{1,20}'|[A-Z][A-Z0-9_]{0,20})\s+[-–—]\s/, readsCode: true },
  { pattern: /^(?!OPTIONAL|REQUIRED|NOTE|IMPORTANT|WARNING)[A-Z][A-Z0-9_]{2,}\.?$/, readsCode: true },
  // parameters that exclude or require each other
  { strong: true, pattern: /\b(?:mutually exclusive|exactly one of|only one of|at[- ]least one (?:of(?!\s+(?:several|many|multiple)\b)|key|field|value)|(?:cannot|can't|can not) be (?:used|combined|set|passed) (?:in conjunction|together|with|alongside)|in conjunction with|works together with|used alongside|together with)\b/i },
  { pattern: /\b(?:provide|pass|specify|set|use|using)\s+either\b|^either\b|\bif (?:you\s+)?(?:provide|pass|specify|set)\s+both\b|\bnot both\b|\bboth (?:fields|parameters|options|arguments)\b|\b(?:use|set) (?:this|that) (?:parameter|field|option) or\b|\b(?:is|are) ignored\b/i },
  { pattern: /\b\w+\s+accepts\s+[A-Z][A-Z0-9_]{2,}\b/ },
  { pattern: /\bonly (?:allowed|valid|available|supported) (?:for|when|with|if)\b|\bvalid when\b|\brequires? setting\b|\brequires? (?:the\s+)?`?\w+`? parameter\b|\bmust (?:match|exist|be the|be an? (?:existing|valid))\b/i },
  { pattern: /\brequires?\s+(?:a\s+|an\s+|at least\s+|the\s+)?`|^(?:in|for)\s+(?:the\s+)?[\w\s-]{1,20}\b(?:form|mode|case),[^.]*\brequired\b/i, readsCode: true },
  {
    pattern: /(?:"[\w-]+"|'[\w-]+')(?:\s*,\s*(?:"[\w-]+"|'[\w-]+'))*\s*,?\s+or\s+(?:"[\w-]+"|'[\w-]+')/,
    readsCode: true,
    accept: (_masked, original) => !/\b(?:e\.\s?g\.|such as|for example|like|i\.e\.)/i.test(original),
  },
  { pattern: /\b(?:only\s+)?(?:applicable|applies|apply|relevant|used only)\s+(?:only\s+)?(?:to|for|when|with)\b[^.]*?(?:`[^`]+`|=|\b[a-z]+_[a-z_]+\b|\boperations?\b|\bpreset\b|\bevents\b)/i, readsCode: true },
  { pattern: /\brequired\s+(?:for|when|if|before)\b/ },
  // a requirement on each kind of value: "Both require relevant associations", "Each item requires a `name`"
  { pattern: /^(?:both|each|all|every|either)\b(?:\s+\w+){0,3}\s+(?:requires?|needs?|must (?:have|include|be))\b/i },
  // "`a` and `b` must be provided together", "Paths should end with .md"
  { pattern: /\bmust uniquely\b|\b(?:must|should) not (?:already )?exist\b|\b\d+\s*\([\w\s-]{1,20}\)\s*(?:to|through|-|–|,|or)\s*\d+\s*\([\w\s-]{1,20}\)/i },
  { pattern: /\b(?:must|should) be (?:provided|passed|set|given|used|sent) together\b|\b(?:must|should) (?:end|start|begin) with\b/i },
  { pattern: /\bfor\s+[\w-]+(?:\s+[\w-]+)?\s+only\b|\bmust first\b[^.]*\bparameter\b|\bleave (?:it\s+)?(?:blank|empty|unset) (?:when|if|for)\b/i },
  // not a rule about the agent's own reply ("You MUST include ALL of the following fields in your response:")
  { pattern: /\b(?:[Mm]ust|MUST)\s+(?:also\s+)?(?:pass|provide|include|specify|supply|set)\b|\bneeds?\s+(?:an?\s+)?`?[a-z]+_[a-z_]+/, readsCode: true, accept: (masked) => !/\bin your (?:response|reply|answer)\b/i.test(masked) },
  { pattern: /^for\s+[\w\s-]{2,30},\s*(?:provide|pass|set|include|use)\s+`?[a-z]+(?:_[a-z]+)+(?![^.]*\binstead\b)/i, readsCode: true },
  { pattern: /\binstead of\s+`?[a-z]+[A-Z]\w*|\bset (?:the\s+)?`?[a-z]+(?:_[a-z]+)+`? to `?[A-Z][A-Z_]{2,}\b/, readsCode: true },
  { pattern: /\bcannot be (?:changed|modified|updated|edited)\b|\bonly [\w\s]{1,20} updates are allowed\b|\b(?:should|must)\s+(?:precede|follow(?!\s+(?:these|this|the following))|come (?:before|after))\b/i },
  { pattern: /\b(?:must not|cannot|can't|may not|should not)\s+exceed\s+the\b|\b(?:less|greater|smaller|larger|later|earlier) than(?: or equal to)? the\b|\brange (?:of|is) \d+ days\b|\bdate range of\b/i },
  { pattern: /\bfor\s+`?[a-z]+_[a-z_]+`?\s+(?:and|or)\s+`?[a-z]+_[a-z_]+`?\s+operations\b/, readsCode: true },
  // what a named input accepts: "The `before` and `after` parameters accept Unix epoch timestamps", "The simple form accepts `page`"
  { pattern: /(?:`[^`]+`|\b(?:parameters?|fields?|arguments?|inputs?|options?|form|property|properties))\s+(?:only\s+)?(?:accepts?|expects?|takes?)\s+(?!no\b|an? optional\b|precedence\b|priority\b|effect\b|longer\b|time\b)/i, readsCode: true },
  // a format given as a pattern: "with format `proj/<projectKey>:env/<envKey>`", "format: 'owner/repo'"
  { pattern: /\bformat\s*:?\s*(?:`[^`]*[<{/:][^`]*`|"[^"]*[<{/:][^"]*"|'[^']*[<{/:][^']*'|`[^`]*\b(?:YYYY|MM|DD|HH)\b[^`]*`)/i, readsCode: true, accept: (masked) => !/^\W*(?:\d+[.)]\s*)?(?:returns?|responds?|output|results?|response)\b/i.test(masked) },
  // a time zone the values must be in: "Requires exercise-template IDs and UTC times."
  { pattern: /\b(?:in\s+)?UTC\b/, accept: (masked) => !/\b(?:returns?|returned|responds?|outputs?|results?|response|shown|displayed)\b/i.test(masked) },
  // what one value of a field is for: "Use NOTE type for adding notes", "use 'draft' status to…"
  { pattern: /\b[Uu]se\s+(?:`[^`]+`|"[^"]+"|'[^']+'|[A-Z][A-Z0-9_]{1,})\s+(?:type|mode|kind|status|value|option|format|level|role)\s+(?:for|to|when|if)\b/, readsCode: true },
  // values the call may not use: "Other types of engagements (EMAIL, CALL, MEETING) are NOT supported yet."
  // (not what a person may do: "the user is not allowed to see it" is about permissions)
  { pattern: /\b(?:is|are)\s+(?:not|NOT)\s+(?:supported|allowed|accepted|permitted)\b|\b(?:is|are)\s+unsupported\b/, accept: (masked) => !/\b(?:users?|you|callers?|agents?|clients?|members?|people|they|he|she)\s+(?:is|are)\s+not\s+(?:allowed|permitted)\b/i.test(masked) },
  // a named input's own requirement, the exact form of a value, case that matters: "`zeroDataRetention` requires an eligible account",
  // "pass the full image_file_name"
  { pattern: /^(?:the\s+)?`[^`]+`\s+(?:parameter\s+|field\s+|option\s+)?(?:requires?|needs?)\b/, readsCode: true },
  { pattern: /\bpass\s+the\s+(?:full|whole|complete|entire|exact)\b/i },
  // the syntax a query is written in: "Queries use GitHub code search syntax."
  { pattern: /\b(?:use|uses|in|using|written in)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,3}\s+(?:query\s+)?syntax\b/i },
  // a value chosen over another: "If the user says logs, choose logs instead of errors."
  { pattern: /\b(?:choose|pick|select)\s+(?:the\s+)?[\w.-]+\s+instead of\b/i },
  // a literal value the call must not send: "should be used … instead of "custom" in subsequent requests"
  { pattern: /\binstead of\s+(?:"[^"]+"|'[^']+'|`[^`]+`)/, readsCode: true },
  // a limit on what the caller may send: "You can include a maximum of five filterGroups with up to 6 filters in each group"
  { pattern: /\byou (?:can|may) (?:only\s+)?(?:include|pass|send|specify|add|provide|use|set)\s+(?:a maximum of|up to|at most|no more than)\b/i },
  // the unit or case of a value, in a tool's description: "The `timeout` is in seconds.", "Amounts are in cents.", "Names must be lowercase."
  { toolOnly: true, pattern: /\b(?:amounts?|prices?|totals?|timeouts?|delays?|intervals?|durations?|timestamps?|parameters?|arguments?|inputs?)\b[^.;]*?\b(?:in|as)\s+(?:milliseconds|seconds|minutes|cents|bytes|the smallest currency unit)\b/i, accept: (masked) => !/\b(?:returns?|returned|responds?|outputs?|results?|response|takes?|lasts?|runs?|waits?|within|after|every)\b/i.test(masked) },
  { pattern: /\b(?:must|should)\s+be\s+(?:all\s+)?(?:lower|upper)[- ]?case\b|\b(?:lower|upper)case\s+only\b|\b(?:must|should)\s+be\s+(?:in\s+)?(?:snake|camel|kebab|pascal)[_ -]?case\b/i },
  { pattern: /\b(?:may|can|must|should)\s+only\s+contain\b|\b(?:must|should)\s+(?:not|never)\s+contain\b|\ballowed characters\b|\bmust be unique\b/i },
  { pattern: /\bmust\s+be\s+(?:an?\s+)?(?:valid\s+|well-formed\s+|positive\s+|non-negative\s+|non-empty\s+)?(?:URL|URI|UUID|e-?mail(?: address)?|JSON(?: string| object)?|integer|ISO)\b/i },
  // a value the call must always use: "For Python, always use python3 and pip3."
  { pattern: /\b(?:always|only)\s+use\s+(?!this\b|it\b|that\b|the\b|an?\b|before\b|after\b|when\b|for\b|to\b|in\b|with\b|if\b|once\b)(?:`[^`]+`|[A-Za-z][\w.]*)(?:\s*(?:,|\band\b|\bor\b)\s*(?:`[^`]+`|[A-Za-z][\w.]*))*\s*(?:[.;]|$)/i, readsCode: true, accept: (_masked, original) => !/\b(?:always|only)\s+use\s+`?[a-z]+(?:[_-][a-z0-9]+)+`?/i.test(original) },
  // optionality that depends on a condition: "Optional in single-kiln mode.", "Optional unless several libraries are
  // open.", "Only needed when the shelf is shared." (case matters: "Optional WHEN condition" names a clause)
  { pattern: /\b[Oo]ptional\s+(?:unless|when|if|outside|except|in\s+[\w-]+(?:[\s-][\w-]+)?\s+mode)\b|\b[Nn]ot\s+(?:required|needed)\s+(?:unless|when|if|in)\b|\b[Oo]nly\s+(?:needed|required)\s+(?:when|if|in|for)\b|\b[Rr]equired\s+(?:unless|in\s+[\w-]+(?:[\s-][\w-]+)?\s+mode)\b/ },
  // a value that cannot change once set: "The loan id is immutable; changing it returns 400."
  { pattern: /\b(?:is|are)\s+immutable\b/i },
];

const STRONG_CONSTRAINT_CUES = CONSTRAINT_CUES.filter((cue) => cue.strong);

/** Strong when-cues: they also decide the first unit ("ALWAYS call this tool first", "Only use this for…"). */
const STRONG_WHEN_CUES: readonly Cue[] = [
  { pattern: /\b(?:use|call|run|invoke)\s+(?:this|it)(?:\s+(?:tool|function))?\s+(?:only\s+|\w+ly\s+)?(?:when|whenever|if|only|first|before|after|once|multiple times|as (?:a|the) (?:fallback|backup|first))\b/i },
  { pattern: /\b(?:only|always)\s+(?:use|call|run|read)\s+(?:this|it)\b|\bshould only use (?:this|it)\b/i },
  { pattern: /\bmust be (?:called|used|run) (?:before|first|after)\b|\bfirst step (?:in|before|of)\b|\bfirst step:|\bfirst place\b/i },
  { pattern: new RegExp(String.raw`\bfrom\s+${IDENT}\s+tool\b`), readsCode: true },
  { pattern: /\bshould (?:always\s+)?be used (?:to|when|for|if)\b/i },
];

const WHEN_CUES: readonly Cue[] = [
  ...STRONG_WHEN_CUES,
  { pattern: /^(?:do not|don't|never|avoid)\s+(?:use|using|call|calling|invoke|invoking)\b/i, accept: isPointingAtAnotherTool },
  { pattern: /^(?:use|call|run|invoke|try)\s+(?:this|it)(?:\s+(?:tool|function))?\s+(?:to|for|as)\b/i },
  { pattern: /\byou (?:can|may|should) (?:also\s+)?use (?:this|it)(?:\s+tool)?\s+(?:to|for|as)\b/i },
  { pattern: /\b(?:use|call|try|prefer)\s+`?[\w-]+`?\s+instead\b|\(use\s+`?[\w-]+`?(?:\s+instead)?\)/i },
  { pattern: /^prefer\s+(?:this|it|\S+)\s+(?:over|to|instead|when|for)\b|^prefer the use of\b/i },
  { pattern: /^(?:this (?:tool|function) is\s+)?only\s+(?:for|when|if|use|call|to be used|works? (?:for|when|with))\b/i },
  { pattern: /^(?:(?:this|the)\s+(?:tool|endpoint|function|operation|call)\s+is\s+|it\s+is\s+)?(?:best|ideal|ideally|useful|helpful|good|great|handy|intended|designed|meant|suitable|recommended|essential)\s+(?:for|when|to|if)\b/i },
  { pattern: /^(?:not\s+(?:intended|meant|suitable|designed|recommended)\s+for)\b/i },
  { pattern: /^(?:(?:typically|mainly|primarily|mostly|usually|commonly|generally)\s+)?used\s+(?:by\s+(?:\w+\s+){1,3})?(?:for|to|when)\b/i },
  { pattern: /^instead of\b/i },
  { pattern: /^(?:when|whenever|if)\b.*\b(?:use|call|invoke|choose|pick|prefer|run)\s+(?:this|it)\b/i },
  { pattern: /\b(?:it|this(?: tool| function)?|tool)\s+(?:should|can|may) (?:also\s+)?be (?:used|called|invoked) (?:when|whenever|if|to|for|before|after|as)\b/i },
  { pattern: /^usage\s*:?\s*$|^when to use\b|^use cases?\s*:/i },
  { pattern: /\bstart here\b|^use (?:\w+\s+){0,2}(?:when|whenever|if|before)\b/i },
  // hand-offs between tools
  { pattern: new RegExp(String.raw`^returns?\b[^.]*(?:\b|_)(?:id|ids|uuid|token|cursor|handle)\b[^.]*(?:\bwhich can be used\b|\bthat can be (?:passed|used)\b|[—–;]\s*(?:poll|pass it|use it|call)\b)`, 'i'), readsCode: true },
  { pattern: new RegExp(String.raw`\b(?:[Uu]se|[Cc]all|[Rr]un|[Ii]nvoke|[Uu]sing|[Ww]ith|[Ff]rom|[Vv]ia|[Tt]ry)\s+(?:the\s+)?(?:matching\s+)?${IDENT}(?:\s+(?:or|and)\s+${IDENT})?`), readsCode: true },
  { pattern: new RegExp(String.raw`\bto\s+(?:filter|query|call|feed)\s+${IDENT}`), readsCode: true },
  { pattern: new RegExp(String.raw`\b${IDENT}\s+(?:tool|result|response|call|output)s?\b`), readsCode: true },
  { pattern: /\b(?:use|call|using|with)\s+the\s+(?:[\w:/.-]+\s+){1,3}(?:tool|endpoint|resource)\b/i },
  { pattern: /\bfrom this (?:response|result|output|tool)\b|\bsubsequent (?:tool\s+)?calls?\b|\b(?:every|all|any) other\b[^.]*\btools?\b/i },
  { pattern: /\b(?:should|must|need to|have to)\b[^.]*\bbefore\s+(?:\w+ing|update)\b|^(?:do not|don't|never)\s+\w+[^.]*\bbefore\s+\w+ing\b/i },
  { pattern: /\bonly use (?:this|it)?\s*(?:if|when)\b/i },
  { pattern: /\b(?:use|call|run|invoke)\s+(?:this|it)(?:\s+(?:tool|function))?\s+(?:regularly|periodically|routinely|often|frequently)\b/i },
  // a prerequisite: "a product should be created first"
  { pattern: /\b(?:should|must|needs? to|has to|have to)\s+be\s+(?:created|called|run|fetched|retrieved|done|set up|configured|provisioned|installed|enabled)\s+first\b/i },
  // another tool named as the place for something, or as the subject: "Remote files belong in `upload_file`",
  // "The `report_*` tools are a separate surface…", "`list_pages` and `get_page` can fill the gap"
  { pattern: new RegExp(String.raw`\b(?:belongs?|go(?:es)?)\s+(?:in|to|with)\s+(?:the\s+)?${IDENT}`), readsCode: true },
  { pattern: new RegExp(String.raw`${IDENT}\s+tools?\s+(?:is|are)\s+(?:a\s+|the\s+)?(?:separate|different|dedicated|other)\b`), readsCode: true },
  { pattern: new RegExp(String.raw`(?:^|,\s*)(?:the\s+)?${IDENT}(?:\s*(?:,|and|or)\s*${IDENT})*\s+(?:tools?\s+)?(?:can|could|may|should|will|handles?|covers?)\b`), readsCode: true },
  // advice on the order of calls: "it is convenient to read the schema before getting the items"
  { pattern: /\b(?:convenient|useful|helpful|a good idea|recommended|best|wise)\b[^.]*\bbefore\s+(?:getting|calling|using|reading|fetching|running|querying)\b/i },  // told apart from another tool, or handed to one, with no "use" (judged round 3): "This is separate from cron monitors
  // (`find_monitors`).", "the primary tool for screenshots — not search_events or search_issues", "should be passed to `create_branch`"
  { pattern: new RegExp(String.raw`\bseparate from\b[^.]*\(\s*${IDENT}\s*\)|\bprimary tool for\b[^.]*\bnot\s+${IDENT}|\b(?:should|must|can) be passed to\s+${IDENT}`), readsCode: true },
];

/**
 * Scope statements about the tool or call itself are what-text wherever they stand: "This tool acts on a
 * single known record.", "This call returns only a ticket, not the report."
 */
const SCOPE_CUES: readonly Cue[] = [
  { pattern: /^this (?:tool|call|function|endpoint|operation)\s+(?:only\s+)?(?:operates|works|acts|runs)\s+(?:only\s+)?on\b/i },
  { pattern: /^this (?:tool|call|function|endpoint|operation)\s+(?:only\s+)?(?:returns?|gives?|produces?|starts?)\s+only\b[^.]*,\s*not\b/i },
];

const FILLER_CUES: readonly Cue[] = [
  // praise and padding
  {
    pattern:
      /\b(?:powerful|seamless(?:ly)?|robust|best-in-class|state-of-the-art|cutting-edge|blazing(?:ly)?|lightning|effortless(?:ly)?|out of the box|fully integrated|world-class|industry-leading|(?:the )?(?:most|fastest|best) (?:powerful|reliable|advanced|efficient|comprehensive)|actionable insights|data-driven|enabling the management|this is not optional|it will not be accurate)\b/i,
  },
  // background definitions: "BGP hijacks occur when…", "Neon Auth is a managed service…"
  { pattern: /\b(?:occurs?|happens?) when\b|\bprovides visibility\b|\bare used in\b|\bdata comes from\b|\bthis detail is provided\b/i },
  { pattern: /^(?:the\s+)?(?:[A-Z][\w-]*\s+){1,3}(?:is|are)\s+an?\s+(?:managed\s+|\w+\s+)?(?:service|collection|tool|platform|standard|protocol)\b/ },
  { pattern: /^(?!To\b|This\b|It\b)(?:the\s+)?(?:[A-Z][\w-]*\s+){0,2}[A-Z][\w-]*\s+(?:objects?\s+)?(?:enables?|defines?|handles?)\b/ },
  { pattern: /^users can also\b|^each (?:store|item|dataset) includes basic\b/i },
  // marketing voice about the reader ("Enables AI agents to…", "Useful for agents auditing…") and about the vendor ("helps us improve")
  { pattern: /^(?:this\s+(?:tool|endpoint|operation|function)\s+)?(?:enables|allows|lets|helps|empowers)\s+(?:ai\s+)?agents?\b|\b(?:ai\s+)?agents\s+can\s+use\s+this\b|^useful for (?:ai\s+)?agents\b/i },
  { pattern: /\b(?:help|helps|lets|allows) us\b/ },
];

/** All-caps words that are emphasis, not acronyms (JSON, URL, ISO are not here). */
const EMPHASIS_WORDS =
  "NOT|NEVER|ALWAYS|MUST|ONLY|DO|DON'T|DOES|ALL|NO|ANY|EVERY|REQUIRED|MANDATORY|STRICTLY|EXACTLY|BEFORE|AFTER|FIRST|IMPORTANT|WARNING|CAUTION|CRITICAL|NOTE|DANGER|ATTENTION|NOTHING|NONE|CANNOT|WILL|SHOULD|STOP|AVOID";

const HOW_CUES: readonly Cue[] = [
  // warning
  { howKind: 'warning', pattern: /^[\s*_>#]*(?:⚠️?\s*)?(?:important|warning|note|caution|critical|danger|attention|heads[- ]up)\b/i },
  { howKind: 'warning', pattern: /!!|⚠/ },
  { howKind: 'warning', pattern: /\*\*[^*\s][^*]*\*\*|__[^_\s][^_]*__|(?<![\w*])\*[^*\s](?:[^*]*[^*\s])?\*(?![\w*])/ },
  { howKind: 'warning', pattern: /\b[A-Z]{2,}(?:\s+[A-Z]{2,}){2,}\b/ },
  { howKind: 'warning', pattern: new RegExp(`\\b(?:${EMPHASIS_WORDS})\\b(?!['\\w])`) },
  // default
  {
    howKind: 'default',
    pattern:
      /\b(?:defaults?\s+(?:to|is|value|:)|by default|if (?:omitted|unset|unspecified|not (?:specified|provided|given|set|supplied))|when (?:omitted|unset|not (?:specified|provided|given|set|supplied))|default(?:s)?\s*[:=]|\(default\b|\bis the default\b|the default(?: value)?(?: \([^)]*\))? is\b|^omit\b|^optional\b|\b(?:is|are) (?:also )?optional\b|\boptionally\b)/i,
  },
  // example
  {
    howKind: 'example',
    pattern:
      /^[\s*_(]*(?:e\.\s?g\.|eg\b|for (?:example|instance)\b|(?:examples?|sample|usage)(?:\s+(?:calls?|usages?|requests?|inputs?|quer(?:y|ies)|invocations?))?\s*[:\-–—]|examples?\s+(?:of\b|calls?|usages?|requests?|inputs?|quer(?:y|ies)|invocations?)\b)/i,
    readsCode: true,
  },
  { howKind: 'example', pattern: /\bfor (?:example|instance)\b|\bexamples?:/i, readsCode: true },
  { howKind: 'example', pattern: /\b(?:such as|like)\s+(?:`[^`]+`|"[^"]+"|'[^']+')/i, readsCode: true },
  { howKind: 'example', pattern: /`[\w.$]+\([^`]*\)`|\b[a-z_][\w.]*\((?:"[^"]*"|'[^']*'|\{[^}]*\})/, readsCode: true },
  { howKind: 'example', pattern: /^[\s"{}[\],]*$|^"[\w-]+"\s*:/, readsCode: true },
  // edge-case, condition first
  { howKind: 'edge-case', pattern: /^(?:if|when|whenever|unless|otherwise|in case|in the event|on (?:error|failure|success|timeout)|for (?:empty|missing|invalid|unknown|runs|nested|python)|in read-only mode)\b/i },
  // format
  { howKind: 'format', pattern: /^(?:it\s+|this (?:tool|function)\s+)?(?:returns?|responds?|outputs?|yields?|produces?|response|result|results|output|includes|accepts|contains)\b/i },
  { howKind: 'format', pattern: /\b(?:includes?|including|such as|specifying)\b[^.]*,[^.]*,/i },
  {
    howKind: 'format',
    pattern:
      /\b(?:returns|return value|responds with|(?:the\s+)?(?:response|result|results|output)s?\s+(?:contains?|includes?|maintains?|is|are|has|have|will (?:be|contain|include)|looks? like)|(?:sorted|ordered|paginated|grouped|rounded) (?:by|to)|format(?:ted)?|shape|fields?|schema|syntax|in the form|structure)\b/i,
  },
  { howKind: 'format', pattern: /(?<!\.)\b(?:JSON|YAML|XML|CSV|TSV|NDJSON|ISO[ -]?8601|RFC ?\d{3,4}|UTF-8|base64|Markdown|HTML|Unix (?:time|timestamp)|epoch|plain text|table)\b/i },
  // rule: an instruction on filling in an input ("Set `recursive` to true…"), then constraint words
  {
    howKind: 'rule',
    pattern:
      /^(?:[Uu]se|[Ss]et|[Pp]ass|[Pp]rovide|[Ss]pecify|[Ss]upply|[Oo]mit|[Ll]eave)\s+(?:`[^`]+`|"[^"]+"|'[^']+'|[a-z]+(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+|[a-z]+(?:\.[a-z]+)+|\d+\b|the\s+\S+\s+(?:parameter|option|field|flag|argument|slug|id|value)|the returned\b)/,
    readsCode: true,
  },
  { howKind: 'rule', pattern: /^(?:just\s+)?(?:provide|pass|set|specify|supply)\b|\b\w+=(?:true|false|null|\d+|"[^"]*")|\b(?:use|set)\s+`?\w+=|\bpaginat(?:e|ion)\b|\bfrom -?\d[\d,]* to -?\d|^this is because\b/i },
  {
    howKind: 'rule',
    pattern:
      /\b(?:must|never|always|only|should|shall|required|requires|mandatory|do not|don't|avoid|does not accept|cannot|can't|may not|not allowed|forbidden|at most|at least|no more than|no fewer than|max(?:imum)?(?: of)?|min(?:imum)?(?: of)?|limited to|limit|up to \d|between \d+ and \d+|exactly \d+|case[- ]sensitive|case[- ]insensitive)\b/i,
  },
  {
    howKind: 'rule',
    pattern:
      /^(?:optionally|supports? (?:optional|pagination|filtering|field)|can (?:filter|update|sort|be (?:filtered|sorted))|filter by|to (?:debug|enable|disable|restart|make)|retrieve only|you (?:may|can) (?:need|increase|issue|use)|where possible|show the|write in|properly|present|always present|keep in mind|most (?:http )?clients|lower values|suggest|recommend|the (?:query|record|flattening|dataset|store|original)|this option|affects|either separator|the directory is created|excess output|id is provided|all (?:parameters|other fields)|the (?:subscriber|shipping address|application context) (?:field )?is optional|[\w\s]{0,30}\bcommon patterns\b)/i,
  },
  // a tip for one case, and polling: "For a programming question, add `categories`", "Check again after 15 seconds until…"
  { howKind: 'rule', pattern: /^(?:for|to)\s+(?:a|an|the)?\s*[\w\s-]{2,40},\s*(?:add|use|set|pass|include|try|call|prefer)\b/i },
  { howKind: 'rule', pattern: /;\s*(?:use|prefer|avoid|keep|set|pass)\s+(?!this\b|it\b)/i },
  { howKind: 'edge-case', pattern: /\btimes?\s+out\s+after\b|\b(?:check|try|poll|call)\s+again\b|\buntil\s+(?:the\s+)?(?:status|job|state|result)\b/i },
  // edge-case, condition later
  {
    howKind: 'edge-case',
    pattern:
      /\b(?:unless|otherwise|in case|if (?:the|a|an|no|it|there|any|none|you|nothing|necessary|multiple)|when (?:the|no|it|there|none|nothing)|does not exist|doesn't exist|not found|is empty|are empty|is missing|no effect|will fail|may increase|may have|delay)\b/i,
  },
  // a field list: two or more snake_case names
  { howKind: 'format', pattern: /\b[a-z]+_[a-z_]+\b[^.]*\b[a-z]+_[a-z_]+\b/ },
  // a lead-in ("Workflow:", "This tool:") introduces what follows and moves with it
  { howKind: 'markup', pattern: /:\s*$/ },
];

/**
 * A short lead-in (a plain line of a few words, with or without a final `:`) that names what its list is about:
 * "🛡️ Guardrails:", "📋 Prerequisites:", "🧭 Usage Guidance:", "🎯 Purpose", "📦 Returns:". The lead-in and
 * the items under it take this category unless an item has a cue of its own.
 */
const HEADER_KINDS: readonly { readonly pattern: RegExp; readonly category: ProseCategory; readonly howKind?: HowKind }[] = [
  { pattern: /^(?:guardrails?|safety(?: notes?)?|security(?: notes?)?|destructive(?: actions?)?|permissions?)$/i, category: 'guardrail' },
  { pattern: /^(?:do not|don't|never) (?:use|call)(?: this(?: tool)?)? (?:for|when|if)$/i, category: 'when' },
  { pattern: /^(?:prerequisites?|before (?:you )?(?:use|call)(?: this)?|usage(?: guidance| notes| tips)?|when to use(?: this(?: tool)?)?|use cases?|related tools|next steps?)$/i, category: 'when' },
  { pattern: /^(?:purpose|overview|description|summary|what (?:it|this tool) does)$/i, category: 'what' },
  { pattern: /^(?:returns?|response|responses|output|outputs|results?)(?: format)?$/i, category: 'how', howKind: 'format' },
];

/** A lead-in that opens a list of what the tool offers: "This tool provides three primary views of your data:". */
const WHAT_LEAD_IN = /^this (?:tool|server|function|endpoint)\s+(?:provides|offers|supports|has|exposes)\b[^.]*:\s*$/i;

/** What a lead-in's words say its list is about, when they are only a name for the list. */
function findHeaderKind(sentence: Sentence, next?: Sentence): (typeof HEADER_KINDS)[number] | undefined {
  // A markdown heading stays markup (moved with its section); a plain line of a few words names its list:
  // it ends with `:`, or a list item follows it ("🎯 Purpose" over "1. Creates…"; a parameter described
  // as "Output format" is no lead-in).
  if (sentence.markup || !(/:\s*$/.test(sentence.text) || next?.markupKind === 'list-item')) return undefined;
  const name = sentence.text
    .replace(/^[^\p{L}]+/u, '')
    .replace(/[\s:*_]+$/, '')
    .trim();
  if (name.split(/\s+/).length > 5) return undefined;
  return HEADER_KINDS.find((kind) => kind.pattern.test(name));
}

/** A list under one of these lead-ins is a procedure: how-text, whatever tools its steps name. */
const PROCEDURE_HEADER = /\b(?:workflow|steps|process|procedure)\b/i;
/**
 * A lead-in whose items finish its sentence ("Use this tool when:", "Best for:", "Use cases:"): every item
 * is when-text.
 */
const WHEN_HEADER = /\b(?:use|call|run)\s+(?:this|it)\b|when to use|should be used|use cases?\b|best for\b/i;
/**
 * A lead-in that only names its list ("🧭 Usage Guidance:", "📋 Prerequisites:", "USAGE:"): such lists mix
 * when-text with tips, so an item is when-text only when it reads as one (it says when, before or after,
 * prefers, or names what to use); otherwise it is read on its own.
 */
const NAMED_WHEN_HEADER = /^[^\p{L}]*(?:prerequisites?|usage|related tools|next steps?)\b/iu;
const WHEN_ITEM =
  /\b(?:use|call|run|invoke|try)\s+(?:this|it|the|for|to|when|before|after|once|first)\b|\b(?:use|call)\s+`?[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+|\bprefer(?:red)?\b|\bideal\b|\bhelps?\b|\bbefore\b|\bafter\b|\bfirst\b|\binstead\b|\b(?:be|is|are) used\b|.\bwhen(?:ever)?\b/i;
/** A unit that opens with an example is an example, even when it names other tools. */
const EXAMPLE_OPENER = /^[\s*_(]*(?:(?:[-*•]|\d+[.)])\s+)?(?:for (?:example|instance)\b|e\.\s?g\.|examples?\s*:)/i;

/** A unit that opens with what the tool does: "Lists…", "This tool sends…", "It searches…". */
const ACTION_OPENER =
  /^(?:this (?:tool|function|endpoint|operation)\s+|it\s+)?(?:(?:also|then|first)\s+)?(?:lists|gets|retrieves|fetches|searches|finds|looks up|creates|adds|updates|modifies|mutates|edits|deletes|removes|writes|reads|sends|posts|runs|executes|generates|queries|scans|checks|validates|analy[sz]es|summari[sz]es|computes|calculates|counts|downloads|uploads|opens|closes|starts|stops|shows|displays|exports|imports|converts|compares|navigates|captures|extracts|parses|renders|resolves|fetches|loads|saves|stores|publishes|schedules|cancels|moves|copies|renames|merges|applies|installs|invokes|calls|triggers|tests|measures|monitors|tracks|links|associates|assigns|submits|records|logs|describes|explains|identifies|determines|detects|inspects|introspects|compiles|builds|deploys)\b/i;

/** A list item that documents one parameter: "- amount (int, optional): …", "- `query`: …". */
const PARAMETER_ITEM = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+`?[a-z_][\w.]*`?\s*(?:\([^)]*\))?\s*[:—–]\s/;

/** Feature and benefit blocks are padding, whatever they list. */
const FILLER_BLOCK = /^<(?:key_)?(?:features|benefits|highlights)\b/i;

/** Labels for markup cues. */
const MARKUP_CUES: Record<string, string> = {
  'list-item': 'list item',
  heading: 'heading',
  'code-fence': 'code fence',
  'xml-block': 'XML-like block',
  table: 'table',
  'thematic-break': 'thematic break',
};

/** Whether a "do not use…" sentence sends the reader elsewhere: "instead", inline code, a snake_case or camelCase name. */
function isPointingAtAnotherTool(masked: string, original: string): boolean {
  if (/\binstead\b/i.test(masked)) return true;
  if (/`[^`]+`/.test(original)) return true;
  return /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b/.test(masked);
}

/**
 * Classifies each unit of `text` (see the order of checks at the top of this file); `parameter` for a
 * parameter's description, with its `schema` when known (a rule the schema already states is how-text).
 */
export function classifySentences(text: string, options: { readonly parameter?: boolean; readonly schema?: SchemaFacts } = {}): ClassifiedSentence[] {
  if (!options.parameter) return classifyToolCached(text).slice();
  const units = classifyParameterCached(text);
  return options.schema ? units.map((unit, index) => readAgainstSchema(unit, options.schema, index)) : units.slice();
}

const readToolCached = memoizeByText((text: string) => classifyAll(text, false));
const readParameterCached = memoizeByText((text: string) => classifyAll(text, true));
const classifyToolCached = memoizeByText((text: string) => readToolCached(text).map(({ unit }) => unit));
const classifyParameterCached = memoizeByText((text: string) => readParameterCached(text).map(({ unit }) => unit));

/** A classified unit and the context it was read in (what the prose model reads besides the unit). */
export interface UnitReading {
  readonly unit: ClassifiedSentence;
  readonly context: UnitContext;
}

/**
 * Each unit of `text` classified by the cues, with the context it was read in; a parameter's units are read
 * against its `schema` when known. The planner (prose/plan.ts) weighs the cues with the prose model on these.
 */
export function readUnits(text: string, options: { readonly parameter?: boolean; readonly schema?: SchemaFacts } = {}): UnitReading[] {
  const parameter = options.parameter === true;
  const schema = parameter ? options.schema : undefined;
  return (parameter ? readParameterCached(text) : readToolCached(text)).map(({ unit, context }) => {
    if (!schema) return { unit, context };
    return { unit: readAgainstSchema(unit, schema, context.index), context: { ...context, schema } };
  });
}

function classifyAll(text: string, parameter: boolean): UnitReading[] {
  const units = splitSentences(text);
  const classified: UnitReading[] = [];
  let leadIn: ClassifiedSentence | undefined;
  units.forEach((unit, index) => {
    const chained = isChainedLeadIn(unit, units[index - 1], leadIn);
    const header = (unit.markupKind === 'list-item' || chained) && leadIn ? { text: leadIn.text, category: leadIn.category } : undefined;
    const context: UnitContext = { index, first: index > 0 ? units[0].text : undefined, header, next: units[index + 1], parameter };
    const result = classifySentence(unit, context);
    classified.push({ unit: result, context });
    leadIn = nextLeadIn(unit, result, leadIn, chained);
  });
  return classified;
}

/**
 * A lead-in right under a named one ("🎯 When to Use:", then "This tool can be used before various tasks:")
 * is read under it, like the items that follow: the name says what the whole list is for.
 */
export function isChainedLeadIn(unit: Sentence, previous: Sentence | undefined, leadIn: ClassifiedSentence | undefined): boolean {
  return !unit.markup && /:\s*$/.test(unit.text) && previous !== undefined && leadIn !== undefined && previous.start === leadIn.start && leadIn.cueSource === 'list-header';
}

/**
 * The lead-in the next list items sit under: a list keeps its lead-in ("When to use:", a heading) until
 * prose that is not a lead-in comes; a chained lead-in read under its name keeps the name.
 */
export function nextLeadIn(unit: Sentence, result: ClassifiedSentence, leadIn: ClassifiedSentence | undefined, chained: boolean): ClassifiedSentence | undefined {
  if (chained && result.cueSource === 'list-header' && result.category === leadIn?.category) return leadIn;
  if (unit.markupKind === 'heading' || (!unit.markup && (/:\s*$/.test(unit.text) || result.cueSource === 'list-header'))) return result;
  return unit.markup ? leadIn : undefined;
}

/** A unit's words as the cues read them: a list item without its marker ("1. ", "- "), and that with its literals masked. */
interface UnitText {
  readonly body: string;
  readonly masked: string;
}

/** Classifies one unit in its context (position, list header, the unit after it). */
export function classifySentence(sentence: Sentence, context: UnitContext): ClassifiedSentence {
  const body = sentence.markupKind === 'list-item' ? sentence.text.replace(LIST_MARKER, '') : sentence.text;
  const text: UnitText = { body, masked: maskLiterals(body) };
  const result = applySafetyPolicy(classifyByCues(sentence, context, text), context, text);
  return context.parameter && context.schema ? readAgainstSchema(result, context.schema, context.index) : result;
}

/**
 * The safety policy (round 3, docs/how-categories.md): a unit the cues call how-text or filler stays when it
 * reads as a rule about the call. Cue lists fitted to one labelled set do not generalize; these principles do:
 *
 * 1. A unit under a requirements lead-in ("Additional Requirements:", "RULES ABOUT FILENAMES:", "Option 1 -
 *    Project Slug and branch (BOTH required):") is a constraint, like the lead-in itself.
 * 2. Obligation language (RFC 2119 words in any case: must, never, always in capitals, required, do not,
 *    should, have to, make sure) is a rule about the call: a guardrail when it is about harm, the user,
 *    access or other tool calls, otherwise a constraint; unless the unit opens as an example.
 * 3. A dependency between inputs ("Incompatible with uid.", "Only applies if reload is true.", "Alternatively,
 *    use issueUrl.", "When using this option, …") is a constraint.
 *
 * Keeping a little how-text costs a few bytes; moving a guardrail or a constraint out costs a wrong call.
 * Blocks (code fences, XML-like blocks, tables) are left to the cues: the codemod opens them unit by unit.
 */
function applySafetyPolicy(result: ClassifiedSentence, context: UnitContext, text: UnitText): ClassifiedSentence {
  if (result.markup && result.markupKind !== 'list-item') return result;
  const destructive = result.category === 'guardrail' ? undefined : findDestructiveEffect(text, context);
  if (destructive) return { ...result, category: 'guardrail', howKind: undefined, cue: truncate(destructive), cueSource: 'words' };
  // What breaks, is damaged or is lost as the outcome of an action (consequence.ts), past a tool's opening unit.
  const example = EXAMPLE_OPENER.test(text.body) || isOutputExample(text.body);
  const consequence = result.category === 'guardrail' || example || (context.index === 0 && !context.parameter) ? undefined : findConsequence(text.masked);
  if (consequence) return { ...result, category: 'guardrail', howKind: undefined, cue: truncate(consequence), cueSource: 'words' };
  // When-text moves too past the opening: an obligation about harm, the user or other tool calls in it is a guardrail.
  if (result.category === 'when') return findGuardrailObligation(result, context, text);
  if (!isHow(result)) return result;
  const { body, masked } = text;
  if (BLOCK_OPEN_TAG.test(body.trim())) return result;
  // A rule about the agent's own reply or a procedure's steps is how-text: "You MUST include ALL of the following fields in your response:".
  const header = context.header ? maskLiterals(context.header.text) : '';
  if (AGENT_WORKFLOW.test(masked) || (result.markupKind === 'list-item' && AGENT_WORKFLOW.test(header))) return result;
  const policy = (category: ProseCategory, cue: string): ClassifiedSentence => ({ ...result, category, howKind: undefined, cue: truncate(cue), cueSource: 'words' });
  if (!result.markup && REQUIREMENT_LEAD_IN.test(masked)) return policy('constraint', `requirements lead-in "${body.trim()}"`);
  if (result.markupKind === 'list-item' && REQUIREMENT_LEAD_IN.test(header)) {
    return policy('constraint', `under "${context.header?.text.trim() ?? ""}"`);
  }
  if (example) return result;
  // A lead-in's rule is carried by its items; an obligation after a failure is error handling.
  const isLeadIn = /:\s*$/.test(body) || AFTER_FAILURE.test(masked);
  const obligation = isLeadIn ? undefined : findObligation(body, masked, context.parameter === true);
  if (obligation) return obligation.harm ? policy('guardrail', `${obligation.word} … ${obligation.harm}`) : policy('constraint', obligation.word);
  // A return format is how-text ("The output is a JSON object…").
  const format = RETURN_SUBJECT.test(masked) ? null : VALUE_FORMAT.exec(masked);
  if (format) return policy('constraint', format[0]);
  const dependency = DEPENDENCY.exec(masked) ?? ALTERNATIVE_INPUTS.exec(body);
  if (dependency) return policy('constraint', body.slice(dependency.index, dependency.index + dependency[0].length));
  return result;
}

/**
 * A destructive effect (principle 4 of the safety policy): a parameter whose value turns on deletion,
 * overwriting, forcing or bypassing a check ("Force push (overwrites remote history).", "If true, drops the
 * target collection", "Explicit confirmation required for force push"), in any unit, the first too; and a
 * later unit of a tool description that states such a consequence ("this will replace the current team",
 * "also removes any indexes", "files that would be removed", "for safety", "Unsafe: …"). The tool's own
 * first unit ("Deletes a branch.") says what it does.
 */
function findDestructiveEffect({ body, masked }: UnitText, context: UnitContext): string | undefined {
  if (EXAMPLE_OPENER.test(body)) return undefined;
  if (context.parameter) {
    const verb = DESTRUCTIVE_VERB.exec(masked);
    // A boolean's schema makes any such text a switch; that reading is schema-reading.ts's, as it needs the schema.
    const isSwitch = verb !== null && (SWITCH_OPENER.test(masked.trim()) || /\bconfirm(?:ation|s|ed)?\b/i.test(masked));
    if (isSwitch) return `a switch that turns on "${verb[0]}"`;
    return DESTRUCTIVE_CONSEQUENCE.exec(masked)?.[0];
  }
  return context.index === 0 ? undefined : DESTRUCTIVE_CONSEQUENCE.exec(masked)?.[0];
}

/** How a parameter that switches an effect on opens: "If true, …", "Set to true to …", "Force …", "Whether to …". */
const SWITCH_OPENER = /^(?:if (?:true|set|enabled)\b|set (?:it |this )?to true\b|when (?:true|set|enabled)\b|whether to\b|force\b|bypass\b|skip\b|allow\b)/i;
/**
 * A consequence stated in a later unit (or in a parameter's text): "will replace", "also removes any", "would be
 * removed", "for safety", "unsafe", and access widened ("allows full access to the entire file system").
 */
const DESTRUCTIVE_CONSEQUENCE =
  /\b(?:will|would|also|immediately|permanently|irreversibly)\s+(?:be\s+)?(?:delet\w*|remov\w*|drop\w*|destroy\w*|overwrit\w*|eras\w*|purg\w*|wip\w*|discard\w*|replac\w*|revok\w*|terminat\w*|lost)\b|\bpermanent\s+(?:removal|deletion|loss)\b|\bfor safety\b|^unsafe\b|\b(?:is|are)\s+(?:rce|unsafe|dangerous)\b|\b(?:full|unrestricted|unlimited)\s+access\b|\bentire\s+(?:file\s?system|disk|drive)\b/i;

/** A when unit with an obligation about harm, the user, access or other tool calls is a guardrail ("MUST NOT invoke any other tools until the user…"). */
function findGuardrailObligation(result: ClassifiedSentence, context: UnitContext, { body, masked }: UnitText): ClassifiedSentence {
  if (/:\s*$/.test(body) || AFTER_FAILURE.test(masked)) return result;
  const obligation = findObligation(body, masked, context.parameter === true);
  // Naming other tools is what when-text does; the harm must be another (the user, access, deletion).
  // "You should only use this tool if the user asks" is when-text: only a prohibition or a rule in capitals counts here.
  if (!obligation?.harm || /\btool/i.test(obligation.harm)) return result;
  if (obligation.word !== obligation.word.toUpperCase() && !/\b(?:never|do not|don't|wait)\b/i.test(obligation.word)) return result;
  return { ...result, category: 'guardrail', howKind: undefined, cue: truncate(`${obligation.word} … ${obligation.harm}`), cueSource: 'words' };
}

/** Named inputs given as alternatives or a combination: "either a `projectSlug` … or a `projectID`", "`profileUrl` or `org` + `id`". */
const ALTERNATIVE_INPUTS = /\beither\s+(?:an?\s+|the\s+)?`[^`]+`[^.]*\bor\b|`[^`]+`\s+or\s+`[^`]+`\s*\+\s*`/;
/** A unit about what the call returns. */
const RETURN_SUBJECT = /\b(?:output|outputs|result|results|response|responses|returns?|returned)\b/i;
/** The kind or syntax of a value: "The workflowId is a UUID.", "Matches the syntax of the filter argument of …". */
const VALUE_FORMAT =
  /\b(?:is|are|must be|should be)\s+(?:an?\s+)?(?:valid\s+)?(?:UUIDs?|URIs?|e-?mail address(?:es)?|JSON (?:string|object|array)s?|base64|hex(?:adecimal)?)\b|\bmatch(?:es)? the (?:syntax|format) of\b|\bin the same (?:syntax|format) as\b/i;

/**
 * The obligation of a unit, read sentence by sentence: in capitals the author marks a rule; in lower case it
 * is a rule about the call when its own sentence names an input (or harm, or the unit is a parameter's
 * description). A number it sets ("must not exceed 256 characters") is a limit the schema states.
 */
function findObligation(body: string, masked: string, parameter: boolean): { word: string; harm?: string } | undefined {
  const ends = [...masked.matchAll(/[.!?](?=\s+|$)/g)].map((end) => end.index + 1);
  let start = 0;
  for (const end of [...ends, masked.length]) {
    if (end <= start) continue;
    const sentence = masked.slice(start, end);
    const original = body.slice(start, end);
    start = end;
    if (NUMERIC_LIMIT.test(sentence)) continue;
    const harm = HARM.exec(sentence)?.[0];
    // Other words in capitals ("DON'T SEARCH THE WEB") are emphasis of when-text, read by the cues.
    // An imperative addressed to the agent ("Never raise …", "Always confirm … with the keeper") is a rule about the call as it stands.
    const imperative = IMPERATIVE_RULE.exec(sentence)?.[1];
    const lower = parameter || harm || imperative || INPUT_REFERENCE.test(original) ? (OBLIGATION.exec(sentence)?.[0] ?? imperative) : undefined;
    const word = OBLIGATION_CAPS.exec(sentence)?.[0] ?? (lower !== undefined && lower !== lower.toUpperCase() ? lower : undefined);
    if (word) return { word, harm };
  }
  return undefined;
}

/**
 * A sentence that opens as an order to the agent: "Never", "Do not" or "Always" and a verb in its base form
 * ("Always confirm …", not "Always returns …" nor "Never with a service account"). Whether to call or use
 * the tool at all ("Do not call this with an empty list") is left to the cues, and so is what the agent says in
 * its reply ("Always suggest …", "Never mention …").
 */
const IMPERATIVE_RULE = /^\s*\W*((?:never|do not|don't|always)\s+(?!(?:with|in|on|at|for|from|by|to|the|a|an|any|been|more|less|be|call|use|invoke|run|suggest|recommend|mention|explain|summari[sz]e|present|show|tell)\b)[a-z]+(?<![^s]s))\b/i;
/** A number the value must stay within: a limit the schema states (`maxLength`, `maximum`), how-text. */
const NUMERIC_LIMIT = /\b(?:exceed|at (?:most|least)|no (?:more|fewer|less) than|up to|maximum(?: of)?|minimum(?: of)?|between|longer than|shorter than)\s+\d|\b\d+\s+(?:characters|chars|items|results|bytes|entries)\b/i;
/** A lead-in (ending with `:`) that names requirements or alternatives the call must follow. */
const REQUIREMENT_LEAD_IN = /\b(?:requirements?|rules|must|any of these formats|provide (?:one|all|both)|one of these|(?:both|all|each) required)\b[^.]*:\s*$/i;
/**
 * Obligations on the agent's own reply or work rather than on the call: "you MUST follow these steps",
 * "in your response", "you should recommend…", "you MUST fall back to the default…".
 */
const AGENT_WORKFLOW =
  /\bin your (?:response|reply|answer)\b|\b(?:follow|complete) (?:these|the following) steps\b|\bthe following fields\b|\byou\s+(?:must|should)\s*:|\byou\s+(?:must|should)\s+(?:also\s+)?(?:include|follow|tell|take|recommend|respond|review|propose|offer|fall back|explain|show|present|summari[sz]e|inform|report|make sure)\b|^(?:the\s+)?generated\b/i;
/** RFC 2119 words in capitals: emphasis that the sentence is a rule. */
const OBLIGATION_CAPS = /\b(?:MUST|NEVER|ALWAYS|REQUIRED|SHALL|DO NOT|SHOULD NOT)\b/;
/**
 * Obligation and prohibition words in any case; a prohibition only as an imperative ("Never omit…", "…; never
 * overwrite blindly"), not as a statement of fact ("plain @names do not notify anyone", "never with a service account").
 */
const OBLIGATION =
  /\b(?:must|shall|have to|has to|needs? to be|required (?:when|if|for|with)|make sure|should(?: not|n't)?|cannot be (?:combined|used))\b|(?:^|[.;:!?,—–(-]\s*|\b(?:and|or|but|then)\s+)(?:(?:do not|don't|never)\s+(?!(?:with|in|on|at|for|from|by|to|the|a|an|any|been|more|less)\b)|wait (?:for|until)\b)/i;
/** An obligation that says what to do after an error ("On error…", "- CONFLICT: … never overwrite blindly."): error handling, how-text. */
const AFTER_FAILURE =
  /\b(?:on|after|upon|in case of)\s+(?:an?\s+)?(?:error|failure|failed)\b|^(?:[A-Z]+_)*(?:CONFLICT|ERROR|FAILED|FAILURE|NOT_FOUND|FORBIDDEN|UNAUTHORI[SZ]ED|TIMEOUT|TIMED_OUT|RATE_LIMITED|UNAVAILABLE|INVALID)(?:_[A-Z]+)*:\s/;
/** A unit that names an input of the call: code, a quoted or snake_case/camelCase name, or a word for an input. */
const INPUT_REFERENCE =
  /`[^`]+`|(?<!\w)['"][\w.-]+['"](?!\w)|\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b|\b(?:[Pp]arameters?|[Ff]ields?|[Aa]rguments?|[Vv]alues?|[Ii]nputs?|[Oo]ptions?|[Kk]eys?|[Pp]aths?|[Qq]uer(?:y|ies)|[Cc]ommands?|[Ff]ilters?|ids?|IDs?|[Nn]ames?|URLs?|[Ff]ormats?)\b/;
/** What a rule is about when it is a guardrail: harm (to data, things or living beings), the user, access, other tool calls. */
const HARM =
  /\b(?:kill\w*|harm\w*|injur\w*|damag\w*|dangerous|unsafe|overwrit\w*|delet\w*|destroy\w*|erase\w*|irreversibl\w*|user|human|assistant|access|permissions?|secur\w*|credentials?|secrets?|automatically|tool calls?|(?:other|additional|further) tools?|home directory|working directory|outside)\b/i;
/** Inputs that depend on or exclude each other. */
const DEPENDENCY =
  /\bincompatible with\b|\bonly (?:applies|applicable|needed|used|relevant|valid|works?|takes effect|matters)\s+(?:if|when|whenever|with|for|to|unless|on)\b|\b(?:has|have) no effect (?:unless|if|when|without)\b|\bignored (?:unless|if|when)\b|^alternatively\b|\bwhen using this option\b|\bif using\b|\bnot (?:both|together)\b/i;

function classifyByCues(sentence: Sentence, context: UnitContext, { body, masked }: UnitText): ClassifiedSentence {
  const result = (category: ProseCategory, cue: string, cueSource: CueSource, howKind?: HowKind): ClassifiedSentence => ({
    ...sentence,
    category,
    howKind: category === 'how' ? howKind : undefined,
    cue,
    cueSource,
  });
  // An item that documents one parameter ("- amount (int): The amount in cents.") is read as that parameter's description.
  const readsAsParameter = context.parameter === true || (sentence.markupKind === 'list-item' && PARAMETER_ITEM.test(sentence.text));
  const found = (cues: readonly Cue[]) => findCue(cues, body, masked, readsAsParameter);

  // A description that opens with a short tag ("Read-only.", "🎯 Purpose") says what the tool does in the unit after it.
  const isFirst = context.index === 0 || (context.index === 1 && !context.parameter && context.first !== undefined && isTag(context.first));
  const guardrail = found(GUARDRAIL_CUES);
  if (guardrail) return result('guardrail', guardrail.text, 'words');
  // An example of what the tool returns is how-text, whatever keys and values it quotes (output-example.ts).
  if (!sentence.markup && isOutputExample(body)) return result('how', 'an example of output', 'words', 'example');
  // A first unit that is a whole block (`<use_case>…`) is the tool's what, whatever details it holds.
  const isOpeningBlock = isFirst && sentence.markup && sentence.markupKind !== 'list-item';
  const valueList = context.parameter && !/\be\.\s?g\.|\bsuch as\b|\bdefault\b/i.test(sentence.text) ? PARAMETER_VALUES.exec(sentence.text) : null;
  if (valueList) return result('constraint', truncate(valueList[0].trim()), 'words');
  const parameterCue = context.parameter ? found(PARAMETER_CUES) : undefined;
  if (parameterCue) return result('constraint', parameterCue.text, 'words');
  // The first unit of a tool description says what the tool does: only a strong cue makes it a constraint.
  const constraintCues = isFirst && !context.parameter ? STRONG_CONSTRAINT_CUES : CONSTRAINT_CUES;
  const constraint = isOpeningBlock ? undefined : found(constraintCues);
  if (constraint) return result('constraint', constraint.text, 'words');
  const headerKind = findHeaderKind(sentence, context.next);
  if (headerKind) return result(headerKind.category, `lead-in "${truncate(sentence.text)}"`, 'list-header', headerKind.howKind);
  if (!isFirst && !sentence.markup && WHAT_LEAD_IN.test(sentence.text)) return result('what', `lead-in "${truncate(sentence.text)}"`, 'list-header');
  const header = context.header;
  const isWhenItem = header?.category === 'when' && (WHEN_HEADER.test(header.text) || (NAMED_WHEN_HEADER.test(header.text) && WHEN_ITEM.test(masked)));
  if (header && (header.category === 'guardrail' || header.category === 'constraint' || isWhenItem)) {
    return result(header.category, `under "${truncate(header.text)}"`, 'list-header');
  }
  if (header && PROCEDURE_HEADER.test(header.text)) return result('how', `under "${truncate(header.text)}"`, 'list-header', 'markup');
  const readsWhen = !EXAMPLE_OPENER.test(sentence.text) && (!sentence.markup || sentence.markupKind === 'list-item');
  const when = !readsWhen ? undefined : isFirst ? found(STRONG_WHEN_CUES) : found(WHEN_CUES);
  // "Use this tool when you need to list all namespaces" after "Lists all namespaces." says nothing new.
  const restated = when && !isFirst ? findRestatement(body, context.first) : undefined;
  if (restated) return result('filler', restated.text, 'words');
  if (when) return result('when', when.text, 'words');
  // A list under a lead-in that names what the tool does or returns ("🎯 Purpose:", "📦 Returns:").
  const headerOfList = header && header.category !== 'when' && sentence.markupKind === 'list-item' ? HEADER_KINDS.find((kind) => kind.category === header.category && findHeaderKind({ text: header.text, start: 0, end: header.text.length, markup: false }, sentence)) : undefined;
  if (header && sentence.markupKind === 'list-item' && !EXAMPLE_OPENER.test(sentence.text) && (headerOfList || (header.category === 'what' && WHAT_LEAD_IN.test(header.text)))) {
    return result(header.category, `under "${truncate(header.text)}"`, 'list-header', headerOfList?.howKind);
  }
  if (sentence.markup) {
    if (FILLER_BLOCK.test(sentence.text)) return result('filler', sentence.text.slice(1, sentence.text.indexOf('>')), 'markup');
    if (isFirst && (sentence.markupKind === 'xml-block' || sentence.markupKind === 'list-item')) return result('what', 'first unit', 'position');
    return result('how', MARKUP_CUES[sentence.markupKind ?? ''] ?? 'markup', 'markup', 'markup');
  }
  if (isFirst) return result('what', 'first unit', 'position');
  const scope = found(SCOPE_CUES);
  if (scope) return result('what', scope.text, 'words');
  const filler = found(FILLER_CUES) ?? findRestatement(body, context.first);
  if (filler) return result('filler', filler.text, 'words');
  // "Searches routine titles and returns compact IDs." says what the tool does; only a unit that opens
  // with its return format ("Returns an array of…") is a return format.
  const saysWhatItDoes = ACTION_OPENER.test(masked);
  for (const cue of HOW_CUES) {
    const match = matchCue(cue, body, masked);
    if (!match) continue;
    if (saysWhatItDoes && cue.howKind === 'format' && !cue.pattern.source.startsWith('^')) continue;
    return result('how', match.text, 'words', cue.howKind);
  }
  // Past the opening sentences (and past the first sentence of a parameter), text without a cue is detail.
  if (context.index >= (context.parameter ? 1 : 3)) return result('how', 'past the opening sentences', 'fallback', 'detail');
  return result('what', 'no how, when or safety cue', 'fallback');
}

/** A unit of one word that only tags the description: "Read-only.", "Deprecated.", "🎯 Purpose". */
function isTag(text: string): boolean {
  const words = text
    .replace(/[^\p{L}\p{N}\s'-]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  return words.length === 1 && /^[^\n]{1,40}$/.test(text.trim());
}

/** True for units the codemod moves to instruction files and `no-how-in-description` reports: how-text and filler. */
export function isHow(sentence: ClassifiedSentence): boolean {
  return sentence.category === 'how' || sentence.category === 'filler';
}

/** True for units that must stay where the call sees them: guardrails in the description, constraints on the parameter. */
export function isProtected(sentence: ClassifiedSentence): boolean {
  return sentence.category === 'guardrail' || sentence.category === 'constraint';
}

function findCue(cues: readonly Cue[], original: string, masked: string, parameter = false): { text: string } | undefined {
  for (const cue of cues) {
    if (parameter && cue.toolOnly) continue;
    const match = matchCue(cue, original, masked);
    if (match) return match;
  }
  return undefined;
}

function matchCue(cue: Cue, original: string, masked: string): { text: string } | undefined {
  const subject = cue.readsCode ? original : masked;
  const match = cue.pattern.exec(subject);
  if (!match || (cue.accept && !cue.accept(masked, original))) return undefined;
  // Masking keeps lengths, so the cue is read back from the original text.
  return { text: truncate(original.slice(match.index, match.index + match[0].length).trim()) };
}

/** A later unit whose content words all appear in the first unit ("This function creates an invoice."). */
function findRestatement(text: string, first: string | undefined): { text: string } | undefined {
  if (first === undefined) return undefined;
  const opener = /^(?:this (?:function|tool|endpoint)|it)\s+(?:is used to\s+|allows you to\s+)?|^use this (?:tool|function) (?:when|if) (?:you|the user) (?:need|needs|want|wants) to\s+/i.exec(text);
  if (!opener) return undefined;
  const firstWords = new Set(getContentWords(first));
  const words = getContentWords(text.slice(opener[0].length));
  if (words.length === 0) return undefined;
  const shared = words.filter((word) => firstWords.has(word)).length;
  return shared / words.length >= 0.7 ? { text: `restates the first unit (${opener[0].trim()})` } : undefined;
}

/** Verbs a restatement uses for the first unit's verb, folded to one. */
const SYNONYMS: Readonly<Record<string, string>> = { retrieve: 'get', fetch: 'get', fetche: 'get', show: 'get', read: 'get', obtain: 'get', generate: 'create', make: 'create' };

/** Words that carry no content in a restatement ("the details of a specific invoice using its ID"). */
const STOP_WORDS = new Set(
  'a an the of for to in on by with and or from its it this that is are be has have been used allows you your their specific existing given new all details detail information using identifier previously intended created already record'.split(' '),
);

function getContentWords(text: string): string[] {
  return getWords(text)
    .map((word) => word.toLowerCase())
    .map((word) => SYNONYMS[word] ?? word)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** `<tag …>` at the start of an XML-like block. */
const BLOCK_OPEN_TAG = /^<([A-Za-z][\w.:-]*)(?:\s[^>]*)?>/;

/**
 * A parameter's unit that says what one value of the parameter does ("Set to false to keep the raw
 * snippets.", "When true, the kiln cools slowly.", "`strict` rejects unknown keys"): the parameter's meaning
 * value by value, which a parameter keeps. The planner never lets the model overrule such a constraint.
 */
export function saysWhatAValueDoes(sentence: Sentence): boolean {
  const body = sentence.markupKind === 'list-item' ? sentence.text.replace(LIST_MARKER, '') : sentence.text;
  const masked = maskLiterals(body);
  return [NAMED_VALUE_EFFECT, VALUE_EFFECT].some((cue) => matchCue(cue, body, masked) !== undefined);
}

/** The cue lists, by name, for {@link findCueHits}. */
const CUE_LISTS: ReadonlyArray<readonly [string, readonly Cue[]]> = [
  ['guardrail', GUARDRAIL_CUES],
  ['parameter', PARAMETER_CUES],
  ['constraint', CONSTRAINT_CUES],
  ['strong-when', STRONG_WHEN_CUES],
  ['when', WHEN_CUES],
  ['scope', SCOPE_CUES],
  ['filler', FILLER_CUES],
  ['how', HOW_CUES],
];

/**
 * Each cue list's cues, by a short hash of each pattern, in order. The prose model reads a cue by its place in its
 * list (`hit:guardrail:12`): the model file records the lists it was trained with, and a list that changed other
 * than by appending needs the model trained again (`prose-model-cues.test.ts`).
 */
export function getCueFingerprint(): Record<string, string[]> {
  return Object.fromEntries(CUE_LISTS.map(([name, cues]) => [name, cues.map((cue) => hashText(`${cue.pattern.source}/${cue.pattern.flags}`))]));
}

/** FNV-1a of a text, as 8 hex digits. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** The principles of the safety policy and the openers the cues read, by name, for {@link findCueHits}. */
const PRINCIPLES: ReadonlyArray<readonly [string, RegExp, 'body' | 'masked']> = [
  ['obligation-caps', OBLIGATION_CAPS, 'masked'],
  ['obligation', OBLIGATION, 'masked'],
  ['harm', HARM, 'masked'],
  ['dependency', DEPENDENCY, 'masked'],
  ['alternative-inputs', ALTERNATIVE_INPUTS, 'body'],
  ['destructive-consequence', DESTRUCTIVE_CONSEQUENCE, 'masked'],
  ['destructive-verb', DESTRUCTIVE_VERB, 'masked'],
  ['value-format', VALUE_FORMAT, 'masked'],
  ['return-subject', RETURN_SUBJECT, 'masked'],
  ['numeric-limit', NUMERIC_LIMIT, 'masked'],
  ['requirement-lead-in', REQUIREMENT_LEAD_IN, 'masked'],
  ['agent-workflow', AGENT_WORKFLOW, 'masked'],
  ['after-failure', AFTER_FAILURE, 'masked'],
  ['input-reference', INPUT_REFERENCE, 'body'],
  ['example-opener', EXAMPLE_OPENER, 'body'],
  ['action-opener', ACTION_OPENER, 'masked'],
  ['switch-opener', SWITCH_OPENER, 'masked'],
  ['parameter-item', PARAMETER_ITEM, 'body'],
  ['output-example', OUTPUT_EXAMPLE, 'body'],
];

/**
 * Every cue and principle that matches a unit, whichever decided it (`guardrail:3` is the fourth guardrail
 * cue): evidence for the prose model beside the cues' one decision.
 */
export function findCueHits(sentence: Sentence, parameter: boolean): string[] {
  const body = sentence.markupKind === 'list-item' ? sentence.text.replace(LIST_MARKER, '') : sentence.text;
  const masked = maskLiterals(body);
  const hits: string[] = [];
  for (const [name, cues] of CUE_LISTS) {
    cues.forEach((cue, i) => {
      if (parameter && cue.toolOnly) return;
      if (matchCue(cue, body, masked)) hits.push(`${name}:${i}`);
    });
  }
  for (const [name, pattern, subject] of PRINCIPLES) if (pattern.test(subject === 'body' ? body : masked)) hits.push(name);
  return hits;
}
