import { useLayoutEffect } from 'react';
import { focusedBeforeChange, shownLanguage } from '../i18n/index.ts';
import { LanguageNotice } from '../i18n/LanguageNotice.tsx';
import { useLanguageVersion } from '../i18n/useLanguage.ts';
import { Layout } from './Layout.tsx';
import { RouteView } from './RouteView.tsx';

/**
 * The app, mounted afresh when another language is shown: every component, memoised or not,
 * then reads it. Focus goes back to the control that
 * had it (the language picker has a fixed id for this).
 */
export function App() {
  // Strings arriving for a part re-render the app; another language mounts it anew.
  useLanguageVersion();
  const language = shownLanguage();
  useLayoutEffect(() => {
    const id = focusedBeforeChange();
    if (!id) return undefined;
    const refocus = () => document.getElementById(id)?.focus();
    refocus();
    // A dialog mounted anew moves focus into itself once its content is in: after that frame.
    const frame = requestAnimationFrame(refocus);
    return () => cancelAnimationFrame(frame);
  }, [language]);
  return (
    <>
      <Layout key={language}>
        <RouteView />
      </Layout>
      <LanguageNotice />
    </>
  );
}
