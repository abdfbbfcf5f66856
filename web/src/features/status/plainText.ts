import { htmlToPlainText } from '../../lib/statusText.ts';
import type { StoredStatus } from '../../state/entities.ts';

const cache = new WeakMap<object, string>();

/** A status's plain text (the server's, else its HTML stripped), computed once per version. */
export function plainTextOf(status: Pick<StoredStatus, 'plainText' | 'content'>): string {
  if (status.plainText !== null) return status.plainText;
  let text = cache.get(status);
  if (text === undefined) {
    text = htmlToPlainText(status.content);
    cache.set(status, text);
  }
  return text;
}
