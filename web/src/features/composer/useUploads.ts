import '../../i18n/parts/composer.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadMedia } from '../../api/media.ts';
import type { Attachment } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { fileTooBigArgs } from '../../lib/fileSize.ts';

/** A file on its way to the server. */
export interface PendingUpload {
  id: number;
  name: string;
  /** 0 to 1. */
  progress: number;
}

/** "Upload failed." followed by the specific reason (spec part 2, §5 and §8). */
export function uploadErrorMessage(reason: string): string {
  return `${t('upload.error.base')} ${reason}`;
}

export function fileTooBigMessage(size: number, allowed: number): string {
  const args = fileTooBigArgs(size, allowed);
  return uploadErrorMessage(
    t(
      'upload.error.file_too_big',
      args.filesize,
      args.filesizeunit,
      args.allowedsize,
      args.allowedsizeunit,
    ),
  );
}

interface UploadOptions {
  /** The instance's upload limit in bytes; 0 means none known. */
  uploadLimit: number;
  /** How many more files the post can take. */
  room: number;
  onUploaded(attachment: Attachment): void;
}

let nextUploadId = 1;

/** Uploads files one request each, with progress; refuses files over the limit before sending. */
export function useUploads({ uploadLimit, room, onUploaded }: UploadOptions) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [error, setError] = useState<string | null>(null);
  const controllers = useRef(new Set<AbortController>());
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  }, [onUploaded]);

  useEffect(() => {
    const live = controllers.current;
    return () => live.forEach((controller) => controller.abort());
  }, []);

  const uploadOne = useCallback(async (file: File) => {
    const id = nextUploadId++;
    const controller = new AbortController();
    controllers.current.add(controller);
    setPending((list) => [...list, { id, name: file.name, progress: 0 }]);
    const setProgress = (progress: number) =>
      setPending((list) => list.map((item) => (item.id === id ? { ...item, progress } : item)));
    try {
      const attachment = await uploadMedia(api, file, {
        fileName: file.name,
        onProgress: setProgress,
        signal: controller.signal,
      });
      uploaded.current(attachment);
    } catch (cause) {
      if (controller.signal.aborted) return;
      const detail = cause instanceof Error && cause.message ? cause.message : '';
      setError(uploadErrorMessage(detail || t('upload.error.default')));
    } finally {
      controllers.current.delete(controller);
      setPending((list) => list.filter((item) => item.id !== id));
    }
  }, []);

  const upload = useCallback(
    (files: readonly File[]) => {
      setError(null);
      const accepted = files.slice(0, Math.max(0, room - pending.length));
      for (const file of accepted) {
        if (uploadLimit > 0 && file.size > uploadLimit) {
          setError(fileTooBigMessage(file.size, uploadLimit));
          continue;
        }
        void uploadOne(file);
      }
    },
    [pending.length, room, uploadLimit, uploadOne],
  );

  return { pending, error, upload, dismissError: () => setError(null) };
}
