import { formatFileSize } from '../../lib/fileSize.ts';
import type { InstanceConfig } from '../../state/instance.ts';
import { t } from '../../i18n/index.ts';

/** The lines of the features panel, in order, for what this instance offers. */
export function featureLines(
  config: Pick<
    InstanceConfig,
    | 'shoutAvailable'
    | 'pleromaChatMessagesAvailable'
    | 'gopherAvailable'
    | 'suggestionsEnabled'
    | 'mediaProxyAvailable'
    | 'minimalScopesMode'
    | 'textlimit'
    | 'uploadlimit'
  >,
): string[] {
  const upload = formatFileSize(config.uploadlimit);
  return [
    config.shoutAvailable && t('features_panel.shout'),
    config.pleromaChatMessagesAvailable && t('features_panel.chats'),
    config.gopherAvailable && t('features_panel.gopher'),
    config.suggestionsEnabled && t('features_panel.who_to_follow'),
    config.mediaProxyAvailable && t('features_panel.media_proxy'),
    !config.minimalScopesMode && t('features_panel.scope_options'),
    t('features_panel.text_limit', config.textlimit),
    config.uploadlimit > 0 &&
      t('features_panel.upload_limit', upload.num, t(`file_size.units.${upload.unit}`)),
  ].filter((line): line is string => typeof line === 'string');
}
