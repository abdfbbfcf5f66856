import type { FrontendConfigurations } from '../types.ts';
import { recordValue, type Schema } from './fields.ts';
import { makeParser } from './parse.ts';

/** Opaque records: GET /api/pleroma/frontend_configurations, the per-app settings store, /static/config.json. */
export const OpaqueRecordSchema: Schema<FrontendConfigurations> = recordValue;

export const parseFrontendConfigurations = makeParser('FrontendConfigurations', OpaqueRecordSchema);
export const parseSettingsRecord = makeParser('SettingsRecord', OpaqueRecordSchema);
