import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FILE_SIZE_UNITS, fileTooBigArgs, formatFileSize } from './fileSize.ts';

describe('formatFileSize', () => {
  it('keeps small sizes in bytes', () => {
    expect(formatFileSize(1)).toEqual({ num: 1, unit: 'B' });
    expect(formatFileSize(1023)).toEqual({ num: 1023, unit: 'B' });
  });

  it('counts in powers of 1024', () => {
    expect(formatFileSize(1024)).toEqual({ num: 1, unit: 'KiB' });
    expect(formatFileSize(1536)).toEqual({ num: 1.5, unit: 'KiB' });
    expect(formatFileSize(16 * 1024 ** 2)).toEqual({ num: 16, unit: 'MiB' });
    expect(formatFileSize(3 * 1024 ** 3)).toEqual({ num: 3, unit: 'GiB' });
    expect(formatFileSize(2 * 1024 ** 4)).toEqual({ num: 2, unit: 'TiB' });
  });

  it('rounds to two decimals', () => {
    expect(formatFileSize(1000 * 1024)).toEqual({ num: 1000, unit: 'KiB' });
    expect(formatFileSize(1234567)).toEqual({ num: 1.18, unit: 'MiB' });
  });

  it('moves up a unit rather than showing 1024 of the smaller one', () => {
    expect(formatFileSize(1024 ** 2 - 1)).toEqual({ num: 1, unit: 'MiB' });
  });

  it('stays in TiB beyond it', () => {
    expect(formatFileSize(5000 * 1024 ** 4)).toEqual({ num: 5000, unit: 'TiB' });
  });

  it('reads zero, negative and non-numbers as 0 B', () => {
    for (const bytes of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatFileSize(bytes)).toEqual({ num: 0, unit: 'B' });
    }
  });

  it('property: the shown number is within half a hundredth of the true size, below 1024', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (bytes) => {
        const { num, unit } = formatFileSize(bytes);
        const exponent = FILE_SIZE_UNITS.indexOf(unit);
        expect(Math.abs(num - bytes / 1024 ** exponent)).toBeLessThanOrEqual(0.005 + 1e-9);
        if (unit !== 'TiB') expect(num).toBeLessThan(1024);
        if (unit !== 'B') expect(num).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe('fileTooBigArgs', () => {
  it('gives both sizes with their units for the message', () => {
    expect(fileTooBigArgs(20 * 1024 ** 2, 16 * 1024 ** 2)).toEqual({
      filesize: 20,
      filesizeunit: 'MiB',
      allowedsize: 16,
      allowedsizeunit: 'MiB',
    });
  });
});
