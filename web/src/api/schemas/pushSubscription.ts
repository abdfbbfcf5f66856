import type { PushSubscription } from '../types.ts';
import { entitySchema, id, obj, record, str } from './fields.ts';
import { makeParser } from './parse.ts';

const raw = obj('PushSubscription', {
  id: id(),
  endpoint: str(),
  alerts: record(),
  server_key: str(),
});

export const PushSubscriptionSchema = entitySchema(raw, (r): PushSubscription => {
  const alerts: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(r.alerts)) alerts[key] = value === true;
  return { id: r.id, endpoint: r.endpoint, alerts, serverKey: r.server_key };
});

export const parsePushSubscription = makeParser('PushSubscription', PushSubscriptionSchema);
