import { safeHttpUrl, safeMediaUrl } from '../lib/safeUrl.ts';
import { useInstance } from '../state/instance.ts';
import { StillImage } from './StillImage.tsx';

interface AccountAvatarProps {
  account: { avatar: string; avatarStatic: string };
  /** Width and height in CSS pixels (the class may size it otherwise). */
  size: number;
  className?: string;
  loading?: 'lazy';
}

/**
 * An account's picture. It is decorative (the name beside it says who this is), kept still while
 * stopGifs is on, taken only from an http(s) address, and replaced by the instance's default
 * picture when the account has none or it fails to load (spec part 2, §8).
 */
export function AccountAvatar({ account, size, className, loading }: AccountAvatarProps) {
  const defaultAvatar = safeMediaUrl(useInstance((state) => state.config.defaultAvatar)) ?? '';
  return (
    <StillImage
      className={className}
      src={safeHttpUrl(account.avatar) ?? defaultAvatar}
      stillSrc={safeHttpUrl(account.avatarStatic)}
      alt=""
      width={size}
      height={size}
      loading={loading}
      onError={(event) => {
        if (defaultAvatar && event.currentTarget.src !== defaultAvatar) {
          event.currentTarget.src = defaultAvatar;
        }
      }}
    />
  );
}
