/**
 * Verifying the plans before anything is written: no two plans edit the same source, and once applied in
 * memory every tool of every affected file publishes the same definition apart from its description text,
 * which reads exactly as planned. A plan that fails is dropped (skipped with a note), never half-applied.
 */
import type { FileModel, ToolDecl } from '@toolslim/core';
import { ImportedConstants } from './imported-constants.js';
import { getParamKey, type ToolPlan } from './plan-tool.js';
import type { AnalysedFile } from './slim-types.js';
import { SourceStore } from './source-store.js';
import { applyEdits, type SourceEdit } from './text-edits.js';
import { getErrorMessage, getPublished, getStaticValue } from './tool-values.js';
import { getCapabilityKey } from './verify.js';

/**
 * Two plans cannot edit the same source; the first one wins. The same edit in two plans (a parameter
 * text several tools read, edited once for all of them) is one edit.
 */
export function dropOverlaps(plans: ToolPlan[], skip: (file: string, decl: ToolDecl, reason: string) => void): ToolPlan[] {
  const kept: ToolPlan[] = [];
  const claimed: SourceEdit[] = [];
  for (const plan of plans) {
    const clash = claimed.find((c) => plan.edits.some((e) => e.file === c.file && e.start < c.end && c.start < e.end && !isSameEdit(e, c)));
    if (clash) skip(plan.file, plan.decl, 'its text overlaps the text of another tool');
    else {
      kept.push(plan);
      claimed.push(...plan.edits);
    }
  }
  return kept;
}

function isSameEdit(a: SourceEdit, b: SourceEdit): boolean {
  return a.file === b.file && a.start === b.start && a.end === b.end && a.text === b.text;
}

export function dedupeEdits(edits: readonly SourceEdit[]): SourceEdit[] {
  const seen = new Set<string>();
  return edits.filter((edit) => {
    const key = `${edit.file}\0${edit.start}\0${edit.end}\0${edit.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Apply the plans in memory and check every tool of every affected file: same published tool apart from
 * description text, and exactly the planned text. A plan whose edits do not give exactly that is dropped
 * (skipped with a note) and the rest is checked again.
 */
export function dropUntilVerified(
  initial: ToolPlan[],
  analysed: readonly AnalysedFile[],
  store: SourceStore,
  constants: ImportedConstants,
  analyse: (file: string, fresh?: boolean) => FileModel,
  skip: (file: string, decl: ToolDecl, reason: string) => void,
): ToolPlan[] {
  let plans = initial;
  for (;;) {
    store.resetCurrent();
    const failed = new Map<string, string>();
    const fail = (plan: ToolPlan, reason: string) => failed.has(plan.id) || failed.set(plan.id, reason);
    const editsByFile = new Map<string, SourceEdit[]>();
    for (const plan of plans) {
      // The same edit twice (one text reached two ways) is one edit; any other overlap drops the later plan.
      const own = dedupeEdits(plan.edits);
      const clash = own.some(
        (e) =>
          (editsByFile.get(e.file) ?? []).some((c) => e.start < c.end && c.start < e.end && !isSameEdit(e, c)) ||
          own.some((o) => o !== e && o.file === e.file && e.start < o.end && o.start < e.end),
      );
      if (clash) {
        fail(plan, 'its edits overlap other edits');
        continue;
      }
      for (const edit of own) {
        const planned = editsByFile.get(edit.file) ?? [];
        if (!planned.some((c) => isSameEdit(c, edit))) editsByFile.set(edit.file, [...planned, edit]);
      }
    }
    for (const [file, edits] of editsByFile) store.setCurrent(file, applyEdits(store.getOriginal(file), edits));
    const changed = new Set(store.findChangedFiles());
    for (const { file, model } of analysed) {
      const touched = changed.has(file) || [...constants.getDependencies(file)].some((dep) => changed.has(dep));
      if (!touched) continue;
      const responsible = plans.filter((p) => p.edits.some((e) => e.file === file || constants.getDependencies(file).has(e.file)));
      let after: FileModel;
      try {
        after = analyse(file, true);
      } catch (error) {
        for (const plan of responsible) fail(plan, `the edited file would not parse (${getErrorMessage(error)})`);
        continue;
      }
      if (after.tools.length !== model.tools.length) {
        for (const plan of responsible) fail(plan, 'the edited file would declare a different number of tools');
        continue;
      }
      model.tools.forEach((before, index) => {
        const plan = plans.find((p) => p.file === file && p.index === index);
        const problem = findToolProblem(before, after.tools[index], plan);
        if (!problem) return;
        if (plan) fail(plan, problem);
        else for (const p of responsible) fail(p, `editing it would change ${getStaticValue(before.name) ?? 'another tool'}: ${problem}`);
      });
    }
    if (failed.size === 0) return plans;
    for (const plan of plans) {
      const reason = failed.get(plan.id);
      if (reason) skip(plan.file, plan.decl, `could not be edited exactly: ${reason}`);
    }
    plans = plans.filter((plan) => !failed.has(plan.id));
  }
}

/** What is wrong with a tool after the edits, or undefined. */
export function findToolProblem(before: ToolDecl, after: ToolDecl, plan: ToolPlan | undefined): string | undefined {
  if (getCapabilityKey(getPublished(before)) !== getCapabilityKey(getPublished(after))) {
    return 'its published definition would change beyond its description';
  }
  const expected = plan ? plan.expectedDescription : getStaticValue(before.description);
  if (getStaticValue(after.description) !== expected) return 'its description would not read as planned';
  for (const param of after.params) {
    const planned = plan?.params.find((p) => p.key === getParamKey(param));
    const original = before.params.find((p) => getParamKey(p) === getParamKey(param));
    const wanted = planned ? planned.expected : getStaticValue(original?.description);
    if (getStaticValue(param.description) !== wanted) return `parameter ${getParamKey(param)} would not read as planned`;
  }
  return undefined;
}
