// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStatus } from '../../api/schemas/index.ts';
import type { Notification } from '../../api/types.ts';
import { useEntities } from '../../state/entities.ts';
import { testAccount } from '../navigation/testSupport.ts';
import { NotificationItem } from './NotificationItem.tsx';

const bob = testAccount({ id: 'b', username: 'bob', acct: 'bob', display_name: 'Bob' });
const moonbeam = {
  shortcode: 'moonbeam',
  url: 'https://starling.test/emoji/moonbeam.png',
  static_url: 'https://starling.test/emoji/moonbeam.png',
  visible_in_picker: true,
};

function liked(statusExtra: object): Notification {
  const status = parseStatus({
    id: 's1',
    content: '<p>under the :moonbeam: tonight</p>',
    created_at: '2026-01-01T00:00:00.000Z',
    visibility: 'public',
    account: { id: 'me', username: 'me', acct: 'me', url: 'https://starling.test/users/me' },
    emojis: [moonbeam],
    ...statusExtra,
  });
  if (!status) throw new Error('fixture must parse');
  act(() => useEntities.getState().ingestStatuses([status]));
  return {
    id: 'n1',
    type: 'like',
    createdAt: new Date().toISOString(),
    seen: true,
    muted: false,
    groupKey: null,
    account: bob,
    status: { id: 's1' } as Notification['status'],
    target: null,
    emoji: null,
    emojiUrl: null,
    chatMessage: null,
    report: null,
  };
}

afterEach(() => {
  cleanup();
  act(() => useEntities.getState().clear());
});

describe('NotificationItem previews of a post', () => {
  it('draw the post’s custom emoji as images, not as :shortcode: text', () => {
    const { container } = render(
      <NotificationItem notification={liked({})} canManageReports={false} />,
    );
    const preview = container.querySelector('a[href="/notice/s1"]')!;
    expect(preview.textContent).not.toContain(':moonbeam:');
    const image = preview.querySelector('img');
    expect(image?.getAttribute('src')).toBe(moonbeam.url);
    expect(image?.getAttribute('alt')).toBe(':moonbeam:');
  });

  it('draw them in a content warning too', () => {
    const { container } = render(
      <NotificationItem
        notification={liked({ spoiler_text: 'spoilers :moonbeam:' })}
        canManageReports={false}
      />,
    );
    const preview = container.querySelector('a[href="/notice/s1"]')!;
    expect(preview.querySelector('img')?.getAttribute('src')).toBe(moonbeam.url);
  });
});
