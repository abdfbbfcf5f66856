import '../../i18n/parts/settings.ts';
import { useId, useState, type FormEvent } from 'react';
import { updateCredentials } from '../../api/accounts.ts';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { unsavedChanges } from '../../lib/profileSave.ts';
import { useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, TextField, textFieldClass } from '../../ui/FormControls.tsx';
import { AutocompleteTextarea, type AutocompleteSources } from '../emoji/AutocompleteTextarea.tsx';
import { ProfileImages } from './ProfileImages.tsx';
import { ServerOptions } from './ServerOptions.tsx';
import styles from './Settings.module.css';
import { errorText } from './errorText.ts';

/** Pleroma's default field count, for an instance that declares none. */
const DEFAULT_MAX_PROFILE_FIELDS = 10;

/** The bio completes :emoji: like the composer. */
const BIO_SOURCES: AutocompleteSources = { emoji: true };

interface AccountField {
  name: string;
  value: string;
}

type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

function ProfileForm({ account }: { account: Account }) {
  const nameId = useId();
  const bioId = useId();
  const birthdayId = useId();
  const [displayName, setDisplayName] = useState(account.displayName);
  const [bio, setBio] = useState(account.source?.note ?? '');
  const [fields, setFields] = useState<AccountField[]>(() =>
    (account.source?.fields ?? account.fields).map(({ name, value }) => ({ name, value })),
  );
  const [birthday, setBirthday] = useState(account.birthday ?? '');
  const [showBirthday, setShowBirthday] = useState(account.source?.showBirthday ?? false);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const fieldsLimits = useInstance((state) => state.config.fieldsLimits);
  const maxFields = fieldsLimits?.maxFields || DEFAULT_MAX_PROFILE_FIELDS;
  // A length the instance does not name (0) is left uncapped here; the server still decides.
  const nameLength = fieldsLimits?.nameLength || undefined;
  const valueLength = fieldsLimits?.valueLength || undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSave({ kind: 'saving' });
    const asked = {
      displayName,
      note: bio,
      fields: fields.filter((field) => field.name !== '' || field.value !== ''),
      birthday,
      showBirthday,
    };
    updateCredentials(api, asked).then(
      (updated) => {
        useSession.getState().setUser(updated);
        const saved = unsavedChanges(account, asked, updated).length === 0;
        setSave(saved ? { kind: 'saved' } : { kind: 'error', message: t('settings.not_saved') });
      },
      (error: unknown) => setSave({ kind: 'error', message: errorText(error) }),
    );
  };

  const setField = (index: number, change: Partial<AccountField>) =>
    setFields((current) => current.map((f, i) => (i === index ? { ...f, ...change } : f)));

  return (
    <form className={styles.group} onSubmit={submit} aria-labelledby={`${nameId}-heading`}>
      <h3 id={`${nameId}-heading`}>{t('settings.profile.heading')}</h3>
      <div className={styles.column}>
        <label htmlFor={nameId}>{t('settings.profile.display_name')}</label>
        <TextField
          id={nameId}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
        />
      </div>
      <div className={styles.column}>
        <label htmlFor={bioId}>{t('settings.profile.bio')}</label>
        <AutocompleteTextarea
          id={bioId}
          rows={4}
          className={textFieldClass}
          value={bio}
          onChange={setBio}
          sources={BIO_SOURCES}
        />
      </div>
      <fieldset className={styles.group}>
        <legend>{t('settings.profile.fields', maxFields)}</legend>
        {fields.map((field, index) => (
          <div key={index} className={styles.fieldRow}>
            <TextField
              aria-label={t('settings.profile.field_name', index + 1)}
              placeholder={t('settings.profile.field_name_placeholder')}
              maxLength={nameLength}
              value={field.name}
              onChange={(event) => setField(index, { name: event.target.value })}
            />
            <TextField
              aria-label={t('settings.profile.field_value', index + 1)}
              placeholder={t('settings.profile.field_value_placeholder')}
              maxLength={valueLength}
              value={field.value}
              onChange={(event) => setField(index, { value: event.target.value })}
            />
            <Button
              compact
              aria-label={t('settings.profile.remove_field', index + 1)}
              onClick={() => setFields((current) => current.filter((_, i) => i !== index))}
            >
              ×
            </Button>
          </div>
        ))}
        {fields.length < maxFields && (
          <Button
            compact
            onClick={() => setFields((current) => [...current, { name: '', value: '' }])}
          >
            {t('settings.profile.add_field')}
          </Button>
        )}
      </fieldset>
      <div className={styles.row}>
        <label htmlFor={birthdayId}>{t('settings.profile.birthday')}</label>
        <TextField
          id={birthdayId}
          type="date"
          value={birthday}
          onChange={(event) => setBirthday(event.target.value)}
        />
        <Checkbox
          label={t('settings.profile.show_birthday')}
          checked={showBirthday}
          onChange={(event) => setShowBirthday(event.target.checked)}
        />
      </div>
      <div className={styles.actions}>
        <Button variant="primary" type="submit" disabled={save.kind === 'saving'}>
          {t('settings.profile.save')}
        </Button>
        {save.kind === 'saved' && (
          <span role="status" className={styles.saved}>
            {t('settings.saved')}
          </span>
        )}
        {save.kind === 'error' && (
          <span role="alert" className={styles.error}>
            {save.message}
          </span>
        )}
      </div>
    </form>
  );
}

/** Profile: name, bio, fields, birthday, images and the options the server keeps. */
export function ProfileSettings() {
  const account = useSession((state) => state.user);
  if (!account) return <p>{t('settings.signed_out')}</p>;
  return (
    <div className={styles.page}>
      <ProfileForm account={account} />
      <ProfileImages account={account} />
      <ServerOptions />
    </div>
  );
}

export default ProfileSettings;
