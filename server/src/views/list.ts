import type { ListRow } from '../db/lists.ts';

/** List JSON as Pleroma renders it: id and title. */
export function renderList(row: ListRow): { id: string; title: string } {
  return { id: row.id, title: row.title };
}
