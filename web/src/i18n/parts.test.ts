import { describe, expect, it } from 'vitest';
import { addMessages, t, tCount } from './index.ts';
import en from './locales/en.json';

type Messages = { [key: string]: string | Messages };

const partFiles = import.meta.glob<Messages>('./locales/en/*.json', {
  eager: true,
  import: 'default',
});
const partModules = import.meta.glob<string>('./parts/*.ts', {
  eager: true,
  query: '?raw',
  import: 'default',
});

function keysOf(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix + key}.`),
  );
}

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

describe('the lazy parts', () => {
  it('are each added by a module of i18n/parts that lazy chunks import', () => {
    const added = Object.values(partModules).join('\n');
    for (const file of Object.keys(partFiles)) {
      expect(added).toContain(file.replace('./locales/', '../locales/'));
    }
  });

  it('hold no string the start-up bundle or another part already has', () => {
    const seen = new Map(keysOf(en).map((key) => [key, 'en.json']));
    for (const [file, messages] of Object.entries(partFiles)) {
      for (const key of keysOf(messages)) {
        expect(seen.get(key), `${key} in ${file}`).toBeUndefined();
        seen.set(key, file);
      }
    }
  });

  it('carry the strings of a post’s actions, notifications, pickers and menus', async () => {
    expect(t('status.delete_confirm')).toBe('status.delete_confirm');
    await Promise.all([
      import('./parts/status.ts'),
      import('./parts/notifications.ts'),
      import('./parts/emoji.ts'),
      import('./parts/timelines.ts'),
      import('./parts/navigation.ts'),
    ]);
    expect(t('status.delete_confirm')).toBe('Do you really want to delete this post?');
    expect(t('notifications.summary.like')).not.toBe('notifications.summary.like');
    expect(t('emoji.groups.flags')).toBe('Flags');
    expect(t('timeline.settings.replies_all')).toBe('All replies');
    expect(t('nav.drawer_title')).toBe('Menu');
  });
});

describe('counts shown with a noun', () => {
  it('take the singular for one and the plural otherwise', () => {
    addMessages({
      plural_probe: { apples: { one: '{{0}} apple in {{1}}', other: '{{0}} apples in {{1}}' } },
    });
    expect(tCount('plural_probe.apples', 1, 'the bowl')).toBe('1 apple in the bowl');
    expect(tCount('plural_probe.apples', 0, 'the bowl')).toBe('0 apples in the bowl');
    expect(tCount('plural_probe.apples', 2, 'the bowl')).toBe('2 apples in the bowl');
  });

  it('a key with one form for every count reads as it is', () => {
    expect(tCount('a11y.time.now', 0)).toBe('just now');
    expect(tCount('a11y.time.minutes', 1)).toBe('1 minute ago');
  });

  it('every count with a noun in the start-up strings reads right for one and for many', () => {
    expect(tCount('timeline.show_new_posts', 1)).toBe('Show 1 new post');
    expect(tCount('modals.notice_count', 1)).toBe('raised 1 time');
    expect(tCount('a11y.time.minutes', 1)).toBe('1 minute ago');
    expect(tCount('a11y.time.days', 4)).toBe('4 days ago');
    expect(tCount('polls.people_voted', 1)).toBe('1 person voted');
    expect(tCount('polls.votes', 5)).toBe('5 votes');
    expect(tCount('reactions.show_more_label', 1)).toBe('Show 1 more reaction');
  });

  it('and so does a count in the strings of a lazy screen', async () => {
    await import('./parts/drafts.ts');
    expect(tCount('drafts.with_attachments', 1)).toBe('1 attachment');
    expect(tCount('drafts.with_attachments', 2)).toBe('2 attachments');
    expect(t('post_status.characters_left')).toBe('post_status.characters_left');
    await import('./parts/composer.ts');
    expect(tCount('post_status.characters_left', 1)).toBe('1 character left');
    expect(tCount('post_status.characters_over', 1)).toBe('1 character over the limit');
    await import('./parts/status.ts');
    expect(tCount('status.repeats_count', 1)).toBe('1 Repeat');
    expect(tCount('status.repeats_count', 3)).toBe('3 Repeats');
    expect(tCount('status.favorites_count', 1)).toBe('1 Favorite');
    expect(tCount('status.favorites_count', 2)).toBe('2 Favorites');
    expect(tCount('status.history_attachments', 1)).toBe('1 attachment');
    await import('./parts/notifications.ts');
    expect(tCount('notifications.new_many', 1)).toBe('1 new notification');
    expect(tCount('notifications.new_many', 2)).toBe('2 new notifications');
  });
});
