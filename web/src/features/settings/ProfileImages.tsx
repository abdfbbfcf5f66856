import '../../i18n/parts/settings.ts';
import { useEffect, useId, useState } from 'react';
import { updateCredentials, type UpdateCredentialsParams } from '../../api/accounts.ts';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { fileTooBigArgs } from '../../lib/fileSize.ts';
import { useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { Button } from '../../ui/Button.tsx';
import { errorText } from './errorText.ts';
import styles from './Settings.module.css';

/** Spec part 2, §5: avatars should be at least this wide and high. */
export const RECOMMENDED_AVATAR_SIZE = 150;

type ImageKind = 'avatar' | 'header' | 'background';

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

function ImagePicker({ kind, account }: { kind: ImageKind; account: Account }) {
  const inputId = useId();
  const uploadLimit = useInstance((state) => state.config.uploadlimit);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (chosen: File | undefined) => {
    setError(null);
    setWarning(null);
    setSaved(false);
    if (!chosen) return;
    if (uploadLimit > 0 && chosen.size > uploadLimit) {
      const a = fileTooBigArgs(chosen.size, uploadLimit);
      setError(
        t(
          'settings.profile.file_too_big',
          a.filesize,
          a.filesizeunit,
          a.allowedsize,
          a.allowedsizeunit,
        ),
      );
      return;
    }
    const url = URL.createObjectURL(chosen);
    setFile(chosen);
    setPreview(url);
    if (kind === 'avatar') {
      imageSize(url).then(
        ({ width, height }) => {
          if (width < RECOMMENDED_AVATAR_SIZE || height < RECOMMENDED_AVATAR_SIZE) {
            setWarning(t('settings.profile.avatar_small', RECOMMENDED_AVATAR_SIZE));
          }
        },
        () => setError(t('settings.profile.unreadable_image')),
      );
    }
  };

  const submit = (value: File | '') => {
    setSaving(true);
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
        setError(errorText(failure));
        setSaving(false);
      },
    );
  };

  const current = CURRENT[kind](account);
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
      <input
        id={inputId}
        type="file"
        accept="image/*"
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {kind === 'avatar' && (
        <p className={styles.hint}>{t('settings.profile.avatar_hint', RECOMMENDED_AVATAR_SIZE)}</p>
      )}
      {warning && <p className={styles.hint}>{warning}</p>}
      <div className={styles.actions}>
        {file && (
          <>
            <Button variant="primary" disabled={saving} onClick={() => submit(file)}>
              {t('settings.profile.images.save', t(`settings.profile.images.${kind}`))}
            </Button>
            <Button
              onClick={() => {
                setFile(null);
                setPreview(null);
                setWarning(null);
              }}
            >
              {t('settings.cancel')}
            </Button>
          </>
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
