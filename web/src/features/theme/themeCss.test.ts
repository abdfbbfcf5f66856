import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeSnapshot, themeProperties } from '../../lib/theme.ts';

// Tests run from the checkout's root (happy-dom's import.meta.url is not a file URL).
const SRC = join(process.cwd(), 'web', 'src');
const globalCss = readFileSync(join(SRC, 'app/global.css'), 'utf8');
/** The custom properties app/global.css gives a value before the theme runtime loads. */
const declared = new Set([...globalCss.matchAll(/^\s*(--[\w-]+):/gm)].map((match) => match[1]));

const moduleCss = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.module.css'))
  .map((file) => ({ file, text: readFileSync(join(SRC, file), 'utf8') }));

/** The theme's per-component values: radii, shadows and opacities. */
const PER_COMPONENT = /^--(radius|shadow|opacity)-/;

describe('the theme in the stylesheets', () => {
  it('gives every per-component value the theme sets a default in global.css', () => {
    const names = Object.keys(
      themeProperties(computeSnapshot({ themeEngineVersion: 3, colors: {} })),
    );
    const perComponent = names.filter((name) => PER_COMPONENT.test(name));
    expect(perComponent.length).toBeGreaterThan(15);
    expect(perComponent.filter((name) => !declared.has(name))).toEqual([]);
  });

  it('reads per-component values only where global.css declares them or a fallback is given', () => {
    const undeclared = moduleCss.flatMap(({ file, text }) =>
      [...text.matchAll(/var\((--[\w-]+)\)/g)]
        .map((match) => match[1]!)
        .filter((name) => PER_COMPONENT.test(name) && !declared.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('draws buttons, fields, checkboxes, panels, avatars, pop-ups and attachments with their own values', () => {
    const uses = (name: string) =>
      moduleCss.filter(({ text }) => text.includes(`var(${name})`)).map(({ file }) => file);
    expect(uses('--radius-btn')).toContain(join('ui', 'Button.module.css'));
    expect(uses('--shadow-button')).toContain(join('ui', 'Button.module.css'));
    expect(uses('--radius-input')).toContain(join('ui', 'FormControls.module.css'));
    expect(uses('--shadow-input')).toContain(join('ui', 'FormControls.module.css'));
    expect(uses('--radius-checkbox')).toContain(join('ui', 'FormControls.module.css'));
    expect(uses('--shadow-panel')).toContain(join('features', 'timeline', 'Timeline.module.css'));
    expect(uses('--radius-avatar')).toContain(join('features', 'status', 'StatusCard.module.css'));
    expect(uses('--radius-avatarAlt')).toContain(
      join('features', 'notifications', 'Notifications.module.css'),
    );
    expect(uses('--radius-tooltip')).toContain(join('features', 'status', 'ActionMenu.module.css'));
    expect(uses('--radius-attachment')).toContain(
      join('features', 'media', 'AttachmentGallery.module.css'),
    );
    expect(uses('--opacity-profileTint')).toContain(
      join('features', 'user-card', 'UserCard.module.css'),
    );
    expect(uses('--opacity-alertPopup')).toContain(join('app', 'modals', 'Notices.module.css'));
    expect(uses('--opacity-underlay')).toContain(join('app', 'Layout.module.css'));
  });
});
