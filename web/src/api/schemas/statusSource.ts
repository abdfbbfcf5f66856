import type { StatusSource } from '../types.ts';
import { entitySchema, id, nstr, obj, opt, str } from './fields.ts';
import { makeParser } from './parse.ts';

const raw = obj('StatusSource', {
  id: id(),
  text: str(),
  spoiler_text: str(),
  content_type: opt(nstr()),
});

export const StatusSourceSchema = entitySchema(raw, (r): StatusSource => ({
  id: r.id,
  text: r.text,
  spoilerText: r.spoiler_text,
  contentType: r.content_type,
}));

export const parseStatusSource = makeParser('StatusSource', StatusSourceSchema);
