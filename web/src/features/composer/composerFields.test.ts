import { describe, expect, it } from 'vitest';
import {
  clearedFields,
  freshFields,
  startingContentType,
  type StartingPoint,
} from './composerFields.ts';

const start = (overrides: Partial<StartingPoint> = {}): StartingPoint => ({
  replyTo: null,
  ownAcct: 'alice',
  defaultScope: 'unlisted',
  accountSensitive: false,
  postFormats: ['text/plain', 'text/markdown'],
  instanceContentType: 'text/plain',
  preferences: {
    scopeCopy: true,
    postContentType: '',
    sensitiveByDefault: false,
    subjectLineBehavior: 'email',
  },
  ...overrides,
});

const reply = {
  id: 's1',
  visibility: 'private',
  spoilerText: 'birds',
  authorAcct: 'bob',
  mentionAccts: ['alice', 'carol'],
};

describe('freshFields', () => {
  it('starts a new post with the default scope, the message and nothing else', () => {
    const fields = freshFields(start({ message: 'hello' }));
    expect(fields).toMatchObject({ text: 'hello', spoilerText: '', visibility: 'unlisted' });
    expect(fields.poll).toBeNull();
    expect(fields.attachments).toEqual([]);
  });

  it("starts a reply with the original's scope, its people and its subject", () => {
    const fields = freshFields(start({ replyTo: reply }));
    expect(fields.text).toBe('@bob @carol ');
    expect(fields.spoilerText).toBe('re: birds');
    expect(fields.visibility).toBe('private');
  });

  it('uses the default scope for a reply when scope copying is off, except for direct', () => {
    const off = (visibility: string) =>
      freshFields(
        start({
          replyTo: { ...reply, visibility },
          preferences: { ...start().preferences, scopeCopy: false },
        }),
      ).visibility;
    expect(off('private')).toBe('unlisted');
    expect(off('direct')).toBe('direct');
  });

  it('marks media sensitive when the preference or the account says so', () => {
    expect(freshFields(start({ accountSensitive: true })).sensitive).toBe(true);
    expect(
      freshFields(start({ preferences: { ...start().preferences, sensitiveByDefault: true } }))
        .sensitive,
    ).toBe(true);
    expect(freshFields(start()).sensitive).toBe(false);
  });
});

describe('startingContentType', () => {
  it('takes the preferred format only when the instance accepts it', () => {
    expect(
      startingContentType('text/markdown', 'text/plain', ['text/plain', 'text/markdown']),
    ).toBe('text/markdown');
    expect(startingContentType('text/bbcode', 'text/plain', ['text/plain'])).toBe('text/plain');
    expect(startingContentType('', 'text/html', ['text/markdown'])).toBe('text/markdown');
  });
});

describe('clearedFields', () => {
  it('clears what was written but keeps the scope and the format', () => {
    const before = {
      ...freshFields(start()),
      text: 'posted',
      spoilerText: 'cw',
      visibility: 'direct' as const,
      contentType: 'text/markdown',
    };
    const after = clearedFields(before, start());
    expect(after).toMatchObject({
      text: '',
      spoilerText: '',
      visibility: 'direct',
      contentType: 'text/markdown',
    });
  });
});
