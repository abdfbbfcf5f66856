import type { Mascot } from '../types.ts';
import { block, entitySchema, id, nstr, obj, str } from './fields.ts';
import { makeParser } from './parse.ts';

const raw = obj('Mascot', {
  id: id(),
  url: str(),
  type: str('image'),
  pleroma: block({ mime_type: nstr() }),
});

export const MascotSchema = entitySchema(raw, (r): Mascot => ({
  id: r.id,
  url: r.url,
  type: r.type,
  mimeType: r.pleroma.mime_type,
}));

export const parseMascot = makeParser('Mascot', MascotSchema);
