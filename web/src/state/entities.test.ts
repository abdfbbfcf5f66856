import { describe, expect, it } from 'vitest';
import { parseStatus } from '../api/schemas/index.ts';
import { denormalizeStatus, useEntities } from './entities.ts';

const account = (id: string) => ({
  id,
  username: `u${id}`,
  acct: `u${id}`,
  display_name: `U${id}`,
});
const rawStatus = (id: string, extra: object = {}) => ({
  id,
  content: `<p>${id}</p>`,
  created_at: '2026-01-01T00:00:00.000Z',
  visibility: 'public',
  account: account(`a${id}`),
  ...extra,
});

describe('entity store', () => {
  it('keeps one copy of a repeated status, so a change shows through the repeat too', () => {
    const original = parseStatus(rawStatus('1'));
    const repeat = parseStatus(rawStatus('2', { reblog: rawStatus('1') }));
    if (!original || !repeat) throw new Error('fixtures must parse');
    useEntities.getState().ingestStatuses([original, repeat]);
    useEntities.getState().patchStatus('1', { favourited: true, favouritesCount: 1 });
    const seenThroughRepeat = denormalizeStatus('2')?.reblog;
    expect(seenThroughRepeat?.favourited).toBe(true);
    expect(seenThroughRepeat?.favouritesCount).toBe(1);
    expect(useEntities.getState().statuses['2']?.reblogId).toBe('1');
  });

  it('returns the previous value of a patch so an optimistic change can be rolled back', () => {
    const status = parseStatus(rawStatus('3'));
    if (!status) throw new Error('fixture must parse');
    useEntities.getState().ingestStatuses([status]);
    const before = useEntities.getState().patchStatus('3', { bookmarked: true });
    expect(before?.bookmarked).toBe(false);
    if (before) useEntities.getState().patchStatus('3', before);
    expect(useEntities.getState().statuses['3']?.bookmarked).toBe(false);
  });
});
