import { ApiError, type ApiClient } from './client.ts';
import type { ReportState } from './types.ts';

/** Pleroma answers a refused change with 400 and [{ id, error }]: the first error is the message. */
function firstReportError(body: unknown): string | null {
  if (!Array.isArray(body)) return null;
  for (const item of body as unknown[]) {
    if (item && typeof item === 'object' && 'error' in item) {
      const error = (item as { error: unknown }).error;
      if (typeof error === 'string' && error) return error;
    }
  }
  return null;
}

/** Spec part 2 §7 "Report state": PATCH admin reports with a list of id and state. */
export async function setReportState(
  client: ApiClient,
  reportId: string,
  state: ReportState,
): Promise<void> {
  try {
    await client.patch('/api/v1/pleroma/admin/reports', {
      body: { reports: [{ id: reportId, state }] },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      const message = firstReportError(error.body);
      if (message) throw new ApiError(message, error.status, error.body, error.kind);
    }
    throw error;
  }
}
