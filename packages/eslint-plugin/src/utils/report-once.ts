import type { TSESLint } from '@typescript-eslint/utils';

/**
 * `context.report` that drops a repeat of the same message at the same place. Text and schemas shared
 * through a constant belong to several tools; the problem is in one place and gets one squiggle.
 */
export function createReportOnce<MessageIds extends string>(
  context: Readonly<TSESLint.RuleContext<MessageIds, readonly unknown[]>>,
): (descriptor: TSESLint.ReportDescriptor<MessageIds>) => void {
  const seen = new Set<string>();
  return (descriptor) => {
    const loc = 'loc' in descriptor && descriptor.loc ? descriptor.loc : 'node' in descriptor ? descriptor.node.loc : undefined;
    const start = loc && 'start' in loc ? loc.start : loc;
    const end = loc && 'end' in loc ? loc.end : loc;
    const key = `${descriptor.messageId}@${start?.line}:${start?.column}-${end?.line}:${end?.column}`;
    if (seen.has(key)) return;
    seen.add(key);
    context.report(descriptor);
  };
}
