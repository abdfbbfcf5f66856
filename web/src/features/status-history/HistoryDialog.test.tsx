// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryDialog } from './HistoryDialog.tsx';

const version = (content: string, media: object[]) => ({
  content,
  spoiler_text: '',
  sensitive: false,
  created_at: '2026-01-01T00:00:00.000Z',
  account: null,
  media_attachments: media,
  emojis: [],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HistoryDialog', () => {
  it("shows each version's attachments as thumbnails, not as a count", async () => {
    const photo = (id: string) => ({
      id,
      type: 'image',
      url: `https://starling.test/media/${id}.png`,
      preview_url: `https://starling.test/media/${id}-small.png`,
      description: `photo ${id}`,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify([
              version('<p>first</p>', []),
              version('<p>second</p>', [photo('a'), photo('b')]),
            ]),
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    render(<HistoryDialog statusId="1" onClose={() => undefined} />);
    const list = await screen.findByRole('list', { name: '2 attachments' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'View media 1 of 2: photo a',
      'View media 2 of 2: photo b',
    ]);
    expect(list.querySelectorAll('img')[0]?.getAttribute('src')).toBe(
      'https://starling.test/media/a-small.png',
    );
    expect(screen.queryByText('2 attachments')).toBeNull();
  });
});
