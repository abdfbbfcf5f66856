import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../api/types.ts';
import { fieldValue, formatAnnouncementTime } from '../../lib/announcements.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { useUnseen } from '../../state/unseen.ts';
import { enableLocaleFormats } from '../../ui/localeFormats.ts';
import { AnnouncementsScreen } from './AnnouncementsScreen.tsx';
import { useAnnouncements } from './announcementsSession.ts';

const ALL_DAY_START = '2026-12-01T00:00:00.000Z';
const ALL_DAY_END = '2026-12-03T00:00:00.000Z';

const raw = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  content: `<p>News ${id}</p>`,
  starts_at: null,
  ends_at: null,
  all_day: false,
  published_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  read: false,
  mentions: [],
  statuses: [],
  tags: [],
  emojis: [],
  reactions: [],
  pleroma: { raw_content: `News ${id}` },
  ...extra,
});

const RUNNING = [
  raw('1', {
    content: '<p>Welcome :starling:</p>',
    emojis: [
      {
        shortcode: 'starling',
        url: 'https://x.example/emoji/starling.png',
        static_url: 'https://x.example/emoji/starling.png',
        visible_in_picker: true,
      },
    ],
  }),
  raw('2', { all_day: true, starts_at: ALL_DAY_START, ends_at: ALL_DAY_END }),
];

type Handler = (body: unknown) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let sent: { call: string; body: unknown }[];

beforeEach(() => {
  enableLocaleFormats();
  sent = [];
  routes = {
    'GET /api/v1/announcements': () => Response.json(RUNNING),
    'POST /api/v1/announcements/1/dismiss': () => Response.json({}),
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'https://x.example').pathname}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ call, body });
    const handler = routes[call];
    return handler ? handler(body) : Response.json({ error: 'Not found' }, { status: 404 });
  });
  useInstance.setState({
    config: { ...DEFAULT_INSTANCE_CONFIG, announcementsAvailable: true },
    loaded: true,
  });
  signIn([]);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useAnnouncements.setState({ visible: [], all: null, loaded: false, error: null });
  useUnseen.getState().reset();
});

function signIn(privileges: string[] | null): void {
  useSession.setState(
    privileges
      ? { status: 'signedIn', token: 't', user: { id: 'me', privileges } as unknown as Account }
      : { status: 'anonymous', token: null, user: null },
  );
}

const item = (id: string) => document.querySelector<HTMLElement>(`[data-announcement-id="${id}"]`)!;

describe('AnnouncementsScreen', () => {
  it('shows the running ones with rich content, custom emoji and their times', async () => {
    render(<AnnouncementsScreen />);
    expect(await screen.findByText('Welcome')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Announcements', level: 1 })).toBeTruthy();
    expect(within(item('1')).getByAltText(':starling:')).toBeTruthy();
    expect(within(item('1')).getByText(/^Published/).textContent).toBe(
      `Published ${formatAnnouncementTime('2026-11-20T10:00:00.000Z', false)}`,
    );
    // All day: start and end as dates only.
    const allDay = within(item('2'));
    expect(allDay.getByText(/^Starts/).textContent).toBe(
      `Starts ${formatAnnouncementTime(ALL_DAY_START, true)}`,
    );
    expect(allDay.getByText(/^Ends/).textContent).toBe(
      `Ends ${formatAnnouncementTime(ALL_DAY_END, true)}`,
    );
    expect(within(item('1')).queryByText(/^Starts/)).toBeNull();
    // No managing controls for a member.
    expect(screen.queryByRole('form', { name: 'Post announcement' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('mark as read tells the server, clears the count and shows it read', async () => {
    render(<AnnouncementsScreen />);
    await screen.findByText('Welcome');
    expect(useUnseen.getState().announcements).toBe(2);
    fireEvent.click(within(item('1')).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(within(item('1')).getByText('Read')).toBeTruthy());
    expect(within(item('1')).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(useUnseen.getState().announcements).toBe(1);
    expect(sent.map((s) => s.call)).toContain('POST /api/v1/announcements/1/dismiss');
  });

  it('offers no mark as read to anonymous visitors', async () => {
    signIn(null);
    render(<AnnouncementsScreen />);
    await screen.findByText('Welcome');
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });

  it('says why when they could not be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    routes['GET /api/v1/announcements'] = () =>
      Response.json({ error: 'Down for a bit' }, { status: 503 });
    render(<AnnouncementsScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Announcements could not be loaded: Down for a bit',
    );
  });
});

describe('AnnouncementsScreen for a manager', () => {
  beforeEach(() => {
    signIn(['announcements_manage_announcements']);
    routes['GET /api/v1/pleroma/admin/announcements'] = () =>
      Response.json([raw('3', { starts_at: '2030-01-01T00:00:00.000Z' }), ...RUNNING]);
  });

  it('shows the inactive ones with mark as read disabled and the inactive message', async () => {
    render(<AnnouncementsScreen />);
    await screen.findByText('News 3');
    const button = within(item('3')).getByRole('button', { name: 'Mark as read' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(item('3')).getByText('This announcement is inactive')).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      (within(item('1')).getByRole('button', { name: 'Mark as read' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it('posts with empty dates as null, the form disabled while posting and cleared after', async () => {
    let deliver: (response: Response) => void = () => {};
    routes['POST /api/v1/pleroma/admin/announcements'] = () =>
      new Promise((resolve) => (deliver = resolve));
    render(<AnnouncementsScreen />);
    const form = await screen.findByRole('form', { name: 'Post announcement' });
    const text = within(form).getByRole('textbox', { name: 'Announcement text' });
    fireEvent.change(text, { target: { value: 'Fresh news' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'This is an all-day event' }));
    fireEvent.change(within(form).getByLabelText('Start time'), {
      target: { value: '2026-12-24' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Post' }));

    await waitFor(() => expect((text as HTMLTextAreaElement).disabled).toBe(true));
    expect((within(form).getByLabelText('Start time') as HTMLInputElement).disabled).toBe(true);
    expect((within(form).getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(sent.find((s) => s.call === 'POST /api/v1/pleroma/admin/announcements')?.body).toEqual({
      content: 'Fresh news',
      starts_at: new Date(2026, 11, 24).toISOString(),
      ends_at: null,
      all_day: true,
    });
    deliver(Response.json(raw('4', { content: '<p>Fresh news</p>' })));
    await waitFor(() => expect((text as HTMLTextAreaElement).disabled).toBe(false));
    expect((text as HTMLTextAreaElement).value).toBe('');
    expect((within(form).getByLabelText('Start time') as HTMLInputElement).value).toBe('');
  });

  it('a failed post says why on a line that closes', async () => {
    routes['POST /api/v1/pleroma/admin/announcements'] = () =>
      Response.json({ error: 'Validation failed' }, { status: 422 });
    render(<AnnouncementsScreen />);
    const form = await screen.findByRole('form', { name: 'Post announcement' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Announcement text' }), {
      target: { value: 'Oops' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Post' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Error: Validation failed');
    expect(
      (within(form).getByRole('textbox', { name: 'Announcement text' }) as HTMLTextAreaElement)
        .value,
    ).toBe('Oops');
    fireEvent.click(within(alert).getByRole('button', { name: 'Close the error' }));
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('edits from the source with submit and cancel, and deletes', async () => {
    render(<AnnouncementsScreen />);
    await screen.findByText('News 2');
    const announcement = within(item('2'));
    fireEvent.click(announcement.getByRole('button', { name: 'Edit' }));
    const editor = announcement.getByRole('form', { name: 'Edit announcement' });
    const text = within(editor).getByRole('textbox', { name: 'Announcement text' });
    expect((text as HTMLTextAreaElement).value).toBe('News 2');
    expect(
      (
        within(editor).getByRole('checkbox', {
          name: 'This is an all-day event',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    fireEvent.click(within(editor).getByRole('button', { name: 'Cancel' }));
    expect(announcement.queryByRole('form')).toBeNull();
    expect(announcement.getByText('News 2')).toBeTruthy();

    routes['PATCH /api/v1/pleroma/admin/announcements/2'] = () =>
      Response.json({ error: 'Not today' }, { status: 422 });
    fireEvent.click(announcement.getByRole('button', { name: 'Edit' }));
    fireEvent.change(announcement.getByRole('textbox', { name: 'Announcement text' }), {
      target: { value: 'News 2, edited' },
    });
    fireEvent.change(announcement.getByLabelText('End time'), { target: { value: '' } });
    fireEvent.click(announcement.getByRole('button', { name: 'Submit' }));
    const alert = await announcement.findByRole('alert');
    expect(alert.textContent).toContain('Error: Not today');
    fireEvent.click(within(alert).getByRole('button', { name: 'Close the error' }));
    expect(announcement.queryByRole('alert')).toBeNull();

    routes['PATCH /api/v1/pleroma/admin/announcements/2'] = () =>
      Response.json(raw('2', { content: '<p>News 2, edited</p>' }));
    fireEvent.click(announcement.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(announcement.queryByRole('form')).toBeNull());
    const patches = sent.filter((s) => s.call === 'PATCH /api/v1/pleroma/admin/announcements/2');
    expect(patches.at(-1)?.body).toEqual({
      content: 'News 2, edited',
      starts_at: new Date(`${fieldValue(ALL_DAY_START, true)}T00:00`).toISOString(),
      ends_at: null,
      all_day: true,
    });

    routes['DELETE /api/v1/pleroma/admin/announcements/2'] = () => Response.json({});
    fireEvent.click(announcement.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(sent.map((s) => s.call)).toContain('DELETE /api/v1/pleroma/admin/announcements/2'),
    );
  });
});
