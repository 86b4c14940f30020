/** eslint-doc-generator settings: rule docs and the README live at the repository root. */
export default {
  pathRuleDoc: '../../docs/rules/{name}.md',
  pathRuleList: '../../README.md',
  ignoreConfig: ['all'],
  ruleDocTitleFormat: 'prefix-name',
  ruleListColumns: ['name', 'description', 'configsError', 'configsWarn', 'fixable', 'hasSuggestions', 'options'],
  urlConfigs: 'https://github.com/toolslim/toolslim/blob/main/docs/settings.md#configs',
};
