import type { ProfileImageKind } from '../../lib/profileImageLimits.ts';

export type CroppedKind = Exclude<ProfileImageKind, 'background'>;

/**
 * The crop each kind gets: the avatar square, the banner as wide as the profile header shows it
 * (a 3:1 strip); at most these pixels, which is plenty for how large they are shown.
 */
export const CROP_SHAPES: Record<
  CroppedKind,
  { aspect: number; max: { width: number; height: number } }
> = {
  avatar: { aspect: 1, max: { width: 400, height: 400 } },
  header: { aspect: 3, max: { width: 1500, height: 500 } },
};

export interface CroppedImage {
  file: File;
  width: number;
  height: number;
}
