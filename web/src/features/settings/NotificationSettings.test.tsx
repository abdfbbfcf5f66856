// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rawAccount, resetNavigationStores, signInAs } from '../navigation/testSupport.ts';
import { NotificationSettings } from './NotificationSettings.tsx';

const calls: string[] = [];
let stored = { block_from_strangers: false, hide_notification_contents: false };
let refuse = false;

beforeEach(() => {
  resetNavigationStores();
  calls.length = 0;
  stored = { block_from_strangers: false, hide_notification_contents: false };
  refuse = false;
  signInAs({ pleroma: { notification_settings: stored } });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/pleroma/notification_settings') {
      if (refuse) return Response.json({ error: 'nope' }, { status: 500 });
      stored = {
        ...stored,
        block_from_strangers: url.searchParams.get('block_from_strangers') === 'true',
      };
      return Response.json({ status: 'success' });
    }
    return Response.json(rawAccount({ pleroma: { notification_settings: stored } }));
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const strangers = () =>
  screen.getByRole('checkbox', { name: 'Only people I follow can notify me' }) as HTMLInputElement;

describe('NotificationSettings', () => {
  it('saves an option, then shows the value the server confirms and "Settings saved"', async () => {
    render(<NotificationSettings />);
    fireEvent.click(strangers());
    expect(strangers().disabled).toBe(true);
    await screen.findByText('Settings saved');
    expect(strangers().checked).toBe(true);
    expect(calls).toEqual([
      'PUT /api/pleroma/notification_settings?block_from_strangers=true',
      'GET /api/v1/accounts/verify_credentials',
    ]);
  });

  it('restores the old value with "Error saving settings" when the server refuses', async () => {
    refuse = true;
    render(<NotificationSettings />);
    fireEvent.click(strangers());
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toBe('Error saving settings');
    await waitFor(() => expect(strangers().checked).toBe(false));
  });
});
