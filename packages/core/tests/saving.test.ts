import { describe, expect, it } from 'vitest';
import { applyToValue, buildPointer, countToolSaving, DEFAULT_INSTRUCTIONS_TOOL, DEFAULT_POINTER, getPublishedLength, isWorthSlimming, MIN_SAVED_BYTES, planDescription } from '../src/index.js';

const pointer = buildPointer(DEFAULT_POINTER, { family: 'files', file: '', tool: DEFAULT_INSTRUCTIONS_TOOL });

describe('what slimming one tool saves', () => {
  it('counts what leaves the description less the pointer it gains', () => {
    const value = 'Reads a file. For example, pass src/index.ts to read the entry point of the package, or docs/guide.md to read the user guide.';
    const plan = planDescription(value, {});
    expect(plan.selection?.moved.map((unit) => unit.text)).toEqual(['For example, pass src/index.ts to read the entry point of the package, or docs/guide.md to read the user guide.']);
    const saved = countToolSaving({ value, selection: plan.selection, hasPointer: false }, new Map(), pointer);
    expect(saved).toBe(getPublishedLength(value) - getPublishedLength(`Reads a file. ${pointer}`));
    expect(isWorthSlimming(saved)).toBe(true);
  });

  it('finds a short example not worth its pointer', () => {
    const value = 'Reads a file. For example, pass src/index.ts.';
    const plan = planDescription(value, {});
    expect(plan.selection?.moved).toHaveLength(1);
    const saved = countToolSaving({ value, selection: plan.selection, hasPointer: false }, new Map(), pointer);
    expect(saved).toBeLessThan(MIN_SAVED_BYTES);
    expect(isWorthSlimming(saved)).toBe(false);
    // Carried along with the tools it shares a text with, it is slimmed whenever it saves anything.
    expect(isWorthSlimming(saved, true)).toBe(saved > 0);
  });

  it('counts a constraint given to a parameter as bytes the parameter gains', () => {
    const value = 'Lists the runs of a day. Returns JSON. The date must be in YYYY-MM-DD format.';
    const plan = planDescription(value, { params: ['date'], allParams: ['date'] });
    const toParam = plan.selection?.toParams.map((move) => move.unit.text);
    expect(toParam).toEqual(['The date must be in YYYY-MM-DD format.']);
    const params = new Map([['date', { value: 'The day.', selection: undefined }]]);
    const saved = countToolSaving({ value, selection: plan.selection, hasPointer: false }, params, pointer);
    const description = applyToValue(value, plan.selection?.deleteRanges ?? [], { at: plan.selection?.keptEnd ?? 0, text: ` ${pointer}` });
    expect(saved).toBe(getPublishedLength(value) - getPublishedLength(description) + getPublishedLength('The day.') - getPublishedLength('The day. The date must be in YYYY-MM-DD format.'));
  });

  it('adds no pointer to a description that has one', () => {
    const value = `Reads a file. For example, pass src/index.ts. ${pointer}`;
    const plan = planDescription(value, { pinned: [value.indexOf('Before'), value.length] });
    const saved = countToolSaving({ value, selection: plan.selection, hasPointer: true }, new Map(), pointer);
    expect(saved).toBe(getPublishedLength(value) - getPublishedLength(applyToValue(value, plan.selection?.deleteRanges ?? [], undefined)));
  });
});
