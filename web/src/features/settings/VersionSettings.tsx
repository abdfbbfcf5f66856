import '../../i18n/parts/settings.ts';
import { useEffect, useState } from 'react';
import { instanceVersion } from '../../api/security.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { version as clientVersion } from '../../../../package.json';
import styles from './Settings.module.css';

/** The build: its commit when known, and whether it is a production or development build. */
const clientBuild = (): string =>
  [import.meta.env.VITE_STARLING_COMMIT, import.meta.env.MODE].filter(Boolean).join(', ');

/** Version: this client's and the instance's. */
export function VersionSettings() {
  const instanceName = useInstance((state) => state.config.name);
  const [serverVersion, setServerVersion] = useState<string | null>(null);
  useEffect(() => {
    instanceVersion(api).then(setServerVersion, () => setServerVersion(''));
  }, []);
  return (
    <div className={styles.page}>
      <dl className={styles.group}>
        <dt>{t('settings.version.client')}</dt>
        <dd>{t('settings.version.client_build', clientVersion, clientBuild())}</dd>
        <dt>{t('settings.version.instance', instanceName)}</dt>
        <dd>
          {serverVersion === null
            ? t('modals.loading')
            : serverVersion || t('settings.version.unknown')}
        </dd>
      </dl>
    </div>
  );
}

export default VersionSettings;
