import type { BookmarkFolder } from '../types.ts';
import { entitySchema, id, nstr, obj, opt, str } from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const raw = obj('BookmarkFolder', { id: id(), name: str(), emoji: nstr(), emoji_url: opt(nstr()) });

export const BookmarkFolderSchema = entitySchema(raw, (r): BookmarkFolder => ({
  id: r.id,
  name: r.name,
  emoji: r.emoji,
  emojiUrl: r.emoji_url,
}));

export const parseBookmarkFolder = makeParser('BookmarkFolder', BookmarkFolderSchema);
export const parseBookmarkFolderList = makeListParser('BookmarkFolder', BookmarkFolderSchema);
