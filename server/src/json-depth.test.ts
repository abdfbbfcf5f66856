import { describe, expect, it } from 'vitest';
import { jsonTextNestsDeeperThan, valueNestsDeeperThan } from './json-depth.ts';

const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('JSON nesting depth', () => {
  it('counts objects and arrays in JSON text, not brackets inside strings', () => {
    expect(jsonTextNestsDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonTextNestsDeeperThan(nested(4), 3)).toBe(true);
    expect(jsonTextNestsDeeperThan('[[[]]]', 2)).toBe(true);
    expect(jsonTextNestsDeeperThan('{"a":"[[[[{{{{\\"[[["}', 1)).toBe(false);
    expect(jsonTextNestsDeeperThan('[{"a":[]},{"b":[]}]', 3)).toBe(false);
  });

  it('counts levels of a parsed value without recursion, however deep', () => {
    expect(valueNestsDeeperThan({ a: { b: [1] } }, 3)).toBe(false);
    expect(valueNestsDeeperThan({ a: { b: [{}] } }, 3)).toBe(true);
    expect(valueNestsDeeperThan('text', 0)).toBe(false);
    expect(valueNestsDeeperThan(JSON.parse(nested(100_000)), 64)).toBe(true);
  });
});
