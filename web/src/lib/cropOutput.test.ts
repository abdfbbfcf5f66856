import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cropOutputType, croppedFileName, planCrop } from './cropOutput.ts';

const AVATAR_MAX = { width: 400, height: 400 };
const BANNER_MAX = { width: 1500, height: 500 };

describe('planCrop', () => {
  it('scales a large square crop down to the avatar maximum', () => {
    const plan = planCrop(
      { x: 100, y: 0, width: 1000, height: 1000 },
      { width: 1200, height: 1000 },
      1,
      AVATAR_MAX,
    );
    expect(plan).toEqual({
      source: { x: 100, y: 0, width: 1000, height: 1000 },
      width: 400,
      height: 400,
    });
  });

  it('does not enlarge a small crop', () => {
    const plan = planCrop(
      { x: 10, y: 20, width: 120, height: 120 },
      { width: 300, height: 200 },
      1,
      AVATAR_MAX,
    );
    expect(plan.width).toBe(120);
    expect(plan.height).toBe(120);
  });

  it('rounds fractional rectangles to whole pixels inside the image', () => {
    const plan = planCrop(
      { x: -0.4, y: 10.6, width: 300.7, height: 300.2 },
      { width: 300, height: 320 },
      1,
      AVATAR_MAX,
    );
    expect(plan.source).toEqual({ x: 0, y: 11, width: 300, height: 300 });
  });

  it('keeps a rectangle that overhangs the image inside it', () => {
    const plan = planCrop(
      { x: 250, y: 250, width: 100, height: 100 },
      { width: 300, height: 300 },
      1,
      AVATAR_MAX,
    );
    expect(plan.source).toEqual({ x: 250, y: 250, width: 50, height: 50 });
    expect(plan.width).toBe(plan.height);
  });

  it('gives a 3:1 banner at most 1500x500', () => {
    const plan = planCrop(
      { x: 0, y: 100, width: 3000, height: 1000 },
      { width: 3000, height: 2000 },
      3,
      BANNER_MAX,
    );
    expect([plan.width, plan.height]).toEqual([1500, 500]);
  });

  it('property: the output keeps the aspect, fits the maximum and never exceeds the source', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.constantFrom(1, 3),
        (imageWidth, imageHeight, fx, fy, fsize, aspect) => {
          const side = Math.min(imageWidth, imageHeight * aspect) * fsize;
          const area = {
            x: fx * imageWidth,
            y: fy * imageHeight,
            width: side,
            height: side / aspect,
          };
          const max = aspect === 1 ? AVATAR_MAX : BANNER_MAX;
          const plan = planCrop(area, { width: imageWidth, height: imageHeight }, aspect, max);
          const { source } = plan;
          expect(source.x + source.width).toBeLessThanOrEqual(imageWidth);
          expect(source.y + source.height).toBeLessThanOrEqual(imageHeight);
          expect(plan.width).toBeLessThanOrEqual(max.width);
          expect(plan.height).toBeLessThanOrEqual(max.height);
          expect(plan.width).toBeGreaterThanOrEqual(1);
          expect(plan.height).toBeGreaterThanOrEqual(1);
          if (aspect === 1) expect(plan.width).toBe(plan.height);
          else expect(Math.abs(plan.width / aspect - plan.height)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('cropOutputType', () => {
  it('keeps PNG for PNG and GIF input, WebP for WebP, JPEG otherwise', () => {
    expect(cropOutputType('image/png')).toBe('image/png');
    expect(cropOutputType('image/gif')).toBe('image/png');
    expect(cropOutputType('image/webp')).toBe('image/webp');
    expect(cropOutputType('image/jpeg')).toBe('image/jpeg');
    expect(cropOutputType('image/heic')).toBe('image/jpeg');
    expect(cropOutputType('')).toBe('image/jpeg');
  });
});

describe('croppedFileName', () => {
  it("swaps the extension for the written format's", () => {
    expect(croppedFileName('me.gif', 'image/png')).toBe('me.png');
    expect(croppedFileName('holiday.photo.jpeg', 'image/jpeg')).toBe('holiday.photo.jpg');
    expect(croppedFileName('noext', 'image/webp')).toBe('noext.webp');
    expect(croppedFileName('.png', 'image/png')).toBe('image.png');
  });
});
