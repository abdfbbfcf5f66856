/** The instance's upload limits for profile images (spec part 2, §5; API notes: v1 instance). */
import { fileTooBigArgs } from './fileSize.ts';

export type ProfileImageKind = 'avatar' | 'header' | 'background';

/** Bytes; 0 (or less) means the instance named no such limit. */
export interface UploadLimits {
  general: number;
  avatar: number;
  banner: number;
  background: number;
}

const LIMIT_OF: Record<ProfileImageKind, keyof UploadLimits> = {
  avatar: 'avatar',
  header: 'banner',
  background: 'background',
};

/** The kind's own limit when the instance names one, else the general upload limit; 0: none. */
export function uploadLimitFor(kind: ProfileImageKind, limits: UploadLimits): number {
  const own = limits[LIMIT_OF[kind]];
  if (Number.isFinite(own) && own > 0) return own;
  return Number.isFinite(limits.general) && limits.general > 0 ? limits.general : 0;
}

/** The "File too big" message's arguments when a file of `size` bytes is over its kind's limit. */
export function oversizedProfileImage(
  size: number,
  kind: ProfileImageKind,
  limits: UploadLimits,
): ReturnType<typeof fileTooBigArgs> | null {
  const limit = uploadLimitFor(kind, limits);
  return limit > 0 && size > limit ? fileTooBigArgs(size, limit) : null;
}
