import type { Attachment } from '../../api/types.ts';

/** STUB (owner: media-polls-reactions). Attachments in rows of up to 3; opens the media viewer. */
export function AttachmentGallery(_props: {
  statusId: string;
  attachments: readonly Attachment[];
  sensitive: boolean;
}) {
  return null;
}
