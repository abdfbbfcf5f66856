// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useModals } from '../../state/modals.ts';
import { DEFAULT_PREFERENCES, usePreferences } from '../../state/preferences.ts';
import { resetNavigationStores, signInAs, testAccount } from '../navigation/testSupport.ts';
import { UserCard } from './UserCard.tsx';

beforeEach(() => {
  resetNavigationStores();
  usePreferences.setState(DEFAULT_PREFERENCES);
});
afterEach(cleanup);

const bob = () =>
  testAccount({
    id: '9',
    username: 'bob',
    acct: 'bob',
    statuses_count: 1234,
    followers_count: 5678,
    following_count: 91,
  });

describe('UserCard with hideUserStats', () => {
  it('shows the post, following and follower counts by default', () => {
    render(<UserCard account={bob()} variant="profile" onSelectTab={() => {}} />);
    expect(screen.getByText('1234')).toBeTruthy();
    expect(screen.getByText('5678')).toBeTruthy();
    expect(screen.getByText('91')).toBeTruthy();
  });

  it('hides every count, and the posts-per-day, at once when the preference is on', () => {
    const { container } = render(<UserCard account={bob()} variant="popover" />);
    const before = container.textContent ?? '';
    act(() => usePreferences.setState({ hideUserStats: true }));
    const text = container.textContent ?? '';
    for (const count of ['1234', '5678', '91']) {
      expect(before).toContain(count);
      expect(text).not.toContain(count);
    }
    expect(before).toMatch(/per day/);
    expect(text).not.toMatch(/per day/);
    expect(text).toContain('bob');
  });
});

describe('UserCard on the own account', () => {
  it('"Edit profile" opens the settings on the profile tab', () => {
    const me = signInAs({ id: '9', username: 'bob' });
    render(<UserCard account={me} variant="profile" onSelectTab={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(useModals.getState().settings).toMatchObject({ targetTab: 'profile' });
    act(() => useModals.getState().closeSettings());
  });
});

describe('UserCard banner', () => {
  const withHeader = (header: string) => testAccount({ id: '9', username: 'bob', header });
  const bannerOf = (container: HTMLElement) =>
    container.querySelector<HTMLElement>('[data-user-card] > div')?.style.backgroundImage ?? '';

  it('shows an http(s) banner', () => {
    const { container } = render(
      <UserCard account={withHeader('https://example.org/banner.png')} variant="popover" />,
    );
    expect(bannerOf(container)).toContain('https://example.org/banner.png');
  });

  it('drops a banner an avatar would refuse (script, data, another site without a scheme)', () => {
    for (const header of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/t.png',
    ]) {
      const { container, unmount } = render(
        <UserCard account={withHeader(header)} variant="popover" />,
      );
      expect(bannerOf(container)).toBe('');
      unmount();
    }
  });
});

describe('UserCard of a deactivated account', () => {
  it('shows Mute and Mention, both disabled (spec part 2, §4)', async () => {
    signInAs({ id: '1', username: 'alice' });
    const gone = testAccount({ id: '9', username: 'bob', suspended: true });
    render(<UserCard account={gone} variant="profile" onSelectTab={() => {}} />);
    expect(screen.getByRole('button', { name: 'Mute' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Account actions' }));
    const mention = await screen.findByRole('menuitem', { name: 'Mention' });
    expect(mention.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(mention);
    expect(useModals.getState().composer).toBeNull();
  });
});

describe('UserCard handle on an internationalised host', () => {
  it('shows the host in Unicode, warning when its letters can pass for Latin ones', () => {
    const remote = (acct: string) =>
      testAccount({ id: '9', username: 'eve', acct, url: `https://host.example/users/eve` });
    const lookalike = render(
      <UserCard account={remote('eve@xn--80ak6aa92e.com')} variant="popover" />,
    );
    expect(lookalike.container.textContent).toContain('@eve@аррӏе.com');
    expect(
      screen.getByText(/Careful: this address's server name uses letters that can pass for others/)
        .textContent,
    ).toContain('eve@xn--80ak6aa92e.com');
    lookalike.unmount();
    const plain = render(
      <UserCard account={remote('anna@xn--mnchen-3ya.example')} variant="popover" />,
    );
    expect(plain.container.textContent).toContain('@anna@münchen.example');
    expect(plain.container.textContent).not.toContain('Careful');
  });
});

describe('UserCard heading', () => {
  const withEmoji = () =>
    testAccount({
      id: '9',
      username: 'bob',
      display_name: 'Bob :featherheart:',
      emojis: [
        {
          shortcode: 'featherheart',
          url: 'https://starling.test/emoji/featherheart.png',
          static_url: 'https://starling.test/emoji/featherheart.png',
          visible_in_picker: true,
        },
      ],
    });

  it("is the profile page's h1, with the display name's custom emoji drawn as images", () => {
    render(<UserCard account={withEmoji()} variant="profile" onSelectTab={() => {}} />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Bob ');
    expect(heading.querySelector('img')?.getAttribute('src')).toContain('featherheart.png');
    expect(heading.querySelector('img')?.getAttribute('alt')).toBe(':featherheart:');
  });

  it('is a second-level heading in a popover', () => {
    render(<UserCard account={withEmoji()} variant="popover" />);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).querySelector('img')).toBeTruthy();
  });
});
