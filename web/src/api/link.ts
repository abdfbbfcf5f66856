/** Pagination read from a Link header (Mastodon and Pleroma use max_id / min_id / since_id). */
export interface PageParams {
  url: string;
  maxId?: string;
  minId?: string;
  sinceId?: string;
}

export interface Page<T> {
  items: T[];
  next: PageParams | null;
  prev: PageParams | null;
}

export interface LinkPages {
  next: PageParams | null;
  prev: PageParams | null;
}

function pageParams(url: string): PageParams {
  const page: PageParams = { url };
  let query: URLSearchParams;
  try {
    query = new URL(url, 'http://relative.invalid').searchParams;
  } catch {
    return page;
  }
  const maxId = query.get('max_id');
  const minId = query.get('min_id');
  const sinceId = query.get('since_id');
  if (maxId) page.maxId = maxId;
  if (minId) page.minId = minId;
  if (sinceId) page.sinceId = sinceId;
  return page;
}

/** `<https://x/api/v1/timelines/home?max_id=1>; rel="next", <...?min_id=2>; rel="prev"` */
export function parseLinkHeader(header: string | null | undefined): LinkPages {
  const pages: LinkPages = { next: null, prev: null };
  if (!header) return pages;
  for (const match of header.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const url = match[1] ?? '';
    const relMatch = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2] ?? '');
    if (!url || !relMatch?.[1]) continue;
    for (const rel of relMatch[1].trim().split(/\s+/)) {
      if (rel === 'next' && !pages.next) pages.next = pageParams(url);
      if ((rel === 'prev' || rel === 'previous') && !pages.prev) pages.prev = pageParams(url);
    }
  }
  return pages;
}
