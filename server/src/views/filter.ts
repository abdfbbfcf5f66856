import type { Filter, FilterContext, KeywordRow } from '../db/filters.ts';

/** Mastodon 4's Filter entity (v2). */
export function renderFilter(filter: Filter): Record<string, unknown> {
  return {
    id: String(filter.row.id),
    title: filter.row.title,
    context: filter.context,
    expires_at: filter.row.expires_at,
    filter_action: filter.row.filter_action,
    keywords: filter.keywords.map(renderKeyword),
    statuses: filter.statuses.map((s) => ({ id: String(s.id), status_id: s.status_id })),
  };
}

export function renderKeyword(keyword: KeywordRow): Record<string, unknown> {
  return { id: String(keyword.id), keyword: keyword.keyword, whole_word: keyword.whole_word === 1 };
}

/** The v1 entity: one keyword of a filter, named by the keyword's id. */
export function renderFilterV1(filter: Filter, keyword: KeywordRow): Record<string, unknown> {
  return {
    id: String(keyword.id),
    phrase: keyword.keyword,
    context: filter.context,
    whole_word: keyword.whole_word === 1,
    expires_at: filter.row.expires_at,
    irreversible: filter.row.filter_action === 'hide',
  };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/** The words a reader sees in a rendered status: content without markup, plus the content warning. */
export function readableText(status: Record<string, unknown>): string {
  const html = typeof status.content === 'string' ? status.content : '';
  const text = html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole);
  const spoiler = typeof status.spoiler_text === 'string' ? status.spoiler_text : '';
  return `${spoiler}\n${text}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function keywordMatches(text: string, keyword: KeywordRow): boolean {
  if (!keyword.keyword) return false;
  if (keyword.whole_word !== 1) return text.toLowerCase().includes(keyword.keyword.toLowerCase());
  const word = new RegExp(
    `(?<![\\p{L}\\p{N}_])${escapeRegExp(keyword.keyword)}(?![\\p{L}\\p{N}_])`,
    'iu',
  );
  return word.test(text);
}

function isActive(filter: Filter, now: number): boolean {
  return filter.row.expires_at === null || Date.parse(filter.row.expires_at) > now;
}

/**
 * Applies the viewer's filters to rendered statuses as Mastodon 4 does: a status matched by a
 * `hide` filter is dropped, one matched by `warn` filters carries `filtered` results. Rendered
 * entities are shared (memoised), so matched ones are copied, never changed.
 */
export function applyFilters(
  filters: Filter[],
  context: FilterContext,
  statuses: Record<string, unknown>[],
  now = Date.now(),
): Record<string, unknown>[] {
  const relevant = filters.filter((f) => f.context.includes(context) && isActive(f, now));
  if (relevant.length === 0) return statuses;
  const out: Record<string, unknown>[] = [];
  for (const status of statuses) {
    const target =
      status.reblog && typeof status.reblog === 'object'
        ? (status.reblog as Record<string, unknown>)
        : status;
    const text = readableText(target);
    const results = relevant.flatMap((filter) => {
      const keywordHits = filter.keywords
        .filter((k) => keywordMatches(text, k))
        .map((k) => k.keyword);
      const statusMatches = filter.statuses
        .filter((s) => s.status_id === target.id || s.status_id === status.id)
        .map((s) => s.status_id);
      if (keywordHits.length === 0 && statusMatches.length === 0) return [];
      return [
        {
          filter: renderFilter(filter),
          keyword_matches: keywordHits,
          status_matches: statusMatches,
        },
      ];
    });
    if (results.length === 0) {
      out.push(status);
      continue;
    }
    if (results.some((r) => r.filter.filter_action === 'hide')) continue;
    out.push(
      target === status
        ? { ...status, filtered: results }
        : { ...status, filtered: results, reblog: { ...target, filtered: results } },
    );
  }
  return out;
}
