import { afterEach, describe, expect, it } from 'vitest';
import { usePreferences } from '../state/preferences.ts';
import { installDocumentPreferences } from './documentPreferences.ts';

let stop = () => {};
afterEach(() => {
  stop();
  usePreferences.getState().resetPreferences();
});

describe('page-wide preferences', () => {
  it('mirror the language, sticky headers and thumbnail fit onto <html> as they change', () => {
    stop = installDocumentPreferences();
    const root = document.documentElement;
    expect(root.dataset.stickyHeaders).toBe('on');
    expect(root.dataset.thumbnailFit).toBe('contain');
    usePreferences.getState().setPreference('disableStickyHeaders', true);
    usePreferences.getState().setPreference('useContainFit', false);
    usePreferences.getState().setPreference('interfaceLanguage', 'en');
    expect(root.dataset.stickyHeaders).toBe('off');
    expect(root.dataset.thumbnailFit).toBe('cover');
    expect(root.lang).toBe('en');
  });
});
