import { LanguagePicker } from '../../i18n/LanguagePicker.tsx';
import { LoginForm } from './LoginForm.tsx';
import styles from './Auth.module.css';

/** The sidebar's sign-in: the form, and the language picker below it (both one lazy chunk). */
export function SignInPanel() {
  return (
    <div className={styles.panel}>
      <LoginForm />
      <LanguagePicker id="signin-interface-language" />
    </div>
  );
}
