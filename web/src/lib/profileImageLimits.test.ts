import { describe, expect, it } from 'vitest';
import { oversizedProfileImage, uploadLimitFor, type UploadLimits } from './profileImageLimits.ts';

const PLEROMA: UploadLimits = {
  general: 16_000_000,
  avatar: 2_000_000,
  banner: 4_000_000,
  background: 4_000_000,
};

describe('uploadLimitFor', () => {
  it("uses each kind's own limit (the banner is the header)", () => {
    expect(uploadLimitFor('avatar', PLEROMA)).toBe(2_000_000);
    expect(uploadLimitFor('header', { ...PLEROMA, banner: 3_000_000 })).toBe(3_000_000);
    expect(uploadLimitFor('background', { ...PLEROMA, background: 5_000_000 })).toBe(5_000_000);
  });

  it('falls back to the general limit when the kind has none', () => {
    const limits = { general: 8_000_000, avatar: 0, banner: Number.NaN, background: -1 };
    expect(uploadLimitFor('avatar', limits)).toBe(8_000_000);
    expect(uploadLimitFor('header', limits)).toBe(8_000_000);
    expect(uploadLimitFor('background', limits)).toBe(8_000_000);
  });

  it('is 0 (no limit) when the instance names none', () => {
    expect(uploadLimitFor('avatar', { general: 0, avatar: 0, banner: 0, background: 0 })).toBe(0);
  });
});

describe('oversizedProfileImage', () => {
  it('refuses a file over its own kind limit though under the general one, in readable units', () => {
    expect(oversizedProfileImage(3 * 1024 * 1024, 'avatar', PLEROMA)).toEqual({
      filesize: 3,
      filesizeunit: 'MiB',
      allowedsize: 1.91,
      allowedsizeunit: 'MiB',
    });
  });

  it('accepts a file at the limit or under it', () => {
    expect(oversizedProfileImage(2_000_000, 'avatar', PLEROMA)).toBeNull();
    expect(oversizedProfileImage(3_000_000, 'header', PLEROMA)).toBeNull();
  });

  it('checks against the general limit when the kind has none', () => {
    const limits = { ...PLEROMA, background: 0 };
    expect(oversizedProfileImage(10_000_000, 'background', limits)).toBeNull();
    expect(oversizedProfileImage(17_000_000, 'background', limits)?.allowedsizeunit).toBe('MiB');
  });

  it('accepts anything when there is no limit at all', () => {
    const none = { general: 0, avatar: 0, banner: 0, background: 0 };
    expect(oversizedProfileImage(1e12, 'avatar', none)).toBeNull();
  });
});
