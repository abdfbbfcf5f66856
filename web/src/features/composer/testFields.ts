import type { ComposerFields } from './composerFields.ts';

/** For tests: the fields of a plain public post saying `text`, with `over` on top. */
export function plainFields(text: string, over: Partial<ComposerFields> = {}): ComposerFields {
  return {
    text,
    spoilerText: '',
    visibility: 'public',
    contentType: 'text/plain',
    sensitive: false,
    poll: null,
    attachments: [],
    descriptions: {},
    ...over,
  };
}
