/**
 * What another app shares with the installed client (the manifest's share target, GET
 * /main/share?title=&text=&url=) as the text the composer opens with: the title, the text, then
 * the link on a line of its own unless the text carries it already (many apps put it in both).
 */
export function sharedText(query: URLSearchParams): string {
  const part = (name: string) => (query.get(name) ?? '').trim();
  const title = part('title');
  const text = part('text');
  const url = part('url');
  const lines: string[] = [];
  if (title && !text.includes(title)) lines.push(title);
  if (text) lines.push(text);
  if (url && !text.includes(url)) lines.push(url);
  return lines.join('\n');
}
