import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_STATUS_CHARS } from '../api/schemas/instance.ts';
import { charactersLeft, isOverLimit } from './statusLength.ts';

describe('charactersLeft', () => {
  it('subtracts the text and the content warning from the limit', () => {
    expect(charactersLeft(DEFAULT_MAX_STATUS_CHARS, '', '')).toBe(5000);
    expect(charactersLeft(10, 'hello', 'cw')).toBe(3);
  });

  it('goes negative past the limit', () => {
    expect(charactersLeft(3, 'hello', '')).toBe(-2);
  });

  it('counts an emoji or an astral character as one', () => {
    expect(charactersLeft(10, '😀😀', '𝒜')).toBe(7);
  });

  it('shows no counter when the limit is zero, negative or not a number', () => {
    expect(charactersLeft(0, 'hello', '')).toBeNull();
    expect(charactersLeft(-1, 'hello', '')).toBeNull();
    expect(charactersLeft(Number.NaN, 'hello', '')).toBeNull();
  });
});

describe('isOverLimit', () => {
  it('is over only below zero', () => {
    expect(isOverLimit(-1)).toBe(true);
    expect(isOverLimit(0)).toBe(false);
    expect(isOverLimit(null)).toBe(false);
  });
});
