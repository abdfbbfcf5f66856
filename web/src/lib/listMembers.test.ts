import { describe, expect, it } from 'vitest';
import {
  addMember,
  draftRows,
  emptyDraft,
  hasMemberChanges,
  memberChanges,
  memberState,
  removeMember,
  undoMember,
  willBeMember,
  withSaved,
} from './listMembers.ts';

describe('the list editor’s member draft', () => {
  it('marks a saved member removed, and undo keeps it with nothing to send', () => {
    const saved = emptyDraft(['alice', 'bob']);
    const removed = removeMember(saved, 'bob');
    expect(memberState(removed, 'bob')).toBe('removed');
    expect(willBeMember(removed, 'bob')).toBe(false);
    expect(memberChanges(removed)).toEqual({ add: [], remove: ['bob'] });
    const undone = undoMember(removed, 'bob');
    expect(memberState(undone, 'bob')).toBe('member');
    expect(hasMemberChanges(undone)).toBe(false);
  });

  it('adds a picked account, and undo drops it again', () => {
    const added = addMember(emptyDraft(['alice']), 'carol');
    expect(memberState(added, 'carol')).toBe('added');
    expect(willBeMember(added, 'carol')).toBe(true);
    expect(memberChanges(added)).toEqual({ add: ['carol'], remove: [] });
    expect(draftRows(added)).toEqual(['alice', 'carol']);
    const undone = undoMember(added, 'carol');
    expect(memberState(undone, 'carol')).toBe('none');
    expect(draftRows(undone)).toEqual(['alice']);
    expect(hasMemberChanges(undone)).toBe(false);
  });

  it('picking a removed member from the search keeps it rather than adding it twice', () => {
    const draft = addMember(removeMember(emptyDraft(['alice']), 'alice'), 'alice');
    expect(memberState(draft, 'alice')).toBe('member');
    expect(memberChanges(draft)).toEqual({ add: [], remove: [] });
  });

  it('adding a member or an account already picked changes nothing', () => {
    const draft = addMember(emptyDraft(['alice']), 'carol');
    expect(addMember(draft, 'alice')).toBe(draft);
    expect(addMember(draft, 'carol')).toBe(draft);
    expect(undoMember(draft, 'alice')).toBe(draft);
    expect(removeMember(draft, 'nobody')).toBe(draft);
  });

  it('sends both calls’ ids together, in the order chosen', () => {
    let draft = emptyDraft(['alice', 'bob', 'carol']);
    draft = removeMember(draft, 'carol');
    draft = addMember(draft, 'erin');
    draft = removeMember(draft, 'alice');
    draft = addMember(draft, 'dave');
    expect(memberChanges(draft)).toEqual({ add: ['erin', 'dave'], remove: ['carol', 'alice'] });
    expect(draftRows(draft)).toEqual(['alice', 'bob', 'carol', 'erin', 'dave']);
  });

  it('after saving, done choices clear and those the server refused stay pending', () => {
    let draft = emptyDraft(['alice', 'bob']);
    draft = removeMember(draft, 'bob');
    draft = addMember(draft, 'dave');
    draft = addMember(draft, 'stranger');
    // The server took dave and dropped bob, but refused the stranger (not followed).
    const after = withSaved(draft, ['alice', 'dave']);
    expect(after).toEqual({ saved: ['alice', 'dave'], removed: [], added: ['stranger'] });
    expect(memberChanges(after)).toEqual({ add: ['stranger'], remove: [] });
    expect(hasMemberChanges(withSaved(draft, ['alice', 'dave', 'stranger']))).toBe(false);
  });
});
