/** File sizes for people: the features panel's upload limit and "File too big [size / allowed size]". */

export const FILE_SIZE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;
export type FileSizeUnit = (typeof FILE_SIZE_UNITS)[number];
export const FILE_SIZE_BASE = 1024;
/** Decimal places kept in `num`. */
export const FILE_SIZE_DECIMALS = 2;

export interface FileSize {
  num: number;
  unit: FileSizeUnit;
}

function round(value: number): number {
  const factor = 10 ** FILE_SIZE_DECIMALS;
  return Math.round(value * factor) / factor;
}

/**
 * `bytes` in the largest unit that keeps the number at 1 or more (up to TiB), rounded to two
 * decimals. Anything that is not a positive number of bytes reads as 0 B.
 */
export function formatFileSize(bytes: number): FileSize {
  if (!Number.isFinite(bytes) || bytes <= 0) return { num: 0, unit: 'B' };
  const last = FILE_SIZE_UNITS.length - 1;
  let exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(FILE_SIZE_BASE)), last);
  // Floating-point logarithms can land one off near exact powers.
  if (exponent < last && bytes >= FILE_SIZE_BASE ** (exponent + 1)) exponent += 1;
  if (exponent > 0 && bytes < FILE_SIZE_BASE ** exponent) exponent -= 1;
  let num = round(bytes / FILE_SIZE_BASE ** exponent);
  // 1023.999 KiB rounds to 1024 KiB: say 1 MiB instead.
  if (num >= FILE_SIZE_BASE && exponent < last) {
    exponent += 1;
    num = round(bytes / FILE_SIZE_BASE ** exponent);
  }
  return { num, unit: FILE_SIZE_UNITS[exponent] as FileSizeUnit };
}

/** Arguments for the "file too big" message: the file's size and the allowed size. */
export function fileTooBigArgs(
  size: number,
  allowed: number,
): {
  filesize: number;
  filesizeunit: FileSizeUnit;
  allowedsize: number;
  allowedsizeunit: FileSizeUnit;
} {
  const file = formatFileSize(size);
  const limit = formatFileSize(allowed);
  return {
    filesize: file.num,
    filesizeunit: file.unit,
    allowedsize: limit.num,
    allowedsizeunit: limit.unit,
  };
}
