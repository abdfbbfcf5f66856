import { LanguagePicker } from '../../i18n/LanguagePicker.tsx';
import { LoginForm } from './LoginForm.tsx';

/** The sidebar's sign-in: the form, and the language picker below it (both one lazy chunk). */
export function SignInPanel() {
  return (
    <>
      <LoginForm />
      <LanguagePicker id="signin-interface-language" />
    </>
  );
}
