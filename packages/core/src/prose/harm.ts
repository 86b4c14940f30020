/** Words of harm: shared by the classifier's safety policy and the schema reading, and the topics slim asks a person to review. */
import { maskLiterals } from './mask.js';

/** Verbs of an effect that loses data or skips a safety check, as the switch's action (not "deleted files", "un-archive", "force refresh"). */
export const DESTRUCTIVE_VERB =
  /(?<![\w-])(?:delete|deletes|remove|removes|drop|drops|destroy|destroys|overwrite|overwrites|erase|erases|purge|purges|wipe|wipes|discard|discards|truncate|truncates|bypass|bypasses|force|forces|archive|archives|trash|revoke|revokes|terminate|terminates|kill|kills|permanent|permanently|unrecoverable)\b(?!\s+(?:refresh|reload|update|sync)\b)/i;

/** What a sentence may put at risk when it leaves a description: the topics `slim` asks a person to review. */
export type HarmTopic = 'money' | 'secrets' | 'people' | 'data loss' | 'access';

const HARM_TOPICS: ReadonlyArray<readonly [HarmTopic, RegExp]> = [
  ['money', /\b(?:charg(?:e|es|ed|ing)|payments?|refunds?|tax(?:es)?|money|billing|billed|fees?)\b/i],
  // A token is a secret, not a unit of model text ("to reduce token usage", "fewer tokens", "max tokens").
  ['secrets', /\b(?:secrets?|(?<!\b(?:fewer|more|less|reduce|reduces|save|saves|saving|max|maximum|output|input|response|context)\s+)tokens?(?![\s-]+(?:usage|count|counts|limits?|budget|costs?|consumption|efficient|efficiency|window))|passwords?|credentials?|api keys?|private keys?|sensitive|expos(?:e|es|ed|ing|ure))\b/i],
  // Asking means asking a person ("ask the user", "ask for confirmation"), not asking the tool for a value.
  ['people', /\b(?:customers?'?s?|confirm(?:s|ed|ation)?|approv(?:e|al|ed)|consent|ask(?:s|ing)?\s+(?:the\s+)?(?:user|customer|human|them|for\s+(?:confirmation|approval|permission|consent))|sends?|sent|notif(?:y|ies|ication)|publish(?:es|ed)?|public(?:ly)?)\b/i],
  // Dropping means dropping stored data ("drops the table"), not a filter or a connection.
  ['data loss', /\b(?:delet(?:e|es|ed|ion)|remov(?:e|es|ed|al)|overwrit(?:e|es|ten|ing)|replac(?:e|es|ed|ing)|permanent(?:ly)?|irreversibl[ey]|revok(?:e|es|ed)|drop(?:s|ped)?\s+(?:[\w-]+\s+){0,2}(?:tables?|databases?|collections?|indexes|columns?|schemas?|data|rows?|records?|branch(?:es)?)|wipes?|purges?|destroy(?:s|ed)?|lost)\b/i],
  ['access', /\b(?:permissions?|access|security|admin|production|careful(?:ly)?|dangerous|destructive)\b/i],
];

/**
 * The harm topics a sentence names (literals left out: inline code, URLs, quoted strings): money, secrets, people (the user, customers,
 * anything sent or published), data loss, access. Not a category: `slim` lists a moved sentence for review when
 * the prose model gives it a guardrail probability above its review threshold, and these topics say what it
 * may put at risk.
 */
export function findHarmTopics(text: string): HarmTopic[] {
  const prose = maskLiterals(text);
  return HARM_TOPICS.filter(([, pattern]) => pattern.test(prose)).map(([topic]) => topic);
}
