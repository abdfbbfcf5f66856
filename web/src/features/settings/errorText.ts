import '../../i18n/parts/settings.ts';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/index.ts';

/** The server's own error message when it gave one, else a general one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return t('settings.error_saving');
}
