import '../../i18n/parts/settings.ts';
import { useId } from 'react';
import type { UpdateCredentialsParams } from '../../api/accounts.ts';
import type { Account, Visibility } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import type { ServerOptionState } from '../../lib/serverOption.ts';
import { Checkbox, Select } from '../../ui/FormControls.tsx';
import styles from './Settings.module.css';
import { throughCredentials, useServerOption } from './useServerOption.ts';

type BooleanOption = {
  id: string;
  read(account: Account): boolean;
  write(value: boolean): UpdateCredentialsParams;
};

/** The account options the server keeps (spec part 2, §3 "Server-side account options"). */
const BOOLEAN_OPTIONS: BooleanOption[] = [
  { id: 'locked', read: (a) => a.locked, write: (locked) => ({ locked }) },
  {
    id: 'defaultSensitive',
    read: (a) => a.source?.sensitive ?? false,
    write: (defaultSensitive) => ({ defaultSensitive }),
  },
  {
    id: 'noRichText',
    read: (a) => a.source?.noRichText ?? false,
    write: (noRichText) => ({ noRichText }),
  },
  {
    id: 'discoverable',
    read: (a) => a.discoverable ?? a.source?.discoverable ?? false,
    write: (discoverable) => ({ discoverable }),
  },
  {
    id: 'acceptsChatMessages',
    read: (a) => a.acceptsChatMessages ?? false,
    write: (acceptsChatMessages) => ({ acceptsChatMessages }),
  },
  {
    id: 'allowFollowingMove',
    read: (a) => a.allowFollowingMove,
    write: (allowFollowingMove) => ({ allowFollowingMove }),
  },
  {
    id: 'showRole',
    read: (a) => a.source?.showRole ?? false,
    write: (showRole) => ({ showRole }),
  },
  {
    id: 'hideFavorites',
    read: (a) => a.hideFavorites,
    write: (hideFavorites) => ({ hideFavorites }),
  },
  {
    id: 'hideFollowers',
    read: (a) => a.hideFollowers,
    write: (hideFollowers) => ({ hideFollowers }),
  },
  {
    id: 'hideFollowersCount',
    read: (a) => a.hideFollowersCount,
    write: (hideFollowersCount) => ({ hideFollowersCount }),
  },
  { id: 'hideFollows', read: (a) => a.hideFollows, write: (hideFollows) => ({ hideFollows }) },
  {
    id: 'hideFollowsCount',
    read: (a) => a.hideFollowsCount,
    write: (hideFollowsCount) => ({ hideFollowsCount }),
  },
  { id: 'bot', read: (a) => a.bot, write: (bot) => ({ bot }) },
];

const PRIVACY_OPTIONS: Visibility[] = ['public', 'unlisted', 'private', 'direct'];

const STATUS_TEXT = {
  saved: 'settings.saved',
  error: 'settings.error_saving',
  not_saved: 'settings.not_saved',
} as const;

function Status({ state }: { state: ServerOptionState<unknown> }) {
  if (state.message === null) return null;
  const failed = state.message !== 'saved';
  return (
    <span role={failed ? 'alert' : 'status'} className={failed ? styles.error : styles.saved}>
      {t(STATUS_TEXT[state.message])}
    </span>
  );
}

/** A checkbox for one server-side option, with its saving outcome beside it. */
export function BooleanOptionRow({
  label,
  read,
  save,
}: {
  label: string;
  read(account: Account): boolean;
  save(value: boolean): Promise<Account>;
}) {
  const [state, change] = useServerOption(read, save);
  return (
    <div className={styles.row}>
      <Checkbox
        className={styles.grow}
        label={label}
        checked={state.shown === true}
        disabled={state.pending}
        aria-busy={state.pending}
        onChange={(event) => change(event.target.checked)}
      />
      <Status state={state} />
    </div>
  );
}

function PrivacyRow() {
  const id = useId();
  const [state, change] = useServerOption<Visibility>(
    (a) => a.source?.privacy ?? 'public',
    throughCredentials((defaultScope) => ({ defaultScope })),
  );
  return (
    <div className={styles.row}>
      <label htmlFor={id}>{t('settings.profile.options.defaultScope')}</label>
      <Select
        id={id}
        value={state.shown ?? ''}
        disabled={state.pending}
        onChange={(event) => change(event.target.value as Visibility)}
      >
        {state.shown === null && <option value="" />}
        {PRIVACY_OPTIONS.map((scope) => (
          <option key={scope} value={scope}>
            {t(`settings.profile.scopes.${scope}`)}
          </option>
        ))}
      </Select>
      <Status state={state} />
    </div>
  );
}

export function ServerOptions() {
  return (
    <fieldset className={styles.group}>
      <legend>{t('settings.profile.options_heading')}</legend>
      <PrivacyRow />
      {BOOLEAN_OPTIONS.map((option) => (
        <BooleanOptionRow
          key={option.id}
          label={t(`settings.profile.options.${option.id}`)}
          read={option.read}
          save={throughCredentials(option.write)}
        />
      ))}
    </fieldset>
  );
}
