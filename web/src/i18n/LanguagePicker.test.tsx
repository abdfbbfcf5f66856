import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installDocumentPreferences } from '../app/documentPreferences.ts';
import { usePreferences } from '../state/preferences.ts';
import { languageSettled, shownLanguage, t } from './index.ts';
import { LanguageNotice } from './LanguageNotice.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { useLanguageVersion } from './useLanguage.ts';

function Screen() {
  useLanguageVersion();
  return (
    <>
      <h1 key={shownLanguage()}>{t('login.register')}</h1>
      <LanguagePicker id="picker" />
      <LanguageNotice />
    </>
  );
}

let stop = () => {};
afterEach(async () => {
  usePreferences.getState().setPreference('interfaceLanguage', 'en');
  await act(() => languageSettled());
  stop();
  cleanup();
});

const choose = async (value: string) => {
  fireEvent.change(screen.getByRole('combobox'), { target: { value } });
  await act(() => languageSettled());
};

describe('the language picker', () => {
  it('lists each language by its own name and switches the strings, lang and dir', async () => {
    stop = installDocumentPreferences();
    render(<Screen />);
    expect(screen.getByRole('option', { name: 'Deutsch' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'العربية' })).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(34);

    await choose('de');
    expect(screen.getByRole('heading').textContent).toBe('Registrieren');
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByLabelText('Sprache')).toBeTruthy();

    await choose('ar');
    expect(screen.getByRole('heading').textContent).toBe('إنشاء حساب');
    expect(document.documentElement.dir).toBe('rtl');

    await choose('en');
    expect(screen.getByRole('heading').textContent).toBe('Register');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('a language that fails to load says so with a retry, and the interface stays English', async () => {
    stop = installDocumentPreferences();
    render(<Screen />);
    const loader = await import('./loader.ts');
    loader.withholdForTests('fi');
    await choose('fi');
    loader.withholdForTests(null);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('could not be loaded');
    expect(alert.textContent).toContain('MODULE_NOT_FOUND');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe('Register');
    expect(document.documentElement.lang).toBe('en');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
