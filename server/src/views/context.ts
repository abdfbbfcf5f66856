import type { Database } from 'better-sqlite3';
import type { ServerContext } from '../context.ts';
import { sql } from '../db/index.ts';
import { getAccount, type AccountRow } from '../db/accounts.ts';
import { hostOf } from './html.ts';

export interface EmojiRow {
  shortcode: string;
  file_name: string;
  category: string;
  visible_in_picker: number;
}

export interface CustomEmoji {
  shortcode: string;
  url: string;
  static_url: string;
  visible_in_picker: boolean;
  category: string;
}

/**
 * Per-request rendering state for one viewer: memoises accounts, relationships and the custom
 * emoji table, so a page of statuses by a handful of accounts costs few queries.
 */
export class RenderContext {
  readonly db: Database;
  readonly origin: string;
  readonly host: string;
  readonly rendered = new Map<string, unknown>();
  private readonly accountRows = new Map<string, AccountRow | null>();
  private emoji: Map<string, EmojiRow> | null = null;

  constructor(
    ctx: Pick<ServerContext, 'db' | 'origin'>,
    readonly viewerId: string | null,
  ) {
    this.db = ctx.db;
    this.origin = ctx.origin;
    this.host = hostOf(ctx.origin);
  }

  account(id: string): AccountRow | null {
    let row = this.accountRows.get(id);
    if (row === undefined) {
      row = getAccount(this.db, id) ?? null;
      this.accountRows.set(id, row);
    }
    return row;
  }

  emojiMap(): Map<string, EmojiRow> {
    if (!this.emoji) {
      const rows = sql(this.db, 'SELECT * FROM custom_emojis').all() as EmojiRow[];
      this.emoji = new Map(rows.map((r) => [r.shortcode, r]));
    }
    return this.emoji;
  }

  emojiUrl(fileName: string): string {
    return `${this.origin}/emoji/custom/${fileName}`;
  }

  /** Custom emoji objects for the shortcodes that exist on this instance. */
  emojisFor(shortcodes: string[]): CustomEmoji[] {
    const map = this.emojiMap();
    const out: CustomEmoji[] = [];
    for (const code of shortcodes) {
      const row = map.get(code);
      if (!row) continue;
      const url = this.emojiUrl(row.file_name);
      out.push({
        shortcode: code,
        url,
        static_url: url,
        visible_in_picker: row.visible_in_picker === 1,
        category: row.category,
      });
    }
    return out;
  }

  mediaUrl(path: string | null, fallback: string): string {
    return path ? `${this.origin}/media/${path}` : `${this.origin}${fallback}`;
  }

  /** Memoise any rendered entity by key. */
  memo<T>(key: string, build: () => T): T {
    if (this.rendered.has(key)) return this.rendered.get(key) as T;
    const value = build();
    this.rendered.set(key, value);
    return value;
  }
}
