import { describe, expect, it } from 'vitest';
import {
  block,
  bool,
  chooseSchema,
  describeError,
  entitySchema,
  firstOf,
  id,
  idValue,
  num,
  obj,
  opt,
  reject,
  required,
  str,
  textValue,
  withReporter,
  type Schema,
} from './fields.ts';

function reported<T>(schema: Schema<T>, raw: unknown) {
  const paths: string[] = [];
  const result = withReporter(
    (path) => paths.push(path),
    () => schema.safeParse(raw),
  );
  return { result, paths };
}

const inner = obj('Inner', { id: id(), name: str() });
const outer = obj('Outer', {
  id: id(),
  count: num(),
  flag: opt(bool()),
  inner: required(() => inner),
  extra: block({ level: num(3) }),
});

describe('the tolerant schema engine', () => {
  it('reads a complete object without reporting anything', () => {
    const { result, paths } = reported(outer, {
      id: 7,
      count: '12',
      flag: 'true',
      inner: { id: 'a', name: 'n' },
      extra: { level: 1 },
    });
    expect(result).toEqual({
      success: true,
      data: { id: '7', count: 12, flag: true, inner: { id: 'a', name: 'n' }, extra: { level: 1 } },
    });
    expect(paths).toEqual([]);
  });

  it('falls back per field and reports each by its path; an absent optional field is silent', () => {
    const { result, paths } = reported(outer, {
      id: 'x',
      count: 'many',
      inner: { id: 'a', name: 5 },
      extra: 'garbage',
    });
    expect(result.success && result.data).toEqual({
      id: 'x',
      count: 0,
      flag: false,
      inner: { id: 'a', name: '' },
      extra: { level: 3 },
    });
    expect(paths).toEqual(['Outer.count', 'Inner.name', 'Outer.extra']);
  });

  it('fails when a required nested entity fails, naming the nested path', () => {
    const { result } = reported(outer, { id: 'x', inner: { name: 'no id' } });
    expect(result.success).toBe(false);
    if (!result.success) expect(describeError(result.error)).toMatch(/^inner\.id: /);
  });

  it('accepts ids as non-empty strings or whole numbers only', () => {
    expect(idValue.safeParse('abc')).toEqual({ success: true, data: 'abc' });
    expect(idValue.safeParse(12)).toEqual({ success: true, data: '12' });
    for (const bad of ['', 1.5, null, undefined, {}, [], true]) {
      expect(idValue.safeParse(bad).success).toBe(false);
    }
  });

  it('rejects from toDomain, takes the first schema that reads, and chooses per value', () => {
    const named = entitySchema(obj('Named', { name: str() }), (r, ctx) =>
      r.name ? r.name.toUpperCase() : reject(ctx, 'no name'),
    );
    expect(named.safeParse({ name: '' }).success).toBe(false);
    const either = firstOf(textValue, named);
    expect(either.safeParse('plain')).toEqual({ success: true, data: 'plain' });
    expect(either.safeParse({ name: 'obj' })).toEqual({ success: true, data: 'OBJ' });
    expect(either.safeParse(3).success).toBe(false);
    const chosen = chooseSchema((raw) => (typeof raw === 'string' ? textValue : named));
    expect(chosen.safeParse({ name: 'b' })).toEqual({ success: true, data: 'B' });
  });
});
