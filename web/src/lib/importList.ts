import { csvRow } from './csv.ts';

/**
 * The accounts in a follows, blocks or mutes import file (spec part 2, Data import/export): a
 * list of handles separated by whitespace or commas, or a Mastodon-style CSV whose first column
 * holds the handle (a header row such as "Account address,Show boosts" is skipped).
 */

export interface ImportList {
  /** Handles without a leading @, in file order, each once. */
  accounts: string[];
  /** Entries that are not handles, for the user to see. */
  invalid: string[];
}

const HANDLE = /^[a-z0-9_][a-z0-9_.-]*(@[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?)?$/i;

export function parseImportList(text: string): ImportList {
  const accounts: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (/^\s*"?account address/i.test(lines[0] ?? '')) lines.shift();
  const isCsv = lines.some((line) => line.includes(','));
  for (const line of lines) {
    const entries = isCsv ? [line.split(',')[0] ?? ''] : line.split(/\s+/);
    for (const raw of entries) {
      const entry = raw.trim().replace(/^"|"$/g, '').trim();
      if (!entry) continue;
      if (isCsv && /\s/.test(entry) && !entry.includes('@')) continue; // the header row
      const handle = entry.replace(/^@/, '');
      if (!HANDLE.test(handle)) {
        invalid.push(entry);
        continue;
      }
      const key = handle.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      accounts.push(handle);
    }
  }
  return { accounts, invalid };
}

/** A CSV export of accounts, in the shape the import reads back; cells made spreadsheet-safe. */
export function accountsCsv(handles: readonly string[], header = 'Account address'): string {
  return [header, ...handles].map((cell) => csvRow([cell])).join('\n') + '\n';
}
