/**
 * For tests: the fields of a plain public post saying `text`, which both the composer's fields
 * (features/composer) and a new post's (lib/newPost.ts) take; spread `over` on top.
 */
export function plainFields(text: string) {
  return {
    text,
    spoilerText: '',
    visibility: 'public' as const,
    contentType: 'text/plain',
    sensitive: false,
    poll: null,
    attachments: [],
    descriptions: {},
  };
}
