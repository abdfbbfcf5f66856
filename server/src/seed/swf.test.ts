import { describe, expect, it } from 'vitest';
import { tinySwf } from './swf.ts';

describe('tinySwf', () => {
  it('is an uncompressed SWF whose header carries its own length', () => {
    const swf = tinySwf();
    expect(swf.subarray(0, 3).toString('latin1')).toBe('FWS');
    expect(swf[3]).toBe(10);
    expect(swf.readUInt32LE(4)).toBe(swf.length);
    // Ends with ShowFrame then End.
    expect([...swf.subarray(-4)]).toEqual([0x40, 0x00, 0x00, 0x00]);
  });
});
