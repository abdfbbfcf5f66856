import { describe, expect, it } from 'vitest';
import { mentionLinkText } from './mentionLink.ts';

const remote = { username: 'bob', acct: 'bob@far.example', url: 'https://far.example/users/bob' };
const local = { username: 'alice', acct: 'alice', url: 'https://home.example/users/alice' };

describe('mentionLinkText', () => {
  it('short shows only the name, whatever the server wrote', () => {
    expect(mentionLinkText(remote, 'short', '@bob@far.example')).toEqual({
      name: 'bob',
      domain: null,
      handle: 'bob@far.example',
    });
  });

  it('full shows the domain, taking a local account’s from its profile URL', () => {
    expect(mentionLinkText(remote, 'full', '@bob')).toMatchObject({
      name: 'bob',
      domain: 'far.example',
    });
    expect(mentionLinkText(local, 'full', '@alice')).toEqual({
      name: 'alice',
      domain: 'home.example',
      handle: 'alice@home.example',
    });
  });

  it('default keeps what the server wrote', () => {
    expect(mentionLinkText(remote, 'default', '@bob')).toMatchObject({ name: 'bob', domain: null });
    expect(mentionLinkText(remote, 'default', '@bob@far.example')).toMatchObject({
      name: 'bob',
      domain: 'far.example',
    });
  });

  it('falls back to the acct when the URL has no host', () => {
    expect(mentionLinkText({ ...local, url: 'not a url' }, 'full', '')).toEqual({
      name: 'alice',
      domain: null,
      handle: 'alice',
    });
  });
});
