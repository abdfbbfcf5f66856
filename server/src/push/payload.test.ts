import { describe, expect, it } from 'vitest';
import { pushPayload } from './payload.ts';

const bob = { acct: 'bob', avatar: 'https://i.example/bob.png' };
const status = (text: string, extra: object = {}) => ({
  visibility: 'public',
  spoiler_text: '',
  pleroma: { content: { 'text/plain': text } },
  ...extra,
});

describe('pushPayload', () => {
  it('names who did what, with the post’s words', () => {
    expect(
      pushPayload(
        { id: '9', type: 'mention', account: bob, status: status('hi @alice') },
        { hideContents: false },
      ),
    ).toEqual({
      title: 'New Mention',
      body: '@bob: hi @alice',
      icon: 'https://i.example/bob.png',
      notification_id: '9',
      notification_type: 'mention',
    });
  });

  it('calls a direct mention a direct message and shows a content warning, not the text', () => {
    const payload = pushPayload(
      {
        id: '9',
        type: 'mention',
        account: bob,
        status: status('the hidden part', { visibility: 'direct', spoiler_text: 'spoilers' }),
      },
      { hideContents: false },
    );
    expect(payload.title).toBe('New Direct Message');
    expect(payload.body).toBe('@bob: spoilers');
  });

  it('shortens long posts to 140 characters', () => {
    const { body } = pushPayload(
      { id: '1', type: 'reblog', account: bob, status: status('x'.repeat(300)) },
      { hideContents: false },
    );
    expect(body).toHaveLength(140);
    expect(body.endsWith('…')).toBe(true);
  });

  it('keeps the kind but hides the words when the recipient hides contents', () => {
    const payload = pushPayload(
      { id: '1', type: 'favourite', account: bob, status: status('private words') },
      { hideContents: true },
    );
    expect(payload.title).toBe('New Favorite');
    expect(payload.body).toBe('You have a new notification.');
  });

  it('names the new account of a move', () => {
    expect(
      pushPayload(
        { id: '1', type: 'move', account: bob, target: { acct: 'bob@new.example' } },
        { hideContents: false },
      ).body,
    ).toBe('@bob moved to @bob@new.example');
  });
});
