// The prose model reads each cue by its place in its list (`hit:guardrail:12`). The model file records the cue lists
// it was trained with; a cue inserted, removed or changed before the end of a list would silently shift the meaning of
// every feature after it, so only appending is allowed without training the model again.
import { describe, expect, it } from 'vitest';
import { getCueFingerprint, getShippedModel } from '../src/index.js';

describe('the cue lists the shipped model was trained with', () => {
  it('are recorded in the model file', () => {
    expect(Object.keys(getShippedModel().cues ?? {})).toEqual(Object.keys(getCueFingerprint()));
  });

  it('are each the start of the list today: cues were only appended since', () => {
    const current = getCueFingerprint();
    for (const [name, trained] of Object.entries(getShippedModel().cues ?? {})) {
      expect(current[name].slice(0, trained.length), `the ${name} cues changed before their end: append new cues, or train the model again (node test/realworld/train-prose-model.mjs)`).toEqual(trained);
    }
  });
});
