import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client.ts';
import { loadStaff, staffAcct } from './staff.ts';

describe('staffAcct', () => {
  it('uses the nickname for our own host and nickname@host for others', () => {
    expect(staffAcct('https://birds.example/users/admin', 'birds.example')).toBe('admin');
    expect(staffAcct('https://other.example/users/mod', 'birds.example')).toBe('mod@other.example');
    expect(staffAcct('not a url', 'birds.example')).toBeNull();
  });
});

const account = (id: string, username: string, extra: Record<string, unknown>) => ({
  id,
  username,
  acct: username,
  display_name: username,
  url: `https://birds.example/users/${username}`,
  avatar: '/a.png',
  created_at: '2024-01-01T00:00:00.000Z',
  pleroma: extra,
});

describe('loadStaff', () => {
  it('groups looked-up accounts into administrators and moderators, skipping failures', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
      const acct = new URL(String(input)).searchParams.get('acct');
      if (acct === 'admin') return Response.json(account('1', 'admin', { is_admin: true }));
      if (acct === 'moderator')
        return Response.json(account('2', 'moderator', { is_moderator: true }));
      return Response.json({ error: 'Not found' }, { status: 404 });
    });
    const client = createApiClient({
      baseUrl: 'https://birds.example',
      getToken: () => null,
      fetchImpl,
    });
    const staff = await loadStaff(
      client,
      [
        'https://birds.example/users/admin',
        'https://birds.example/users/moderator',
        'https://birds.example/users/gone',
      ],
      'birds.example',
    );
    expect(staff.admins.map((a) => a.username)).toEqual(['admin']);
    expect(staff.moderators.map((a) => a.username)).toEqual(['moderator']);
  });
});
