import '../../i18n/parts/settings.ts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { createBackup, listBackups, type AccountBackup } from '../../api/backups.ts';
import {
  importAccounts,
  listBlocks,
  listFollowing,
  listMutes,
  type ImportKind,
} from '../../api/mutesBlocks.ts';
import { api } from '../../app/apiClient.ts';
import { interfaceLocale, t, tCount } from '../../i18n/index.ts';
import { formatFileSize } from '../../lib/fileSize.ts';
import { accountsCsv, parseImportList } from '../../lib/importList.ts';
import { readSettingsBackup, settingsBackupText } from '../../lib/settingsBackup.ts';
import { PREFERENCE_RULES, usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { Button } from '../../ui/Button.tsx';
import { FilePicker } from '../../ui/FormControls.tsx';
import { errorText } from './errorText.ts';
import styles from './Settings.module.css';

type Outcome = { ok: boolean; text: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? styles.saved : styles.error}>
      {outcome.text}
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const EXPORTERS: Record<ImportKind, (accountId: string) => Promise<string[]>> = {
  follows: (accountId) => listFollowing(api, accountId),
  blocks: async () => (await listBlocks(api)).map((account) => account.acct),
  mutes: async () => (await listMutes(api)).map(({ account }) => account.acct),
};

function AccountsImportExport({ kind }: { kind: ImportKind }) {
  const inputId = useId();
  const accountId = useSession((state) => state.user?.id ?? '');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setOutcome(null);
    const { accounts, invalid } = parseImportList(await file.text());
    if (accounts.length === 0) {
      setOutcome({ ok: false, text: t('settings.data.nothing_to_import') });
      return;
    }
    setBusy(true);
    try {
      const result = await importAccounts(api, kind, accounts);
      const skipped = [...invalid, ...result.unknown];
      const done = t('settings.data.imported', result.imported ?? accounts.length);
      setOutcome({
        ok: true,
        text: skipped.length ? `${done} ${t('settings.data.skipped', skipped.join(', '))}` : done,
      });
    } catch (error) {
      setOutcome({ ok: false, text: t(`settings.data.import_error.${kind}`, errorText(error)) });
    } finally {
      setBusy(false);
    }
  };

  const exportCsv = async () => {
    setOutcome(null);
    try {
      download(`${kind}.csv`, accountsCsv(await EXPORTERS[kind](accountId)), 'text/csv');
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error) });
    }
  };

  return (
    <Section title={t(`settings.data.${kind}`)}>
      <div className={styles.column}>
        <label htmlFor={inputId}>{t(`settings.data.import_${kind}`)}</label>
        <FilePicker
          id={inputId}
          buttonText={t('settings.file.choose')}
          noneText={t('settings.file.none')}
          accept=".csv,.txt,text/csv,text/plain"
          disabled={busy}
          onChange={(event) => {
            void importFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <div className={styles.actions}>
        <Button onClick={() => void exportCsv()}>{t(`settings.data.export_${kind}`)}</Button>
      </div>
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}

function SettingsBackup() {
  const inputId = useId();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const exportSettings = () => {
    const text = settingsBackupText(usePreferences.getState(), PREFERENCE_RULES);
    const date = new Date().toISOString().slice(0, 10);
    download(`starling-settings-${date}.json`, text, 'application/json');
  };

  const importSettings = async (file: File | undefined) => {
    if (!file) return;
    const result = readSettingsBackup(await file.text(), PREFERENCE_RULES);
    if (!result.ok) {
      setOutcome({ ok: false, text: t(`settings.data.backup_refused.${result.reason}`) });
      return;
    }
    usePreferences.getState().applyPreferences(result.preferences);
    setOutcome({
      ok: true,
      text: t(
        result.warning ? 'settings.data.backup_loaded_warning' : 'settings.data.backup_loaded',
      ),
    });
  };

  return (
    <Section title={t('settings.data.settings_backup')}>
      <p className={styles.hint}>{t('settings.data.settings_backup_hint')}</p>
      <div className={styles.actions}>
        <Button onClick={exportSettings}>{t('settings.data.export_settings')}</Button>
      </div>
      <div className={styles.column}>
        <label htmlFor={inputId}>{t('settings.data.import_settings')}</label>
        <FilePicker
          id={inputId}
          buttonText={t('settings.file.choose')}
          noneText={t('settings.file.none')}
          accept=".json,application/json"
          onChange={(event) => {
            void importSettings(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}

function BackupState({ backup }: { backup: AccountBackup }) {
  if (backup.failed)
    return <span className={styles.error}>{t('settings.data.backup_failed')}</span>;
  if (!backup.processed) {
    return <span>{tCount('settings.data.backup_running', backup.processedCount)}</span>;
  }
  const size = formatFileSize(backup.fileSize);
  return (
    <a href={backup.url} download>
      {t('settings.data.backup_download', `${size.num} ${size.unit}`)}
    </a>
  );
}

function AccountBackups() {
  const [backups, setBackups] = useState<AccountBackup[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => {
    listBackups(api).then(setBackups, (error: unknown) => {
      setBackups([]);
      setOutcome({ ok: false, text: t('settings.data.backup_list_error', errorText(error)) });
    });
  }, []);
  const request = () => {
    setOutcome(null);
    createBackup(api).then(
      (list) => {
        setBackups(list);
        setOutcome({ ok: true, text: t('settings.data.backup_requested') });
      },
      (error: unknown) =>
        setOutcome({ ok: false, text: t('settings.data.backup_create_error', errorText(error)) }),
    );
  };
  const title = t('settings.data.account_backups');
  return (
    <Section title={title}>
      <p className={styles.hint}>{t('settings.data.account_backups_hint')}</p>
      {backups === null ? (
        <p>{t('modals.loading')}</p>
      ) : (
        backups.length > 0 && (
          <ul className={styles.list} aria-label={title}>
            {backups.map((backup) => (
              <li key={backup.id}>
                <span>{new Date(backup.insertedAt).toLocaleString(interfaceLocale())}</span>
                <BackupState backup={backup} />
              </li>
            ))}
          </ul>
        )
      )}
      <div className={styles.actions}>
        <Button onClick={request}>{t('settings.data.create_backup')}</Button>
      </div>
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}

/** Data import / export: follows, blocks and mutes as files, and the settings backup. */
export function DataSettings() {
  return (
    <div className={styles.page}>
      <AccountsImportExport kind="follows" />
      <AccountsImportExport kind="blocks" />
      <AccountsImportExport kind="mutes" />
      <AccountBackups />
      <SettingsBackup />
    </div>
  );
}

export default DataSettings;
