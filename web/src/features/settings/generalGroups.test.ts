import '../../i18n/parts/settings.ts';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/index.ts';
import { DEFAULT_NOTIFICATION_VISIBILITY } from '../../lib/notifications.ts';
import { PREFERENCE_KEYS } from '../../state/preferences.ts';
import { GENERAL_GROUPS } from './generalGroups.ts';

/** Preferences with no General-tab control, and why. */
const NOT_ON_THE_GENERAL_TAB = new Set<string>([
  // Where the user was last; not a choice.
  'lastTimeline',
  // Set per person from their user card.
  'highlight',
  // On the Notifications tab: it subscribes this browser to push.
  'webPushNotifications',
  // On the Theme tab.
  'theme',
  'customTheme',
  'sidebarColumnWidth',
  'contentColumnWidth',
  'notifsColumnWidth',
]);

const controls = GENERAL_GROUPS.flatMap((group) => group.controls);
const keys = controls.map((control) =>
  control.kind === 'sidebarRight' ? 'sidebarRight' : control.key,
);

describe('the General tab', () => {
  it('offers every preference once', () => {
    const expected = PREFERENCE_KEYS.filter((key) => !NOT_ON_THE_GENERAL_TAB.has(key));
    expect([...keys].sort()).toEqual([...expected].sort());
  });

  it('has a label for every group, control and choice', () => {
    const missing: string[] = [];
    const check = (key: string) => {
      if (t(key) === key) missing.push(key);
    };
    for (const group of GENERAL_GROUPS) check(`settings.general.groups.${group.id}`);
    for (const control of controls) {
      const key = control.kind === 'sidebarRight' ? 'sidebarRight' : control.key;
      if (control.kind === 'notificationVisibility') {
        // One checkbox per kind, under the group's legend.
        for (const kind of Object.keys(DEFAULT_NOTIFICATION_VISIBILITY))
          check(`settings.general.notificationVisibility_options.${kind}`);
        continue;
      }
      check(`settings.general.${key}`);
      if (control.kind === 'choice') {
        for (const option of control.options) check(`settings.general.${key}_options.${option}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
