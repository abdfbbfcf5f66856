import '../../i18n/parts/timelines.ts';
import { t } from '../../i18n/index.ts';
import { usePreferences, type Preferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { Checkbox, Radio } from '../../ui/FormControls.tsx';
import styles from './Timeline.module.css';

type BooleanPreference = {
  [K in keyof Preferences]: Preferences[K] extends boolean ? K : never;
}[keyof Preferences];

/** Quick filter and view settings of the timeline header (loaded when first opened). */
const TOGGLES: readonly [BooleanPreference, string][] = [
  ['hideMutedPosts', 'timeline.settings.hide_muted_posts'],
  ['hideAttachments', 'timeline.settings.hide_attachments'],
  ['hidePostStats', 'timeline.settings.hide_post_stats'],
  ['pauseOnUnfocused', 'timeline.settings.pause_on_unfocused'],
];

const REPLY_VISIBILITY: readonly Preferences['replyVisibility'][] = ['all', 'following', 'self'];

export function QuickSettings() {
  const preferences = usePreferences();
  const signedIn = useSession((state) => state.status === 'signedIn');
  return (
    <div className={styles.quickSettings}>
      {signedIn && (
        <fieldset>
          <legend>{t('timeline.settings.replies')}</legend>
          {REPLY_VISIBILITY.map((value) => (
            <Radio
              key={value}
              name="replyVisibility"
              checked={preferences.replyVisibility === value}
              onChange={() => preferences.setPreference('replyVisibility', value)}
              label={t(`timeline.settings.replies_${value}`)}
            />
          ))}
        </fieldset>
      )}
      {TOGGLES.map(([key, labelKey]) => (
        <Checkbox
          key={key}
          checked={preferences[key]}
          onChange={(event) => preferences.setPreference(key, event.target.checked)}
          label={t(labelKey)}
        />
      ))}
    </div>
  );
}
