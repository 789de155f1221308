import { avatarUrl, initialOf } from '../lib/auth/user.ts';

export function Avatar({ name, avatar, size = 32 }: { name: string; avatar: string | null; size?: number }) {
  const src = avatarUrl(avatar);
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size * 0.45 }} aria-hidden="true">
      {src ? <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" /> : initialOf(name)}
    </span>
  );
}
