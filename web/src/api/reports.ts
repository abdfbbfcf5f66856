import { expectEntity, type ApiClient } from './client.ts';
import { parseReport } from './schemas/report.ts';
import type { Report } from './types.ts';

/** What a user sends when reporting an account (spec part 2, §3 Report payload). */
export interface ReportParams {
  accountId: string;
  statusIds: string[];
  comment: string;
  /** Also send the report to the account's own (remote) instance. */
  forward: boolean;
}

export async function createReport(client: ApiClient, params: ReportParams): Promise<Report> {
  const response = await client.post('/api/v1/reports', {
    body: {
      account_id: params.accountId,
      status_ids: params.statusIds,
      comment: params.comment,
      forward: params.forward,
    },
  });
  return expectEntity(parseReport(response.data), 'Report', response);
}
