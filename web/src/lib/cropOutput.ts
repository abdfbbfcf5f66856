/** What a profile image crop draws: which source pixels, at what size, in what format. */

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CropPlan {
  /** The part of the source image to draw, in whole pixels inside the image. */
  source: PixelRect;
  /** The canvas size: the source scaled down (never up) to fit the maximum, at the aspect. */
  width: number;
  height: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * Plans the crop of `area` (the cropper's rectangle in the image's natural pixels) out of an
 * image of `image` size. The output keeps `aspect` (width / height) exactly — a 1:1 avatar comes
 * out square — and fits within `max`; a small crop is not enlarged.
 */
export function planCrop(
  area: PixelRect,
  image: { width: number; height: number },
  aspect: number,
  max: { width: number; height: number },
): CropPlan {
  const imageWidth = Math.max(1, Math.round(image.width));
  const imageHeight = Math.max(1, Math.round(image.height));
  const x = clamp(Math.round(area.x), 0, imageWidth - 1);
  const y = clamp(Math.round(area.y), 0, imageHeight - 1);
  const sourceWidth = clamp(Math.round(area.width), 1, imageWidth - x);
  const sourceHeight = clamp(Math.round(area.height), 1, imageHeight - y);
  const source = { x, y, width: sourceWidth, height: sourceHeight };

  const ratio = Number.isFinite(aspect) && aspect > 0 ? aspect : sourceWidth / sourceHeight;
  // The widest output the source, the maximum and the aspect all allow.
  const widest = Math.min(sourceWidth, sourceHeight * ratio, max.width, max.height * ratio);
  let width = Math.max(1, Math.floor(widest));
  let height = Math.max(1, Math.round(width / ratio));
  if (height > max.height) {
    height = Math.max(1, Math.floor(max.height));
    width = Math.max(1, Math.round(height * ratio));
  }
  return { source, width, height };
}

export type CropOutputType = 'image/png' | 'image/jpeg' | 'image/webp';

/** PNG stays PNG (and a GIF's transparency survives as PNG), WebP stays WebP, the rest JPEG. */
export function cropOutputType(inputType: string): CropOutputType {
  const type = inputType.toLowerCase();
  if (type === 'image/png' || type === 'image/gif' || type === 'image/apng') return 'image/png';
  if (type === 'image/webp') return 'image/webp';
  return 'image/jpeg';
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The cropped file's name: the original's name with the extension of what was written. */
export function croppedFileName(original: string, type: string): string {
  const base = original.replace(/\.[^./\\]*$/, '') || 'image';
  return `${base}.${EXTENSIONS[type] ?? 'png'}`;
}
