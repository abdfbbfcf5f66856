import type { StreamingEvent } from '../types.ts';
import { logSkip } from '../log.ts';
import { AnnouncementSchema } from './announcement.ts';
import { ChatSchema } from './chat.ts';
import { ConversationSchema } from './conversation.ts';
import { entitySchema, obj, opt, str, strList, withReporter, type Schema } from './fields.ts';
import { NotificationSchema } from './notification.ts';
import { makeParser, type ParseOptions } from './parse.ts';
import { StatusSchema } from './status.ts';

const envelopeRaw = obj('StreamingEvent', {
  stream: opt(strList()),
  event: str(),
  payload: opt(str()),
});

const respondRaw = obj('PleromaRespond', { type: str(), result: str() });

/** The payload of a `pleroma:respond` event (answers to authenticate/subscribe). */
export const PleromaRespondSchema = entitySchema(respondRaw, (r) => ({
  type: r.type,
  result: r.result,
}));
export const parsePleromaRespond = makeParser('PleromaRespond', PleromaRespondSchema);

function json(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

function entityPayload<T>(schema: Schema<T>, payload: string): T | null {
  const result = schema.safeParse(json(payload));
  return result.success ? result.data : null;
}

function build(event: string, stream: string[], payload: string): StreamingEvent | null {
  switch (event) {
    case 'update':
    case 'status.update': {
      const status = entityPayload(StatusSchema, payload);
      return status && { event, stream, status };
    }
    case 'notification': {
      const notification = entityPayload(NotificationSchema, payload);
      return notification && { event, stream, notification };
    }
    case 'conversation': {
      const conversation = entityPayload(ConversationSchema, payload);
      return conversation && { event, stream, conversation };
    }
    case 'pleroma:chat_update': {
      const chat = entityPayload(ChatSchema, payload);
      return chat && { event, stream, chat };
    }
    case 'announcement': {
      const announcement = entityPayload(AnnouncementSchema, payload);
      return announcement && { event, stream, announcement };
    }
    case 'delete':
    case 'announcement.delete': {
      // The payload is the bare id, not JSON.
      const id = payload.trim();
      return id ? { event, stream, id } : null;
    }
    case 'filters_changed':
      return { event, stream };
    case 'pleroma:respond': {
      const respond = entityPayload(PleromaRespondSchema, payload);
      return respond && { event, stream, ...respond };
    }
    default:
      return null;
  }
}

/**
 * A WebSocket message: `{stream, event, payload}` where payload is a JSON string (an id for
 * deletions). Unknown events and payloads that do not parse are logged and skipped (null).
 */
export function parseStreamingEvent(raw: unknown, options?: ParseOptions): StreamingEvent | null {
  return withReporter(options?.onDefault, () => {
    const message = typeof raw === 'string' ? json(raw) : raw;
    const envelope = envelopeRaw.safeParse(message);
    if (!envelope.success || !envelope.data.event) {
      logSkip('StreamingEvent', 'not an event envelope', raw);
      return null;
    }
    const { event, stream, payload } = envelope.data;
    const parsed = build(event, stream, payload);
    if (!parsed) logSkip('StreamingEvent', `unknown event or unreadable payload: ${event}`, raw);
    return parsed;
  });
}
