import { describe, expect, it } from 'vitest';
import type { Visibility } from '../api/types.ts';
import {
  canDelete,
  canEdit,
  canPin,
  canRepeat,
  canReport,
  canSeeHistory,
  type Viewer,
} from './statusPermissions.ts';

const me: Viewer = { id: 'me', privileges: [] };
const moderator: Viewer = { id: 'mod', privileges: ['messages_delete', 'reports_manage_reports'] };
const post = (authorId: string, visibility: Visibility = 'public', edited = false) => ({
  authorId,
  visibility,
  edited,
});

describe('who may do what on a post', () => {
  it('repeats public and unlisted posts only', () => {
    expect(canRepeat(post('x', 'public'))).toBe(true);
    expect(canRepeat(post('x', 'unlisted'))).toBe(true);
    expect(canRepeat(post('x', 'private'))).toBe(false);
    expect(canRepeat(post('x', 'direct'))).toBe(false);
  });
  it('pins only own public or unlisted posts', () => {
    expect(canPin(me, post('me', 'public'))).toBe(true);
    expect(canPin(me, post('me', 'unlisted'))).toBe(true);
    expect(canPin(me, post('me', 'private'))).toBe(false);
    expect(canPin(me, post('other', 'public'))).toBe(false);
    expect(canPin(null, post('me'))).toBe(false);
  });
  it('edits own posts when the instance supports editing; history needs an edit', () => {
    expect(canEdit(me, post('me'), true)).toBe(true);
    expect(canEdit(me, post('me'), false)).toBe(false);
    expect(canEdit(me, post('other'), true)).toBe(false);
    expect(canSeeHistory(post('x', 'public', true), true)).toBe(true);
    expect(canSeeHistory(post('x', 'public', false), true)).toBe(false);
    expect(canSeeHistory(post('x', 'public', true), false)).toBe(false);
  });
  it('deletes own posts, or any with messages_delete', () => {
    expect(canDelete(me, post('me'))).toBe(true);
    expect(canDelete(me, post('other'))).toBe(false);
    expect(canDelete(moderator, post('other'))).toBe(true);
    expect(canDelete(null, post('me'))).toBe(false);
  });
  it("reports other people's posts when signed in", () => {
    expect(canReport(me, post('other'))).toBe(true);
    expect(canReport(me, post('me'))).toBe(false);
    expect(canReport(null, post('other'))).toBe(false);
  });
});
