import type { Card } from '../types.ts';
import { entitySchema, nstr, num, obj, opt, reject, str } from './fields.ts';
import { makeParser } from './parse.ts';

const raw = obj('Card', {
  url: str(),
  title: str(),
  description: str(),
  type: str('link'),
  image: nstr(),
  provider_name: str(),
  provider_url: str(),
  author_name: opt(str()),
  html: opt(str()),
  width: opt(num()),
  height: opt(num()),
  embed_url: opt(str()),
  blurhash: opt(nstr()),
});

export const CardSchema = entitySchema(raw, (r, ctx): Card => {
  if (!r.url) return reject(ctx, 'card without url');
  return {
    url: r.url,
    title: r.title,
    description: r.description,
    type: r.type,
    image: r.image || null,
    providerName: r.provider_name,
    providerUrl: r.provider_url,
    authorName: r.author_name,
    html: r.html,
    width: r.width,
    height: r.height,
    embedUrl: r.embed_url,
    blurhash: r.blurhash,
  };
});

export const parseCard = makeParser('Card', CardSchema);
