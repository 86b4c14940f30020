import { getFileModel } from '../utils/file-model.js';
import { createRule } from '../utils/create-rule.js';
import { asEslintNode } from '../utils/tool-text.js';

export type Options = [];
export type MessageIds = 'unreadTools' | 'unreadToolsMany';

/** How many further places the message counts after the first (their lines). */
const LINES_SHOWN = 5;

export default createRule<Options, MessageIds>({
  name: 'require-readable-tools',
  meta: {
    type: 'problem',
    docs: {
      description: 'Say once per file where toolslim cannot read a registered tool, and therefore does not check it',
      recommended: 'recommended',
    },
    messages: {
      unreadTools: 'The tool registered here ({{sink}}) cannot be read: {{reason}}. No toolslim rule checks it.',
      unreadToolsMany:
        'Tools registered at {{count}} places in this file cannot be read (first here, {{sink}}: {{reason}}; also line {{lines}}). No toolslim rule checks them.',
    },
    schema: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        // An adapter declares nothing here: the definitions it registers are checked where they are written.
        const unread = getFileModel(context).unread.filter((miss) => miss.adapter !== true);
        const [first, ...rest] = unread;
        if (!first) return;
        const node = asEslintNode(first.node);
        if (rest.length === 0) {
          context.report({ node, messageId: 'unreadTools', data: { sink: first.sink, reason: first.reason } });
          return;
        }
        const lines = rest.slice(0, LINES_SHOWN).map((miss) => miss.line).join(', ') + (rest.length > LINES_SHOWN ? ', …' : '');
        context.report({ node, messageId: 'unreadToolsMany', data: { count: unread.length, sink: first.sink, reason: first.reason, lines } });
      },
    };
  },
});
