import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LOGO_SVG } from './assets-content.ts';

/**
 * The instance declares logoMask: clients fill the logo's opaque pixels with one colour, so only
 * its transparent parts draw a shape. A logo opaque all over its outline shows as a blank disc.
 */
describe('the instance logo', () => {
  it('draws a shape when used as a mask: its outline holds transparent parts', async () => {
    const size = 64;
    const { data } = await sharp(Buffer.from(LOGO_SVG))
      .resize(size, size)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let opaque = 0;
    let clear = 0;
    // The middle of the disc, well inside its edge.
    for (let y = size / 4; y < (size * 3) / 4; y += 1) {
      for (let x = size / 4; x < (size * 3) / 4; x += 1) {
        const alpha = data[(y * size + x) * 4 + 3]!;
        if (alpha > 200) opaque += 1;
        else if (alpha < 50) clear += 1;
      }
    }
    const area = (size / 2) ** 2;
    expect(opaque / area).toBeGreaterThan(0.3);
    expect(clear / area).toBeGreaterThan(0.1);
  });
});
