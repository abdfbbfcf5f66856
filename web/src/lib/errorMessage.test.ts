import { describe, expect, it } from 'vitest';
import { errorMessage } from './errorMessage.ts';

describe('errorMessage', () => {
  it("says an Error's message, and anything else thrown as text", () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage('plain words')).toBe('plain words');
    expect(errorMessage(404)).toBe('404');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});
