/**
 * Tolerant field builders: the small schema engine every entity parser is written in.
 *
 * A field is built from its dotted path ("Status.pleroma.local") so that, when a value is
 * missing or garbled, the fallback can be reported under that path. Reporting is off unless a
 * parser is called with `onDefault` (see parse.ts): the fallbacks read a module-level reporter,
 * which is safe because parsing is synchronous.
 *
 * Fields are "expected" by default: a missing value is reported. `opt(field)` marks a field that
 * a Pleroma server may legitimately omit (Mastodon-only, Akkoma-only, newer-version fields):
 * absence is silent there, but a present and garbled value is still reported.
 *
 * Written here rather than on a schema library: the first page of a timeline is parsed on the
 * way to the first paint, and plain functions read it several times faster on a cold page.
 */
import { logSkip } from '../log.ts';

export interface Issue {
  path: PropertyKey[];
  message: string;
}
export type ParseResult<T> =
  { success: true; data: T } | { success: false; error: { issues: Issue[] } };

const FAIL: unique symbol = Symbol('not understood');
type Fail = typeof FAIL;
/** Reads a raw value: the result, or FAIL after adding an issue. Never throws on JSON input. */
type Read<T> = (value: unknown, issues: Issue[]) => T | Fail;

export interface Schema<T> {
  readonly read: Read<T>;
  safeParse(value: unknown): ParseResult<T>;
}
export type Output<S> = S extends Schema<infer T> ? T : never;
export type Field<T> = (path: string, optional: boolean) => Schema<T>;
type Shape = Record<string, Field<unknown>>;
export type ShapeOutput<S extends Shape> = {
  [K in keyof S]: S[K] extends Field<infer T> ? T : never;
};

function schema<T>(read: Read<T>): Schema<T> {
  return {
    read,
    safeParse(value) {
      const issues: Issue[] = [];
      const data = read(value, issues);
      return data === FAIL ? { success: false, error: { issues } } : { success: true, data };
    },
  };
}

function fail(issues: Issue[], message: string): Fail {
  issues.push({ path: [], message });
  return FAIL;
}

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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

/** A plain check: the value, or undefined when it does not fit. */
type Check<T> = (value: unknown) => T | undefined;

function fallback<T>(check: Check<T>, makeDefault: () => T): Field<T> {
  return (path, optional) =>
    schema((value) => {
      const checked = check(value);
      if (checked !== undefined) return checked;
      if (!(optional && value === undefined)) report(path);
      return makeDefault();
    });
}

/** Checks that also accept null (undefined stays "does not fit"). */
const orNull =
  <T>(check: Check<T>): Check<T | null> =>
  (value) =>
    value === null ? null : check(value);

/** Marks a field that may be absent without counting as a fallback. */
export function opt<T>(field: Field<T>): Field<T> {
  return (path) => field(path, true);
}

const numeric = /^-?\d+(\.\d+)?$/;

const asString: Check<string> = (value) => (typeof value === 'string' ? value : undefined);

/** A finite number, also from a digit string ("7"). */
const asNumber: Check<number> = (value) => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && numeric.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isFinite(n) ? n : undefined;
};

const asBoolean: Check<boolean> = (value) =>
  value === true || value === 'true'
    ? true
    : value === false || value === 'false'
      ? false
      : undefined;

/** A non-empty string or a whole number, as a string. */
const asId: Check<string> = (value) =>
  typeof value === 'string'
    ? value === ''
      ? undefined
      : value
    : Number.isSafeInteger(value)
      ? String(value)
      : undefined;

/** An id. Not tolerant: an entity without it is not understood. */
export const idValue: Schema<string> = schema((value, issues) => {
  const checked = asId(value);
  return checked ?? fail(issues, `expected an id, received ${kindOf(value)}`);
});

/** A string. Not tolerant. */
export const textValue: Schema<string> = schema((value, issues) =>
  typeof value === 'string' ? value : fail(issues, `expected a string, received ${kindOf(value)}`),
);

/** A whole number. Not tolerant. */
export const integer: Schema<number> = schema((value, issues) =>
  Number.isSafeInteger(value) ? (value as number) : fail(issues, 'expected an integer'),
);

/** A JSON object of any content. Not tolerant. */
export const recordValue: Schema<Record<string, unknown>> = schema((value, issues) =>
  isPlainObject(value) ? value : fail(issues, `expected an object, received ${kindOf(value)}`),
);

export const id = (): Field<string> => () => idValue;
export const str = (def = ''): Field<string> => fallback(asString, () => def);
export const nstr = (): Field<string | null> => fallback(orNull(asString), () => null);
export const nid = (): Field<string | null> => fallback(orNull(asId), () => null);
export const num = (def = 0): Field<number> => fallback(asNumber, () => def);
export const nnum = (): Field<number | null> => fallback(orNull(asNumber), () => null);
export const bool = (def = false): Field<boolean> => fallback(asBoolean, () => def);
export const nbool = (): Field<boolean | null> => fallback(orNull(asBoolean), () => null);
export const unknownValue = (): Field<unknown> => () => schema((value) => value);

export function oneOf<const V extends string>(values: readonly V[], def: V): Field<V> {
  return fallback(
    (value) => (values.includes(value as V) ? (value as V) : undefined),
    () => def,
  );
}

/** An opaque JSON object (settings stores, federation policies...). */
export const record = (): Field<Record<string, unknown>> =>
  fallback(
    (value) => (isPlainObject(value) ? value : undefined),
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

/** A field computed from the raw value by hand; it never fails. */
function computed<T>(read: (value: unknown, path: string, optional: boolean) => T): Field<T> {
  return (path, optional) => schema((value) => read(value, path, optional));
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
  return () => schema((value, issues) => get().read(value, issues));
}

/** Reads every field of the shape (all of them, so each fallback is reported), keys in `issues`. */
function readObject<S extends Shape>(
  fields: [keyof S & string, Schema<unknown>][],
): Read<ShapeOutput<S>> {
  return (value, issues) => {
    if (!isPlainObject(value)) return fail(issues, `expected an object, received ${kindOf(value)}`);
    const out: Record<string, unknown> = {};
    let failed = false;
    for (const [key, field] of fields) {
      const before = issues.length;
      const read = field.read(value[key], issues);
      if (read === FAIL) {
        failed = true;
        for (let i = before; i < issues.length; i += 1) issues[i]!.path.unshift(key);
      } else {
        out[key] = read;
      }
    }
    return failed ? FAIL : (out as ShapeOutput<S>);
  };
}

function shapeFields<S extends Shape>(shape: S, prefix: string) {
  return Object.entries(shape).map(
    ([key, field]) =>
      [key, field(`${prefix}.${key}`, false)] as [keyof S & string, Schema<unknown>],
  );
}

/**
 * The raw object schema of a top-level entity. Built on its first parse, not at module load:
 * start-up only pays for the entities it reads.
 */
export function obj<S extends Shape>(entityName: string, shape: S): Schema<ShapeOutput<S>> {
  let read: Read<ShapeOutput<S>> | null = null;
  return schema((value, issues) => {
    read ??= readObject(shapeFields(shape, entityName));
    return read(value, issues);
  });
}

/** A nested plain object (a `pleroma` block); when missing or not an object its fields take defaults. */
export function block<S extends Shape>(shape: S): Field<ShapeOutput<S>> {
  return (path, optional) => {
    const read = readObject<S>(shapeFields(shape, path));
    return schema((value, issues) => {
      const local: Issue[] = [];
      const data = read(value, local);
      if (data !== FAIL) return data;
      if (!(optional && value === undefined)) report(path);
      const defaults = withReporter(undefined, () => read({}, local));
      if (defaults !== FAIL) return defaults;
      issues.push(...local);
      return FAIL;
    });
  };
}

/** What toDomain is handed besides the raw object: lets it declare the entity not understood. */
export interface ParseContext {
  readonly issues: Issue[];
}

/** An entity schema: raw object shape, then the mapping to the domain type. */
export function entitySchema<R, T>(
  raw: Schema<R>,
  toDomain: (raw: R, ctx: ParseContext) => T,
): Schema<T> {
  return schema((value, issues) => {
    const read = raw.read(value, issues);
    if (read === FAIL) return FAIL;
    const before = issues.length;
    const data = toDomain(read, { issues });
    return issues.length > before ? FAIL : data;
  });
}

/** Inside toDomain: declare the entity not understood. */
export function reject(ctx: ParseContext, message: string): never {
  ctx.issues.push({ path: [], message });
  return FAIL as never;
}

/** The first of `schemas` that reads the value; the last one's issues when none does. */
export function firstOf<T>(...schemas: Schema<T>[]): Schema<T> {
  return schema((value, issues) => {
    let last: Issue[] = [];
    for (const candidate of schemas) {
      last = [];
      const data = candidate.read(value, last);
      if (data !== FAIL) return data;
    }
    issues.push(...last);
    return FAIL;
  });
}

/** A schema picked per value (e.g. by API version). */
export function chooseSchema<T>(choose: (value: unknown) => Schema<T>): Schema<T> {
  return schema((value, issues) => choose(value).read(value, issues));
}

export function describeError(error: { issues: Issue[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.length ? issue.path.map(String).join('.') : 'value';
  return `${where}: ${issue.message}`;
}
