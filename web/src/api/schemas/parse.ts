import { logSkip } from '../log.ts';
import { describeError, report, tentatively, withReporter, type Schema } from './fields.ts';

export interface ParseOptions {
  /**
   * Called with the dotted raw path ("Status.pleroma.local", "Account.acct") of every field that
   * was missing or garbled and fell back to a default. Fields a Pleroma server may legitimately
   * omit are not reported when absent.
   */
  onDefault?: (path: string) => void;
}

export type Parser<T> = (raw: unknown, options?: ParseOptions) => T | null;
export type ListParser<T> = (raw: unknown, options?: ParseOptions) => T[];

/** A parser that returns the domain value, or null after logging the skip. Never throws. */
export function makeParser<T>(entity: string, schema: Schema<T>): Parser<T> {
  return (raw, options) =>
    withReporter(options?.onDefault, () => {
      const result = tentatively(() => schema.safeParse(raw));
      if (result.success) return result.data;
      logSkip(entity, describeError(result.error), raw);
      return null;
    });
}

/** Parses an array of entities, logging and skipping the items that cannot be understood. */
export function makeListParser<T>(entity: string, schema: Schema<T>): ListParser<T> {
  const one = makeParser(entity, schema);
  return (raw, options) =>
    withReporter(options?.onDefault, () => {
      if (!Array.isArray(raw)) {
        logSkip(`${entity}[]`, 'not an array', raw);
        report(`${entity}[]`);
        return [];
      }
      const out: T[] = [];
      for (const item of raw) {
        const value = one(item, options);
        if (value === null) report(`${entity}[]`);
        else out.push(value);
      }
      return out;
    });
}
