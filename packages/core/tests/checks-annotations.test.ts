import { describe, expect, it } from 'vitest';
import { checkAnnotations, getNameVerb } from '../src/index.js';

describe('checkAnnotations', () => {
  it('reports destructive prose with destructiveHint absent or false', () => {
    expect(checkAnnotations({ name: 'drop', description: 'Deletes a branch and all its data.', annotations: { readOnlyHint: false } })).toMatchObject([
      { kind: 'destructive-hint-missing', cue: 'Deletes', source: 'description', start: 0, end: 7 },
    ]);
    expect(checkAnnotations({ name: 'x', description: 'Moves the file. The target is overwritten and cannot be undone.', annotations: { destructiveHint: false } })).toMatchObject([
      { kind: 'destructive-hint-false', cue: 'cannot be undone' },
    ]);
  });

  it('reports readOnlyHint: true on a tool whose prose or name writes', () => {
    expect(checkAnnotations({ name: 'x', description: 'Sends an email.', annotations: { readOnlyHint: true } })).toMatchObject([{ kind: 'read-only-contradicted', cue: 'Sends' }]);
    expect(checkAnnotations({ name: 'create_issue', description: 'An issue in a repository.', annotations: { readOnlyHint: true } })).toMatchObject([
      { kind: 'read-only-contradicted', source: 'name', cue: 'create_issue' },
    ]);
  });

  it('reports a warning on a tool with no annotations, but not a plain delete', () => {
    expect(checkAnnotations({ name: 'purge', description: 'Purges the cache. This cannot be undone.' })).toMatchObject([{ kind: 'annotations-missing' }]);
    expect(checkAnnotations({ name: 'delete_file', description: 'Deletes a file.' })).toEqual([]);
  });

  it('leaves agreeing annotations, negations and hand-offs alone', () => {
    expect(checkAnnotations({ name: 'delete_file', description: 'Deletes a file.', annotations: { destructiveHint: true } })).toEqual([]);
    expect(checkAnnotations({ name: 'write_note', description: 'Adds a note; never overwrites an existing one.', annotations: { destructiveHint: false } })).toEqual([]);
    expect(checkAnnotations({ name: 'list_deleted', description: 'Lists deleted files.', annotations: { readOnlyHint: true } })).toEqual([]);
    expect(checkAnnotations({ name: 'preview', description: 'Shows what would change. Use apply_changes to overwrite the files.', annotations: { readOnlyHint: true } })).toEqual([]);
    // The hand-off comes after the harm: "To … instead, use X." is about X.
    expect(checkAnnotations({ name: 'close_hive', description: 'Closes a hive for winter; reopen it with open_hive. To permanently remove a hive instead, use delete_hive.', annotations: { destructiveHint: false } })).toEqual([]);
    expect(checkAnnotations({ name: 'remove_hive', description: 'Removes a hive. The hive is permanently removed.', annotations: { destructiveHint: false } })).toMatchObject([{ kind: 'destructive-hint-false' }]);
  });

  it('reads the verb of a name after a prefix', () => {
    expect(getNameVerb('github_create_issue')).toBe('create');
    expect(getNameVerb('sendMessage')).toBe('send');
    expect(getNameVerb('weather')).toBeUndefined();
  });
});
