import { describe, expect, it } from 'vitest';
import { testAccount } from '../features/navigation/testSupport.ts';
import { unsavedChanges } from './profileSave.ts';

const before = testAccount({
  display_name: 'Alice',
  source: { note: 'Hi', fields: [{ name: 'Site', value: 'a.example' }], privacy: 'public' },
});

describe('unsavedChanges', () => {
  it('names the changes the returned account does not show (a server that ignored them)', () => {
    const asked = {
      displayName: 'Alice Liddell',
      note: 'Down the rabbit hole',
      fields: [{ name: 'Site', value: 'b.example' }],
    };
    expect(unsavedChanges(before, asked, before)).toEqual(['displayName', 'note', 'fields']);
  });

  it('is empty when the server applied them, spelled as servers spell them', () => {
    const after = testAccount({
      display_name: 'Alice Liddell',
      source: { note: 'Line one\nline two', fields: [], privacy: 'unlisted' },
    });
    const asked = {
      displayName: ' Alice Liddell ',
      note: 'Line one\r\nline two',
      fields: [{ name: '', value: '' }],
      defaultScope: 'unlisted' as const,
    };
    expect(unsavedChanges(before, asked, after)).toEqual([]);
  });

  it('checks only what was changed, and what the account tells', () => {
    // The form sends everything; unchanged values say nothing about the server.
    expect(unsavedChanges(before, { displayName: 'Alice', note: 'Hi' }, before)).toEqual([]);
    // A server answering no source block cannot be judged on the bio.
    const bare = testAccount({ display_name: 'Alice' });
    expect(unsavedChanges(before, { note: 'New bio' }, bare)).toEqual([]);
    // Birthday: no birthday is null, whatever the server.
    expect(unsavedChanges(before, { birthday: '' }, bare)).toEqual([]);
    expect(unsavedChanges(before, { birthday: '1990-05-01' }, bare)).toEqual(['birthday']);
  });
});
