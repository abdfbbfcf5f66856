// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../api/types.ts';
import { useEntities } from '../state/entities.ts';
import { DEFAULT_PREFERENCES, usePreferences } from '../state/preferences.ts';
import { useSession } from '../state/session.ts';
import { RichContent } from './RichContent.tsx';

const bob = {
  id: '42',
  username: 'bob',
  acct: 'bob@far.example',
  url: 'https://far.example/users/bob',
};
const html = `<p>hi <a class="u-url mention" href="${bob.url}">@<span>bob</span></a></p>`;

function renderPost() {
  return render(<RichContent html={html} mentions={[bob]} />).container;
}
const link = (container: HTMLElement) => container.querySelector('a')!;

describe('mention links follow the mention preferences', () => {
  beforeEach(() => usePreferences.setState(DEFAULT_PREFERENCES));
  afterEach(() => useSession.getState().signOut());

  it('reads short, full or as written, and changes at once', () => {
    const container = renderPost();
    expect(link(container).textContent).toBe('@bob');
    act(() => usePreferences.setState({ mentionLinkDisplay: 'full' }));
    expect(link(container).textContent).toBe('@bob@far.example');
    act(() => usePreferences.setState({ mentionLinkDisplay: 'default' }));
    expect(link(container).textContent).toBe('@bob');
    expect(link(container).getAttribute('href')).toBe('/users/42');
  });

  it('fades the domain only when asked', () => {
    usePreferences.setState({ mentionLinkDisplay: 'full' });
    const container = renderPost();
    expect(link(container).querySelector('span')?.className).toMatch(/faded/i);
    act(() => usePreferences.setState({ mentionLinkFadeDomain: false }));
    expect(link(container).querySelector('span')?.className ?? '').toBe('');
  });

  it('shows the full handle as a tooltip only when asked', () => {
    const container = renderPost();
    expect(link(container).getAttribute('title')).toBe('@bob@far.example');
    act(() => usePreferences.setState({ mentionLinkShowTooltip: false }));
    expect(link(container).hasAttribute('title')).toBe(false);
  });

  it('marks mentions of the signed-in user: bold, and "(you)" when asked', () => {
    useSession.getState().signIn('token', { id: '42', username: 'bob' } as Account);
    const container = renderPost();
    expect(link(container).className).toMatch(/you/);
    expect(link(container).textContent).toBe('@bob');
    act(() => usePreferences.setState({ mentionLinkShowYous: true, mentionLinkBoldenYou: false }));
    expect(link(container).textContent).toBe('@bob (you)');
    expect(link(container).className).not.toMatch(/you/);
  });

  it('never marks a mention of somebody else', () => {
    useSession.getState().signIn('token', { id: '7', username: 'alice' } as Account);
    usePreferences.setState({ mentionLinkShowYous: true });
    const container = renderPost();
    expect(link(container).textContent).toBe('@bob');
    expect(link(container).className).not.toMatch(/you/);
  });

  it('shows a small avatar of a known account when asked', () => {
    useEntities.getState().ingestAccounts([{ ...bob, avatarStatic: '/a/bob.png' } as Account]);
    const container = renderPost();
    expect(link(container).querySelector('img')).toBeNull();
    act(() => usePreferences.setState({ mentionLinkShowAvatar: true }));
    expect(link(container).querySelector('img')?.getAttribute('src')).toBe('/a/bob.png');
  });

  it('puts an @ icon in place of the @ character, still read out as @', () => {
    const container = renderPost();
    expect(link(container).querySelector('svg')).toBeNull();
    act(() => usePreferences.setState({ useAtIcon: true }));
    expect(link(container).querySelector('svg')).not.toBeNull();
    expect(link(container).textContent).toBe('@bob');
    expect(link(container).firstChild?.nodeName).toBe('svg');
  });
});
