import type { ScheduledStatus, Visibility } from '../types.ts';
import { AttachmentSchema } from './attachment.ts';
import {
  block,
  entitySchema,
  id,
  list,
  nbool,
  nid,
  nnum,
  nstr,
  obj,
  opt,
  str,
  strList,
} from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';
import { VISIBILITIES } from './status.ts';

const raw = obj('ScheduledStatus', {
  id: id(),
  scheduled_at: str(),
  params: block({
    text: nstr(),
    visibility: nstr(),
    sensitive: nbool(),
    spoiler_text: nstr(),
    in_reply_to_id: nid(),
    media_ids: opt(strList()),
    expires_in: opt(nnum()),
  }),
  media_attachments: list('Attachment', () => AttachmentSchema),
});

export const ScheduledStatusSchema = entitySchema(raw, (r): ScheduledStatus => {
  const p = r.params;
  const visibility = (VISIBILITIES as readonly string[]).includes(p.visibility ?? '')
    ? (p.visibility as Visibility)
    : null;
  return {
    id: r.id,
    scheduledAt: r.scheduled_at,
    text: p.text ?? '',
    visibility,
    sensitive: p.sensitive ?? false,
    spoilerText: p.spoiler_text,
    inReplyToId: p.in_reply_to_id,
    mediaIds: p.media_ids,
    expiresIn: p.expires_in,
    mediaAttachments: r.media_attachments,
  };
});

export const parseScheduledStatus = makeParser('ScheduledStatus', ScheduledStatusSchema);
export const parseScheduledStatusList = makeListParser('ScheduledStatus', ScheduledStatusSchema);
