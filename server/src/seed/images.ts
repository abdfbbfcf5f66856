import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

/** Deterministic generated artwork: soft gradients, rings, stripes and simple emoji shapes. */
export type Rgb = [number, number, number];

export const PALETTE: Rgb[] = [
  [232, 93, 117],
  [86, 180, 233],
  [0, 158, 115],
  [240, 180, 40],
  [150, 110, 220],
  [230, 120, 50],
  [60, 120, 200],
  [200, 70, 160],
  [90, 200, 170],
  [120, 140, 60],
];

class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 4);
  }
  set(x: number, y: number, [r, g, b]: Rgb, alpha = 255): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    const a = alpha / 255;
    this.pixels[i] = Math.round(r * a + this.pixels[i]! * (1 - a));
    this.pixels[i + 1] = Math.round(g * a + this.pixels[i + 1]! * (1 - a));
    this.pixels[i + 2] = Math.round(b * a + this.pixels[i + 2]! * (1 - a));
    this.pixels[i + 3] = Math.max(this.pixels[i + 3]!, alpha);
  }
  fill(paint: (x: number, y: number) => [Rgb, number] | null): void {
    for (let y = 0; y < this.height; y++)
      for (let x = 0; x < this.width; x++) {
        const p = paint(x, y);
        if (p) this.set(x, y, p[0], p[1]);
      }
  }
  png(): Promise<Buffer> {
    const { width, height } = this;
    return sharp(this.pixels, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
  }
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

const colour = (index: number): Rgb =>
  PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length]!;

export function avatarPng(variant: number, size = 96): Promise<Buffer> {
  const c = new Canvas(size, size);
  const a = colour(variant);
  const b = colour(variant + 3);
  const rings = 2 + (variant % 3);
  c.fill((x, y) => {
    const t = (x + y) / (2 * size);
    const dx = x - size / 2;
    const dy = y - size / 2;
    const d = Math.sqrt(dx * dx + dy * dy) / (size / 2);
    const ring = Math.floor(d * rings * 2) % 2 === 0 && d < 0.9;
    return [ring ? mix(b, [255, 255, 255], 0.35) : mix(a, b, t), 255];
  });
  return c.png();
}

export function headerPng(variant: number, width = 600, height = 200): Promise<Buffer> {
  const c = new Canvas(width, height);
  const a = colour(variant + 1);
  const b = colour(variant + 5);
  const waves = 3 + (variant % 4);
  c.fill((x, y) => {
    const wave = Math.sin((x / width) * Math.PI * waves + variant) * height * 0.12;
    const band = Math.floor((y + wave) / (height / 6));
    const t = band / 6;
    return [mix(mix(a, b, t), [20, 26, 36], band % 2 ? 0.15 : 0), 255];
  });
  return c.png();
}

export type EmojiShape =
  'star' | 'heart' | 'circle' | 'diamond' | 'bird' | 'leaf' | 'moon' | 'drop';

function insideShape(shape: EmojiShape, u: number, v: number): boolean {
  // u, v in [-1, 1]
  switch (shape) {
    case 'circle':
      return u * u + v * v < 0.8;
    case 'diamond':
      return Math.abs(u) + Math.abs(v) < 0.9;
    case 'heart': {
      const x = u * 1.2;
      const y = -v * 1.2 + 0.3;
      const q = x * x + y * y - 1;
      return q * q * q - x * x * y * y * y < 0;
    }
    case 'star': {
      const angle = Math.atan2(v, u);
      const r = Math.sqrt(u * u + v * v);
      const spike = 0.45 + 0.45 * Math.pow(Math.abs(Math.cos((5 * angle) / 2)), 2);
      return r < spike;
    }
    case 'moon':
      return u * u + v * v < 0.8 && (u - 0.35) * (u - 0.35) + (v + 0.2) * (v + 0.2) > 0.5;
    case 'leaf':
      return (u * 0.8) ** 2 + (v - u * 0.4) ** 2 * 2.2 < 0.6;
    case 'drop':
      return v > -0.9 && u * u < ((v + 0.9) / 1.7) * 0.7 * (1 - Math.max(0, v - 0.3) * 1.4);
    case 'bird': {
      const body = (u + 0.1) ** 2 / 0.5 + (v - 0.15) ** 2 / 0.25 < 1;
      const head = (u - 0.45) ** 2 + (v + 0.25) ** 2 < 0.09;
      const tail = u < -0.5 && Math.abs(v - 0.1) < (-0.5 - u) * 0.8 && u > -0.95;
      const beak = u > 0.7 && u < 0.95 && Math.abs(v + 0.25) < (0.95 - u) * 0.4;
      return body || head || tail || beak;
    }
  }
}

export function emojiPng(shape: EmojiShape, variant: number, size = 64): Promise<Buffer> {
  const c = new Canvas(size, size);
  const a = colour(variant);
  const b = mix(colour(variant), [255, 255, 255], 0.45);
  const samples = 3;
  c.fill((x, y) => {
    let hits = 0;
    for (let sy = 0; sy < samples; sy++)
      for (let sx = 0; sx < samples; sx++) {
        const u = ((x + (sx + 0.5) / samples) / size) * 2 - 1;
        const v = ((y + (sy + 0.5) / samples) / size) * 2 - 1;
        if (insideShape(shape, u, v)) hits++;
      }
    if (hits === 0) return null;
    return [mix(b, a, y / size), Math.round((hits / (samples * samples)) * 255)];
  });
  return c.png();
}

export function backgroundPng(width = 480, height = 270): Promise<Buffer> {
  const c = new Canvas(width, height);
  const top: Rgb = [18, 26, 36];
  const bottom: Rgb = [40, 60, 90];
  c.fill((x, y) => {
    const t = y / height;
    const glow = Math.max(0, 1 - Math.hypot(x - width * 0.7, y - height * 0.3) / (width * 0.5));
    return [mix(mix(top, bottom, t), [216, 160, 112], glow * 0.35), 255];
  });
  return c.png();
}

/**
 * A small generated "photo" for seeded attachments: sky gradient, a sun or moon, layered hills
 * and a few birds. Deterministic per variant; any size.
 */
export function photoPng(variant: number, width: number, height: number): Promise<Buffer> {
  const c = new Canvas(width, height);
  const night = variant % 3 === 0;
  const skyTop: Rgb = night ? [14, 20, 48] : mix(colour(variant), [255, 255, 255], 0.55);
  const skyBottom: Rgb = night ? [60, 70, 120] : mix(colour(variant + 2), [255, 240, 220], 0.6);
  const hillA = mix(colour(variant + 4), [20, 40, 30], night ? 0.75 : 0.35);
  const hillB = mix(colour(variant + 6), [10, 20, 15], night ? 0.85 : 0.55);
  const sunX = width * (0.25 + ((variant * 37) % 50) / 100);
  const sunY = height * 0.3;
  const sunR = Math.min(width, height) * 0.09;
  const sunColour: Rgb = night ? [235, 235, 210] : [255, 214, 120];
  const birds = Array.from({ length: 3 + (variant % 4) }, (_, i) => ({
    x: width * (0.15 + ((i * 0.23 + variant * 0.07) % 0.7)),
    y: height * (0.12 + ((i * 0.11 + variant * 0.05) % 0.3)),
    s: Math.min(width, height) * (0.025 + (i % 3) * 0.008),
  }));
  c.fill((x, y) => {
    const t = y / height;
    let px: Rgb = mix(skyTop, skyBottom, t);
    const d = Math.hypot(x - sunX, y - sunY);
    if (d < sunR) px = sunColour;
    else if (d < sunR * 2.2) px = mix(sunColour, px, (d - sunR) / (sunR * 1.2));
    const ridgeA = height * (0.62 + 0.08 * Math.sin((x / width) * Math.PI * 2 + variant));
    const ridgeB = height * (0.78 + 0.06 * Math.sin((x / width) * Math.PI * 3.3 + variant * 2));
    if (y > ridgeA) px = mix(hillA, [0, 0, 0], ((y - ridgeA) / height) * 0.6);
    if (y > ridgeB) px = mix(hillB, [0, 0, 0], ((y - ridgeB) / height) * 0.8);
    for (const b of birds) {
      const dx = Math.abs(x - b.x);
      const dy = y - b.y;
      if (dx < b.s && Math.abs(dy + dx * 0.55 - b.s * 0.1) < Math.max(1, b.s * 0.12))
        px = night ? [230, 230, 240] : [30, 30, 40];
    }
    return [px, 255];
  });
  return c.png();
}

/** Writes the file unless it already exists (keeps seeding idempotent and fast). */
export async function writeOnce(file: string, build: () => Promise<Buffer>): Promise<void> {
  if (existsSync(file)) return;
  const bytes = await build();
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, bytes);
}

export const STICKER_PACK = 'starling-birds';
export const STICKERS: { file: string; shape: EmojiShape; variant: number }[] = [
  { file: 'bird-blue.png', shape: 'bird', variant: 1 },
  { file: 'bird-rose.png', shape: 'bird', variant: 0 },
  { file: 'bird-gold.png', shape: 'bird', variant: 3 },
  { file: 'heart.png', shape: 'heart', variant: 7 },
  { file: 'star.png', shape: 'star', variant: 3 },
  { file: 'leaf.png', shape: 'leaf', variant: 2 },
];

/**
 * The standard images' bytes, drawn once per process: they are the same for every data folder,
 * and the server tests build an app (so write them into a new folder) hundreds of times.
 */
const standardImages = new Map<string, Promise<Buffer>>();

function drawnOnce(key: string, draw: () => Promise<Buffer>): () => Promise<Buffer> {
  return () => {
    let bytes = standardImages.get(key);
    if (!bytes) {
      bytes = draw();
      standardImages.set(key, bytes);
      bytes.catch(() => standardImages.delete(key));
    }
    return bytes;
  };
}

/** Images every instance has, seeded or not: default avatar and banner, background, stickers. */
export async function ensureStandardImages(mediaDir: string): Promise<void> {
  await Promise.all([
    writeOnce(
      join(mediaDir, 'defaults', 'avi.png'),
      drawnOnce('avi', () => avatarPng(6)),
    ),
    writeOnce(
      join(mediaDir, 'defaults', 'banner.png'),
      drawnOnce('banner', () => headerPng(6)),
    ),
    writeOnce(
      join(mediaDir, 'defaults', 'background.png'),
      drawnOnce('background', () => backgroundPng()),
    ),
    ...STICKERS.map((sticker) =>
      writeOnce(
        join(mediaDir, 'stickers', STICKER_PACK, sticker.file),
        drawnOnce(`sticker ${sticker.file}`, () => emojiPng(sticker.shape, sticker.variant, 128)),
      ),
    ),
  ]);
}
