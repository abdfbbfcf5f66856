import type { ApiClient } from './client.ts';
import { parseListList } from './schemas/list.ts';
import type { List } from './types.ts';

/** GET /api/v1/lists: the signed-in user's lists (unreadable entries are logged and skipped). */
export async function lists(client: ApiClient): Promise<List[]> {
  const response = await client.get('/api/v1/lists');
  return parseListList(response.data);
}
