import consistentParamDescription from './consistent-param-description.js';
import maxDescriptionLength from './max-description-length.js';
import maxDescriptionSentences from './max-description-sentences.js';
import maxToolSize from './max-tool-size.js';
import maxToolsPerServer from './max-tools-per-server.js';
import noHowInDescription from './no-how-in-description.js';
import noInputTruncation from './no-input-truncation.js';
import noRedundantParamDescription from './no-redundant-param-description.js';
import noVolatileDefinition from './no-volatile-definition.js';
import preferReferenceInput from './prefer-reference-input.js';
import requireToolDescription from './require-tool-description.js';
import validToolName from './valid-tool-name.js';
import distinctToolDescriptions from './distinct-tool-descriptions.js';
import annotationsMatchDescription from './annotations-match-description.js';
import noHiddenInstructions from './no-hidden-instructions.js';
import apiToolLimits from './api-tool-limits.js';
import preferToolSearch from './prefer-tool-search.js';

/** Every rule by its name; the name is also its file, its test file and its docs page. */
export const rules = {
  'consistent-param-description': consistentParamDescription,
  'max-description-length': maxDescriptionLength,
  'max-description-sentences': maxDescriptionSentences,
  'max-tool-size': maxToolSize,
  'max-tools-per-server': maxToolsPerServer,
  'no-how-in-description': noHowInDescription,
  'no-input-truncation': noInputTruncation,
  'no-redundant-param-description': noRedundantParamDescription,
  'no-volatile-definition': noVolatileDefinition,
  'prefer-reference-input': preferReferenceInput,
  'require-tool-description': requireToolDescription,
  'valid-tool-name': validToolName,
  'distinct-tool-descriptions': distinctToolDescriptions,
  'annotations-match-description': annotationsMatchDescription,
  'no-hidden-instructions': noHiddenInstructions,
  'api-tool-limits': apiToolLimits,
  'prefer-tool-search': preferToolSearch,
};

export type RuleName = keyof typeof rules;
