/**
 * A tiny Flash movie for the seed (so the client's Flash player has something to play): an
 * uncompressed SWF 10 of one frame, 320×240 px, filled with a background colour. Built from the
 * format's header and four tags: FileAttributes, SetBackgroundColor, ShowFrame, End.
 */

const TWIPS_PER_PIXEL = 20;

/** Bits written most significant first, padded to whole bytes (the SWF RECT encoding). */
function bitWriter() {
  const bits: number[] = [];
  return {
    write(value: number, count: number) {
      for (let i = count - 1; i >= 0; i--) bits.push((value >> i) & 1);
    },
    bytes(): number[] {
      const out: number[] = [];
      for (let i = 0; i < bits.length; i += 8) {
        let byte = 0;
        for (let j = 0; j < 8; j++) byte = (byte << 1) | (bits[i + j] ?? 0);
        out.push(byte);
      }
      return out;
    },
  };
}

function rect(width: number, height: number): number[] {
  const nbits = 16;
  const writer = bitWriter();
  writer.write(nbits, 5);
  for (const value of [0, width * TWIPS_PER_PIXEL, 0, height * TWIPS_PER_PIXEL]) {
    writer.write(value, nbits);
  }
  return writer.bytes();
}

const u16 = (value: number) => [value & 0xff, (value >> 8) & 0xff];
const u32 = (value: number) => [...u16(value & 0xffff), ...u16((value >>> 16) & 0xffff)];

/** A short tag: the code in the top ten bits of the header, the length in the bottom six. */
const tag = (code: number, body: number[]) => [...u16((code << 6) | body.length), ...body];

export function tinySwf(color: [number, number, number] = [0x3b, 0x6e, 0xa5]): Buffer {
  const body = [
    ...rect(320, 240),
    ...u16(12 << 8), // 12 frames per second, 8.8 fixed point
    ...u16(1), // one frame
    ...tag(69, u32(0)), // FileAttributes: ActionScript 1/2, local playback
    ...tag(9, color), // SetBackgroundColor
    ...tag(1, []), // ShowFrame
    ...tag(0, []), // End
  ];
  const length = 8 + body.length;
  return Buffer.from([0x46, 0x57, 0x53, 10, ...u32(length), ...body]);
}
