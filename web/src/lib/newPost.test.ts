import { describe, expect, it } from 'vitest';
import { descriptionsToSave, newPostBody, type PostFields } from './newPost.ts';
import { DEFAULT_POLL_LIMITS, newPollDraft } from './pollDraft.ts';
import { plainFields } from './testPostFields.ts';

const fields = (over: Partial<PostFields> = {}): PostFields => ({
  ...plainFields('hello'),
  ...over,
});

describe('a new post', () => {
  it('is the JSON a Pleroma server takes, naming only what was given', () => {
    expect(newPostBody(fields({ attachments: [{ id: 'm1' }] }), DEFAULT_POLL_LIMITS)).toEqual({
      status: 'hello',
      spoiler_text: '',
      visibility: 'public',
      sensitive: false,
      content_type: 'text/plain',
      media_ids: ['m1'],
    });
  });

  it('a reply names what it answers; a poll goes normalised', () => {
    const poll = { ...newPollDraft(), options: ['tea', ' tea', 'coffee', ''] };
    expect(newPostBody(fields({ poll }), DEFAULT_POLL_LIMITS, '5')).toMatchObject({
      in_reply_to_id: '5',
      poll: { options: ['tea', 'coffee'], expires_in: 600, multiple: false },
    });
  });

  it('saves first only the descriptions changed and not blank', () => {
    const attachments = [
      { id: 'a', description: null },
      { id: 'b', description: 'same' },
      { id: 'c', description: 'old' },
    ];
    const descriptions = { a: '  ', b: 'same', c: ' new ' };
    expect(descriptionsToSave(fields({ attachments, descriptions }))).toEqual([['c', 'new']]);
  });
});
