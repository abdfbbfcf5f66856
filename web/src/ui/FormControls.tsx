import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import styles from './FormControls.module.css';

/**
 * The themed form controls. Each is the real native element underneath (labelled, keyboard
 * usable, in forms), drawn with the theme's colours instead of the platform's grey.
 */

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** The look of a text field, for elements drawn by other components (an autocompleting textarea). */
export const textFieldClass = styles.field;

type InputProps = ComponentProps<'input'>;

/** A one-line text, number, date, password or e-mail field. */
export function TextField({ className, type = 'text', ...rest }: InputProps) {
  return <input {...rest} type={type} className={join(styles.field, className)} />;
}

/** A native select with the theme's field look and its own arrow. */
export function Select({ className, ...rest }: ComponentProps<'select'>) {
  return (
    <span className={join(styles.selectWrap, className)}>
      <select {...rest} className={join(styles.field, styles.select)} />
    </span>
  );
}

interface CheckboxProps extends Omit<InputProps, 'type'> {
  /** The label, drawn beside the box and wrapping under itself, never under the box. */
  label: ReactNode;
  /** Drawn as an on/off switch (role="switch"): for options that act at once. */
  switch?: boolean;
}

/** A checkbox (or switch) with its label beside it; clicking the label toggles it. */
export function Checkbox({ label, switch: isSwitch = false, className, ...rest }: CheckboxProps) {
  return (
    <label className={join(styles.check, className)}>
      <input
        {...rest}
        type="checkbox"
        role={isSwitch ? 'switch' : undefined}
        className={isSwitch ? styles.switch : styles.box}
      />
      <span className={styles.checkLabel}>{label}</span>
    </label>
  );
}

/** A radio button with its label beside it, as Checkbox draws a checkbox. */
export function Radio({ label, className, ...rest }: Omit<CheckboxProps, 'switch'>) {
  return (
    <label className={join(styles.check, className)}>
      <input {...rest} type="radio" className={styles.radio} />
      <span className={styles.checkLabel}>{label}</span>
    </label>
  );
}

interface FilePickerProps extends Omit<InputProps, 'type' | 'children'> {
  /** The words on the button ("Choose image…"). */
  buttonText: string;
  /** Shown beside the button while nothing is chosen ("No file chosen"). */
  noneText: string;
  /**
   * The name shown as chosen, when the caller keeps it (a file that went through a crop dialog);
   * left out, the picker shows the name of the file last picked in it.
   */
  chosen?: string | null;
}

/**
 * A file input drawn as a themed button with the chosen file beside it. The native input lies
 * over the button, transparent, so clicks, keys and drops reach it; its label stays the caller's.
 */
export function FilePicker({
  buttonText,
  noneText,
  chosen,
  className,
  onChange,
  ...rest
}: FilePickerProps) {
  const chosenId = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const shown = chosen === undefined ? picked : chosen;
  return (
    <span className={join(styles.file, className)}>
      <span className={styles.fileButton}>
        <span aria-hidden="true">{buttonText}</span>
        <input
          {...rest}
          type="file"
          className={styles.fileInput}
          aria-describedby={join(chosenId, rest['aria-describedby'])}
          onChange={(event) => {
            const names = [...(event.target.files ?? [])].map((file) => file.name);
            setPicked(names.length > 0 ? names.join(', ') : null);
            onChange?.(event);
          }}
        />
      </span>
      <span id={chosenId} className={styles.fileChosen}>
        {shown ?? noneText}
      </span>
    </span>
  );
}
