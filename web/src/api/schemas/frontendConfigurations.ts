import type { FrontendConfigurations } from '../types.ts';
import { type Schema } from './fields.ts';
import { makeParser } from './parse.ts';
import * as z from 'zod/mini';

/** Opaque records: GET /api/pleroma/frontend_configurations, the per-app settings store, /static/config.json. */
export const OpaqueRecordSchema = z.record(
  z.string(),
  z.unknown(),
) as unknown as Schema<FrontendConfigurations>;

export const parseFrontendConfigurations = makeParser('FrontendConfigurations', OpaqueRecordSchema);
export const parseSettingsRecord = makeParser('SettingsRecord', OpaqueRecordSchema);
