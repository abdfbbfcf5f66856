import '../../i18n/parts/settings.ts';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { updateCredentials, type UpdateCredentialsParams } from '../../api/accounts.ts';
import { ApiError } from '../../api/client.ts';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import {
  oversizedProfileImage,
  type ProfileImageKind,
  type UploadLimits,
} from '../../lib/profileImageLimits.ts';
import { safeMediaUrl } from '../../lib/safeUrl.ts';
import { useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { Button } from '../../ui/Button.tsx';
import { ChunkErrorBoundary } from '../../ui/ChunkErrorBoundary.tsx';
import { FilePicker } from '../../ui/FormControls.tsx';
import { lazyRetry } from '../../ui/lazyRetry.ts';
import type { CroppedImage, CroppedKind } from './imageShapes.ts';
import styles from './Settings.module.css';

// The cropper (react-easy-crop) loads only when someone picks an avatar or a banner.
const ImageCropDialog = lazyRetry(() =>
  import('./ImageCropDialog.tsx').then((m) => ({ default: m.ImageCropDialog })),
);

/** Spec part 2, §5: avatars should be at least this wide and high. */
export const RECOMMENDED_AVATAR_SIZE = 150;

type ImageKind = ProfileImageKind;

const CURRENT: Record<ImageKind, (account: Account) => string | null> = {
  avatar: (a) => a.avatar,
  header: (a) => a.header,
  background: (a) => a.backgroundImage,
};

const PARAMS: Record<ImageKind, (file: File | '') => UpdateCredentialsParams> = {
  avatar: (file) => (file ? { avatar: file } : {}),
  header: (file) => (file ? { header: file } : {}),
  background: (file) => ({ backgroundImage: file }),
};

function imageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = url;
  });
}

const isCropped = (kind: ImageKind): kind is CroppedKind => kind !== 'background';

/** "Upload failed: {detail}" with the server's reason (its 413/422 message), else "Upload failed." */
function uploadFailedText(failure: unknown): string {
  if (failure instanceof ApiError && failure.message) {
    return t('settings.profile.images.upload_failed_detail', failure.message);
  }
  return t('settings.profile.images.upload_failed');
}

function useUploadLimits(): UploadLimits {
  const general = useInstance((state) => state.config.uploadlimit);
  const avatar = useInstance((state) => state.config.avatarUploadLimit);
  const banner = useInstance((state) => state.config.bannerUploadLimit);
  const background = useInstance((state) => state.config.backgroundUploadLimit);
  return { general, avatar, banner, background };
}

function ImagePicker({ kind, account }: { kind: ImageKind; account: Account }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const limits = useUploadLimits();
  /** The picked file waiting in the crop dialog, with its object URL. */
  const [cropping, setCropping] = useState<{ file: File; url: string } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  /** The name the picker shows: the staged file's, and after saving the one saved. */
  const [chosenName, setChosenName] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => () => void (cropping && URL.revokeObjectURL(cropping.url)), [cropping]);

  const warnIfSmall = (size: { width: number; height: number }) => {
    if (
      kind === 'avatar' &&
      (size.width < RECOMMENDED_AVATAR_SIZE || size.height < RECOMMENDED_AVATAR_SIZE)
    ) {
      setWarning(t('settings.profile.avatar_small', RECOMMENDED_AVATAR_SIZE));
    }
  };

  /** Shows the file that would be uploaded, unless it is over its kind's upload limit. */
  const stage = (chosen: File, size?: { width: number; height: number }): boolean => {
    const tooBig = oversizedProfileImage(chosen.size, kind, limits);
    if (tooBig) {
      setError(
        t(
          'settings.profile.file_too_big',
          tooBig.filesize,
          tooBig.filesizeunit,
          tooBig.allowedsize,
          tooBig.allowedsizeunit,
        ),
      );
      return false;
    }
    const url = URL.createObjectURL(chosen);
    setFile(chosen);
    setChosenName(chosen.name);
    setPreview(url);
    if (size) warnIfSmall(size);
    else if (kind === 'avatar') {
      imageSize(url).then(warnIfSmall, () => setError(t('settings.profile.unreadable_image')));
    }
    return true;
  };

  const choose = (chosen: File | undefined) => {
    setError(null);
    setWarning(null);
    setSaved(false);
    if (!chosen) return;
    if (!isCropped(kind)) {
      stage(chosen);
      return;
    }
    const url = URL.createObjectURL(chosen);
    imageSize(url).then(
      () => {
        // Focus goes back here when the dialog closes.
        inputRef.current?.focus();
        setCropping({ file: chosen, url });
      },
      () => {
        URL.revokeObjectURL(url);
        setError(t('settings.profile.unreadable_image'));
      },
    );
  };

  const closeCrop = () => {
    setCropping(null);
    // Picking the same file again should open the dialog again.
    if (inputRef.current) inputRef.current.value = '';
  };

  const submit = (value: File | '') => {
    setSaving(true);
    setSaved(false);
    setError(null);
    updateCredentials(api, PARAMS[kind](value)).then(
      (updated) => {
        useSession.getState().setUser(updated);
        setFile(null);
        setPreview(null);
        setSaved(true);
        setSaving(false);
      },
      (failure: unknown) => {
        setError(uploadFailedText(failure));
        setSaving(false);
      },
    );
  };

  /** The crop dialog's Save is the only save: what it gives is uploaded at once. */
  const stageAndUpload = (chosen: File, size?: { width: number; height: number }) => {
    if (stage(chosen, size)) submit(chosen);
  };

  const discardStaged = () => {
    setFile(null);
    setChosenName(null);
    setPreview(null);
    setWarning(null);
  };

  const current = safeMediaUrl(CURRENT[kind](account));
  const shown = preview ?? current;
  return (
    <div className={styles.column}>
      <label htmlFor={inputId}>{t(`settings.profile.images.${kind}`)}</label>
      {shown && (
        <img
          src={shown}
          alt={t(
            preview ? 'settings.profile.images.new_preview' : 'settings.profile.images.current',
            t(`settings.profile.images.${kind}`),
          )}
          className={kind === 'avatar' ? styles.avatarPreview : styles.preview}
        />
      )}
      <FilePicker
        ref={inputRef}
        id={inputId}
        accept="image/*"
        buttonText={t('settings.file.choose_image')}
        noneText={t('settings.file.none')}
        chosen={chosenName}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {kind === 'avatar' && (
        <p className={styles.hint}>{t('settings.profile.avatar_hint', RECOMMENDED_AVATAR_SIZE)}</p>
      )}
      {warning && <p className={styles.hint}>{warning}</p>}
      <div className={styles.actions}>
        {/* A cropped image is uploaded by the crop dialog's Save; these are for a background,
            or to try a failed upload again. */}
        {file && !saving && (!isCropped(kind) || error) && (
          <>
            <Button variant="primary" onClick={() => submit(file)}>
              {t('settings.profile.images.save', t(`settings.profile.images.${kind}`))}
            </Button>
            <Button onClick={discardStaged}>{t('settings.cancel')}</Button>
          </>
        )}
        {saving && (
          <span role="status" className={styles.hint}>
            {t('settings.profile.images.uploading')}
          </span>
        )}
        {kind === 'background' && !file && current && (
          <Button disabled={saving} onClick={() => submit('')}>
            {t('settings.profile.images.reset_background')}
          </Button>
        )}
        {saved && (
          <span role="status" className={styles.saved}>
            {t('settings.saved')}
          </span>
        )}
        {error && (
          <span role="alert" className={styles.error}>
            {error}
          </span>
        )}
      </div>
      {cropping && isCropped(kind) && (
        <ChunkErrorBoundary>
          <Suspense fallback={null}>
            <ImageCropDialog
              kind={kind}
              file={cropping.file}
              url={cropping.url}
              onCropped={(image: CroppedImage) => {
                closeCrop();
                stageAndUpload(image.file, image);
              }}
              onWholeImage={() => {
                const whole = cropping.file;
                closeCrop();
                stageAndUpload(whole);
              }}
              onCancel={closeCrop}
            />
          </Suspense>
        </ChunkErrorBoundary>
      )}
    </div>
  );
}

export function ProfileImages({ account }: { account: Account }) {
  return (
    <fieldset className={styles.group}>
      <legend>{t('settings.profile.images.heading')}</legend>
      {(['avatar', 'header', 'background'] as const).map((kind) => (
        <ImagePicker key={kind} kind={kind} account={account} />
      ))}
    </fieldset>
  );
}
