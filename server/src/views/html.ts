/** Stored HTML uses this marker in place of the instance origin, so links follow the origin the server runs at. */
export const ORIGIN_MARKER = '\u0001origin\u0001';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

export function withOrigin(html: string, origin: string): string {
  return html.includes(ORIGIN_MARKER) ? html.split(ORIGIN_MARKER).join(origin) : html;
}

export function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return 'localhost';
  }
}
