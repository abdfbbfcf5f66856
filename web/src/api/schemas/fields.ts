/**
 * Tolerant field builders on top of zod/mini.
 *
 * A field is built from its dotted path ("Status.pleroma.local") so that, when a value is
 * missing or garbled, the fallback can be reported under that path. Reporting is off unless a
 * parser is called with `onDefault` (see parse.ts): the catch callbacks read a module-level
 * reporter, which is safe because parsing is synchronous.
 *
 * Fields are "expected" by default: a missing value is reported. `opt(field)` marks a field that
 * a Pleroma server may legitimately omit (Mastodon-only, Akkoma-only, newer-version fields):
 * absence is silent there, but a present and garbled value is still reported.
 */
import * as z from 'zod/mini';
import { logSkip } from '../log.ts';

// The Content-Security-Policy forbids eval, so zod's compiled fast path can never run: without
// this its first parse tries `new Function` anyway and fails with a CSP violation report.
z.config({ jitless: true });

export type Schema<T> = z.ZodMiniType<T, unknown>;
export type Field<T> = (path: string, optional: boolean) => Schema<T>;
type Shape = Record<string, Field<unknown>>;
export type ShapeOutput<S extends Shape> = {
  [K in keyof S]: S[K] extends Field<infer T> ? T : never;
};

let reporter: ((path: string) => void) | null = null;

export function withReporter<T>(onDefault: ((path: string) => void) | undefined, run: () => T): T {
  const previous = reporter;
  reporter = onDefault ?? null;
  try {
    return run();
  } finally {
    reporter = previous;
  }
}

export function report(path: string): void {
  reporter?.(path);
}

function fallback<T>(inner: z.ZodMiniType<T, unknown>, makeDefault: () => T): Field<T> {
  return (path, optional) =>
    z.catch(inner, (ctx) => {
      if (!(optional && ctx.value === undefined)) report(path);
      return makeDefault();
    }) as unknown as Schema<T>;
}

/** Marks a field that may be absent without counting as a fallback. */
export function opt<T>(field: Field<T>): Field<T> {
  return (path) => field(path, true);
}

const numeric = /^-?\d+(\.\d+)?$/;

const tolerantNumber = z.pipe(
  z.union([z.number(), z.string()]),
  z.transform((value: number | string, ctx) => {
    const n = typeof value === 'number' ? value : numeric.test(value.trim()) ? Number(value) : NaN;
    if (Number.isFinite(n)) return n;
    ctx.issues.push({ code: 'custom', message: 'not a number', input: value });
    return z.NEVER;
  }),
) as unknown as z.ZodMiniType<number, unknown>;

const tolerantBoolean = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false'])]),
  z.transform((value: boolean | 'true' | 'false') => value === true || value === 'true'),
) as unknown as z.ZodMiniType<boolean, unknown>;

/** A non-empty string or a finite number, as a string. Not tolerant: an entity without it is skipped. */
export const idValue = z.pipe(
  z.union([z.string().check(z.minLength(1)), z.number().check(z.int())]),
  z.transform((value: string | number) => String(value)),
) as unknown as z.ZodMiniType<string, unknown>;

export const id = (): Field<string> => () => idValue;
export const str = (def = ''): Field<string> => fallback(z.string(), () => def);
export const nstr = (): Field<string | null> => fallback(z.nullable(z.string()), () => null);
export const nid = (): Field<string | null> => fallback(z.nullable(idValue), () => null);
export const num = (def = 0): Field<number> => fallback(tolerantNumber, () => def);
export const nnum = (): Field<number | null> => fallback(z.nullable(tolerantNumber), () => null);
export const bool = (def = false): Field<boolean> => fallback(tolerantBoolean, () => def);
export const nbool = (): Field<boolean | null> => fallback(z.nullable(tolerantBoolean), () => null);
export const unknownValue = (): Field<unknown> => () => z.optional(z.unknown()) as Schema<unknown>;

export function oneOf<const V extends string>(values: readonly V[], def: V): Field<V> {
  return fallback(
    z.enum(values as unknown as [V, ...V[]]) as unknown as z.ZodMiniType<V, unknown>,
    () => def,
  );
}

/** An opaque JSON object (settings stores, federation policies...). */
export const record = (): Field<Record<string, unknown>> =>
  fallback(
    z.record(z.string(), z.unknown()) as z.ZodMiniType<Record<string, unknown>, unknown>,
    () => ({}),
  );

/** Array of strings (ids accepted as numbers); other items are dropped and reported. */
export function strList(): Field<string[]> {
  return (path, optional) =>
    listOf(path, optional, (item) => {
      if (typeof item === 'string') return item;
      if (typeof item === 'number' && Number.isFinite(item)) return String(item);
      return undefined;
    });
}

/** A field computed from the raw value by hand: z.never always fails, so the catch always reads. */
function computed<T>(read: (value: unknown, path: string, optional: boolean) => T): Field<T> {
  const never = z.never() as unknown as Schema<T>;
  return (path, optional) =>
    z.catch(never, (ctx) => read(ctx.value, path, optional)) as unknown as Schema<T>;
}

/**
 * Runs a nested parse, passing its fallback reports on only when it succeeds: the sibling
 * fields of an entity that is skipped anyway are noise.
 */
export function tentatively<R extends { success: boolean }>(run: () => R): R {
  const outer = reporter;
  if (!outer) return run();
  const seen: string[] = [];
  reporter = (path) => seen.push(path);
  try {
    const result = run();
    if (result.success) seen.forEach(outer);
    return result;
  } finally {
    reporter = outer;
  }
}

function listOf<T>(
  path: string,
  optional: boolean,
  read: (item: unknown) => T | undefined,
): Schema<T[]> {
  return computed((value) => {
    if (!Array.isArray(value)) {
      if (!(optional && value === undefined)) report(path);
      return [];
    }
    const out: T[] = [];
    for (const item of value) {
      const parsed = read(item);
      if (parsed === undefined) report(path);
      else out.push(parsed);
    }
    return out;
  })(path, optional);
}

/** Array of nested entities; items that cannot be understood are logged and skipped. */
export function list<T>(entity: string, get: () => Schema<T>): Field<T[]> {
  return (path, optional) =>
    listOf(path, optional, (item) => {
      const result = tentatively(() => get().safeParse(item));
      if (result.success) return result.data;
      logSkip(entity, describeError(result.error), item);
      return undefined;
    });
}

/** A nested entity that may be null; garbage becomes null (reported). */
export function entity<T>(get: () => Schema<T>): Field<T | null> {
  return computed((value, path, optional) => {
    if (value === null) return null;
    if (value !== undefined) {
      const result = tentatively(() => get().safeParse(value));
      if (result.success) return result.data;
    }
    if (!(optional && value === undefined)) report(path);
    return null;
  });
}

/** A nested entity the parent cannot do without: its failure makes the parent not understood. */
export function required<T>(get: () => Schema<T>): Field<T> {
  return () => z.lazy(get) as unknown as Schema<T>;
}

function mapShape<S extends Shape>(shape: S, prefix: string): Record<string, Schema<unknown>> {
  const out: Record<string, Schema<unknown>> = {};
  for (const [key, field] of Object.entries(shape)) out[key] = field(`${prefix}.${key}`, false);
  return out;
}

/**
 * The raw object schema of a top-level entity. Built on its first parse, not at module load:
 * start-up only pays for the entities it reads (z.lazy keeps the built schema).
 */
export function obj<S extends Shape>(entityName: string, shape: S): Schema<ShapeOutput<S>> {
  return z.lazy(() => z.object(mapShape(shape, entityName))) as unknown as Schema<ShapeOutput<S>>;
}

/** A nested plain object (a `pleroma` block); when missing or not an object its fields take defaults. */
export function block<S extends Shape>(shape: S): Field<ShapeOutput<S>> {
  return (path, optional) => {
    const inner = z.object(mapShape(shape, path)) as unknown as Schema<ShapeOutput<S>>;
    return z.catch(inner, (ctx) => {
      if (!(optional && ctx.value === undefined)) report(path);
      return withReporter(undefined, () => inner.parse({}));
    }) as unknown as Schema<ShapeOutput<S>>;
  };
}

/** An entity schema: raw object shape, then the mapping to the domain type. */
export function entitySchema<R, T>(
  raw: Schema<R>,
  toDomain: (raw: R, ctx: z.core.ParsePayload) => T,
): Schema<T> {
  return z.pipe(raw, z.transform(toDomain)) as unknown as Schema<T>;
}

/** Inside toDomain: declare the entity not understood. */
export function reject(ctx: z.core.ParsePayload, message: string): never {
  ctx.issues.push({ code: 'custom', message, input: ctx.value });
  return z.NEVER as never;
}

export function describeError(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.length ? issue.path.join('.') : 'value';
  return `${where}: ${issue.message}`;
}
