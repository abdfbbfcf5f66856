import type { Marker, Markers } from '../types.ts';
import { block, entity, entitySchema, nnum, num, obj, opt, str, reject } from './fields.ts';
import { makeParser } from './parse.ts';

const raw = obj('Marker', {
  last_read_id: str(),
  version: num(),
  updated_at: str(),
  pleroma: opt(block({ unread_count: nnum() })),
});

export const MarkerSchema = entitySchema(raw, (r, ctx): Marker => {
  if (!r.last_read_id) return reject(ctx, 'marker without last_read_id');
  return {
    lastReadId: r.last_read_id,
    version: r.version,
    updatedAt: r.updated_at,
    unreadCount: r.pleroma.unread_count,
  };
});

export const parseMarker = makeParser('Marker', MarkerSchema);

const markersRaw = obj('Markers', {
  home: opt(entity(() => MarkerSchema)),
  notifications: opt(entity(() => MarkerSchema)),
});

/** GET /api/v1/markers: either timeline may be missing. */
export const parseMarkers = makeParser(
  'Markers',
  entitySchema(markersRaw, (r): Markers => ({ home: r.home, notifications: r.notifications })),
);
