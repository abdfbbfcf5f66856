import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Smaller padding, for bars and toolbars. */
  compact?: boolean;
}

/** A real <button>; type="button" unless told otherwise, so it never submits a form by accident. */
export function Button({
  variant = 'secondary',
  compact = false,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [styles.button, styles[variant], compact ? styles.compact : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button {...rest} type={type} className={classes} />;
}
