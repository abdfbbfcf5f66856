import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseAccount, parseStatus } from '../../api/schemas/index.ts';
import type { Account } from '../../api/types.ts';
import { useEntities } from '../../state/entities.ts';
import { ReportDialog } from './ReportDialog.tsx';

const rawAccount = (id: string, acct: string) => ({
  id,
  username: acct.split('@')[0],
  acct,
  display_name: id,
  url: acct.includes('@') ? `https://${acct.split('@')[1]}/users/${id}` : `https://here.test/${id}`,
  pleroma: { is_local: !acct.includes('@') },
});
const rawStatus = (id: string, account: object, text: string) => ({
  id,
  content: `<p>${text}</p>`,
  created_at: `2026-01-0${id.slice(-1)}T00:00:00.000Z`,
  visibility: 'public',
  account,
});

function account(id: string, acct: string): Account {
  const parsed = parseAccount(rawAccount(id, acct));
  if (!parsed) throw new Error('fixture must parse');
  return parsed;
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => useEntities.getState().clear());
});

describe('ReportDialog', () => {
  it("lists the account's loaded posts, forwards to a remote instance and sends the choice", async () => {
    const remote = rawAccount('r', 'rook@far.example');
    const other = rawAccount('o', 'other');
    const statuses = [
      rawStatus('p1', remote, 'first remote post'),
      rawStatus('p2', remote, 'second remote post'),
      rawStatus('p3', other, 'not theirs'),
    ].map((raw) => parseStatus(raw)!);
    act(() => useEntities.getState().ingestStatuses(statuses));
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ id: '9', comment: 'spam' }), { status: 200 }),
    );
    const onClose = vi.fn();
    render(
      <ReportDialog
        account={account('r', 'rook@far.example')}
        initialStatusIds={['p1']}
        onClose={onClose}
      />,
    );

    expect(screen.getByRole('dialog', { name: 'Reporting @rook@far.example' })).toBeTruthy();
    expect(screen.queryByText('not theirs')).toBeNull();
    expect(
      (screen.getByRole('checkbox', { name: /first remote post/ }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /second remote post/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Forward to far.example' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'spam' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/v1/reports');
    expect(JSON.parse(String(init?.body))).toEqual({
      account_id: 'r',
      status_ids: ['p2', 'p1'],
      comment: 'spam',
      forward: true,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('has no forward option for local accounts and stays open with the generic error on failure', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"error":"boom"}', { status: 500 }));
    const onClose = vi.fn();
    render(<ReportDialog account={account('o', 'other')} onClose={onClose} />);
    expect(screen.queryByRole('checkbox', { name: /Forward/ })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    expect(screen.getByRole('alert').textContent).toBe(
      'An error occurred while processing your request.',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
