import { API_REQUEST_LIMITS, estimateDeferral, findLargestLoadedTools, type DeferralEstimate } from '@toolslim/core';
import { createRule } from '../utils/create-rule.js';
import { getApiToolArrays } from '../utils/api-requests.js';
import { formatCount } from '../utils/cost.js';
import { asEslintNode } from '../utils/tool-text.js';

export type Options = [];
export type MessageIds = 'deferralPays' | 'deferralCostsMore';

const SEARCH = API_REQUEST_LIMITS.anthropicToolSearch;

export default createRule<Options, MessageIds>({
  name: 'prefer-tool-search',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Advise deferring tool definitions behind tool search where it pays, and not deferring where it does not',
      recommended: 'recommended',
      advice: true,
    },
    messages: {
      deferralPays:
        `This request loads {{count}} tool definitions (~{{tokens}} tokens) on every call and defers none; tool search pays from about ${SEARCH.paysFromTools} tools or ${formatCount(SEARCH.paysFromTokens)} tokens. ` +
        'Deferring {{largest}} keeps ~{{saved}} tokens out of each request; deferring every tool loads ~{{withDeferral}} (the search tool).',
      deferralCostsMore:
        `This request defers {{deferred}} of {{count}} tools (~{{tokens}} tokens in all); below about ${SEARCH.paysFromTools} tools and ${formatCount(SEARCH.paysFromTokens)} tokens the tool search tool (~${SEARCH.searchToolTokens} tokens) and its extra round trip cost more than deferral saves.`,
    },
    schema: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const array of getApiToolArrays(context)) {
          const estimate = estimateDeferral(array);
          if (!estimate) continue;
          const node = asEslintNode(array.node);
          if (estimate.pays && estimate.deferredCount === 0) {
            context.report({ node, messageId: 'deferralPays', data: buildPaysData(estimate) });
          } else if (!estimate.pays && estimate.deferredCount > 0) {
            context.report({
              node,
              messageId: 'deferralCostsMore',
              data: { deferred: estimate.deferredCount, count: estimate.tools.length, tokens: formatCount(estimate.allTokens) },
            });
          }
        }
      },
    };
  },
});

function buildPaysData(estimate: DeferralEstimate): Record<string, string | number> {
  const largest = findLargestLoadedTools(estimate);
  const saved = largest.reduce((total, tool) => total + tool.tokens, 0);
  return {
    count: estimate.tools.length,
    tokens: formatCount(estimate.loadedTokens),
    largest: largest.map((tool) => `${tool.name} (~${formatCount(tool.tokens)})`).join(', '),
    saved: formatCount(saved),
    withDeferral: formatCount(estimate.withDeferralTokens),
  };
}
