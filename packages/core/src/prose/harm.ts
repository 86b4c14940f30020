/** Words of harm shared by the classifier's safety policy and the schema reading. */

/** Verbs of an effect that loses data or skips a safety check, as the switch's action (not "deleted files", "un-archive", "force refresh"). */
export const DESTRUCTIVE_VERB =
  /(?<![\w-])(?:delete|deletes|remove|removes|drop|drops|destroy|destroys|overwrite|overwrites|erase|erases|purge|purges|wipe|wipes|discard|discards|truncate|truncates|bypass|bypasses|force|forces|archive|archives|trash|revoke|revokes|terminate|terminates|kill|kills|permanent|permanently|unrecoverable)\b(?!\s+(?:refresh|reload|update|sync)\b)/i;
