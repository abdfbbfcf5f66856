import { useId, type ReactNode, type Ref } from 'react';
import { t } from '../../i18n/index.ts';
import { TextField } from '../../ui/FormControls.tsx';
import styles from './Settings.module.css';

/* The pieces the Security tab's sections are built from. */

export type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

export function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <span
      role={outcome.ok ? 'status' : 'alert'}
      className={outcome.ok ? styles.saved : styles.error}
    >
      {outcome.text}
    </span>
  );
}

export function Field(props: {
  label: string;
  type: 'password' | 'email' | 'text';
  value: string;
  onChange(value: string): void;
  autoComplete?: string;
}) {
  const id = useId();
  return (
    <div className={styles.column}>
      <label htmlFor={id}>{props.label}</label>
      <TextField
        id={id}
        type={props.type}
        value={props.value}
        autoComplete={props.autoComplete}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

/** The current password every account-changing form asks for (spec part 2, §5). */
export function CurrentPasswordField(props: { value: string; onChange(value: string): void }) {
  return (
    <Field
      label={t('settings.security.current_password')}
      type="password"
      value={props.value}
      onChange={props.onChange}
      autoComplete="current-password"
    />
  );
}

export function Section({
  title,
  children,
  headingRef,
}: {
  title: string;
  children: ReactNode;
  /** For sections whose content is replaced: focus goes to the heading, not to the page. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h3 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h3>
      {children}
    </section>
  );
}
