import type { Context, Status } from '../types.ts';
import { entitySchema, list, obj, type Schema } from './fields.ts';
import { makeParser } from './parse.ts';
import { StatusSchema } from './status.ts';

const raw = obj('Context', {
  ancestors: list('Status', (): Schema<Status> => StatusSchema),
  descendants: list('Status', (): Schema<Status> => StatusSchema),
});

export const ContextSchema = entitySchema(raw, (r): Context => ({
  ancestors: r.ancestors,
  descendants: r.descendants,
}));

export const parseContext = makeParser('Context', ContextSchema);
