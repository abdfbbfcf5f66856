import type { ShoutMessage } from '../types.ts';
import { block, entitySchema, id, obj, str, textValue } from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const raw = obj('ShoutMessage', {
  id: id(),
  text: () => textValue,
  author: block({ id: id(), username: str(), avatar: str() }),
});

const ShoutMessageSchema = entitySchema(raw, (r): ShoutMessage => ({
  id: r.id,
  text: r.text,
  author: { id: r.author.id, username: r.author.username, avatar: r.author.avatar },
}));

/** The `new_msg` payload of the shout channel. */
export const parseShoutMessage = makeParser('ShoutMessage', ShoutMessageSchema);
/** The `messages` list sent on joining the shout channel, oldest first. */
export const parseShoutMessages = makeListParser('ShoutMessage', ShoutMessageSchema);
