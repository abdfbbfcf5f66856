import '../../i18n/parts/composer.ts';
import { useId } from 'react';
import { t } from '../../i18n/index.ts';
import { Select } from '../../ui/FormControls.tsx';
import styles from './Composer.module.css';

const PLAIN = 'text/plain';

const formatName = (format: string) => {
  const name = t(`post_status.content_type.${format}`);
  return name.startsWith('post_status.') ? format : name;
};

/**
 * The post format: a selector when the instance offers more than one, a plain label when it
 * offers exactly one that is not plain text, nothing otherwise.
 */
export function FormatSelector({
  formats,
  value,
  onChange,
}: {
  formats: readonly string[];
  value: string;
  onChange(format: string): void;
}) {
  const id = useId();
  if (formats.length > 1) {
    return (
      <span className={styles.format}>
        <label htmlFor={id} className={styles.visuallyHidden}>
          {t('post_status.format')}
        </label>
        <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {formats.map((format) => (
            <option key={format} value={format}>
              {formatName(format)}
            </option>
          ))}
        </Select>
      </span>
    );
  }
  const only = formats[0];
  if (only && only !== PLAIN) return <span className={styles.format}>{formatName(only)}</span>;
  return null;
}
