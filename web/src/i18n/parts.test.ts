import { describe, expect, it } from 'vitest';
import { addMessages, t } from './index.ts';

describe('strings that travel with lazy chunks', () => {
  it('are found once their part is added, and English core strings still win', () => {
    expect(t('lazy_part_probe.title')).toBe('lazy_part_probe.title');
    addMessages({
      lazy_part_probe: { title: 'Probe {{0}}' },
      timeline: { no_statuses: 'not this' },
    });
    expect(t('lazy_part_probe.title', 7)).toBe('Probe 7');
    expect(t('timeline.no_statuses')).not.toBe('not this');
  });

  it('the settings and people parts carry their screens’ strings', async () => {
    expect(t('settings.general.groups.layout')).toBe('settings.general.groups.layout');
    await import('./parts/settings.ts');
    await import('./parts/people.ts');
    expect(t('settings.general.groups.layout')).toBe('Layout');
    expect(t('user_profile.profile_does_not_exist')).toBe('Sorry, this profile does not exist.');
  });
});
