import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ClientSeedForm } from '../../lib/arcade/client-seed-form.tsx';
import { useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { useErrorText } from '../../components/error-message.tsx';
import { LocaleLink } from '../../components/locale-link.tsx';
import { authActor, selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import type { User } from '../../lib/auth/user.ts';
import { ApiError } from '../../lib/api-client.ts';
import { localeFromPath, switchLocalePath, writeLanguageCookie } from '../../lib/locale.ts';
import { notify } from '../../lib/notify.ts';
import { useVibrationSetting } from '../../lib/vibration.ts';
import { checkAvatarFile } from './avatar-check.ts';
import { fieldErrors, updateProfile, uploadAvatar, type ProfileChanges } from './profile-api.ts';
import { SignOutEverywhere } from './sign-out-everywhere.tsx';
import { useUsernameCheck } from './use-username-check.ts';

export function ProfilePage() {
  const user = useAuth(selectUser);
  if (!user) return null;
  return <ProfileForm key={user.id} user={user} />;
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();

  const [name, setName] = useState(user.name);
  const [username, setUsername] = useState(user.username ?? '');
  const [email, setEmail] = useState(user.email ?? '');
  const [language, setLanguage] = useState<'en' | 'am'>(user.language);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const usernameStatus = useUsernameCheck(username, user.username);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const changes: ProfileChanges = {};
    if (name.trim() !== user.name) changes.name = name.trim();
    if (username.trim() !== (user.username ?? '') && username.trim() !== '') changes.username = username.trim();
    if (email.trim() !== (user.email ?? '')) changes.email = email.trim();
    if (language !== user.language) changes.language = language;
    if (Object.keys(changes).length === 0) {
      notify.success(t('saved'));
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const updated = await updateProfile(changes);
      authActor.send({ type: 'USER_UPDATED', user: updated });
      notify.success(t('saved'));
      if (changes.language && changes.language !== localeFromPath(location.pathname)) {
        writeLanguageCookie(changes.language);
        void navigate(switchLocalePath(location.pathname, location.search, location.hash, changes.language));
      }
    } catch (error) {
      const fields = fieldErrors(error);
      if (error instanceof ApiError && error.code === 'username_taken') fields.username = error.message || t('usernameTaken');
      setErrors(fields);
      if (Object.keys(fields).length === 0) notify.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  const usernameMessage =
    errors.username ??
    (usernameStatus.kind === 'invalid'
      ? t('usernameInvalid')
      : usernameStatus.kind === 'checking'
        ? t('checking')
        : usernameStatus.kind === 'available'
          ? usernameStatus.message || t('usernameAvailable')
          : usernameStatus.kind === 'taken'
            ? usernameStatus.message || t('usernameTaken')
            : usernameStatus.kind === 'error'
              ? usernameStatus.message
              : t('usernameHint'));
  const usernameTone =
    errors.username || usernameStatus.kind === 'taken' || usernameStatus.kind === 'invalid'
      ? 'bad'
      : usernameStatus.kind === 'available'
        ? 'good'
        : 'neutral';

  return (
    <section className="page page-narrow" aria-labelledby="profile-title">
      <header className="page-header">
        <h1 id="profile-title">{t('title')}</h1>
        <LocaleLink to="/stats" className="link">
          {t('viewStats')}
        </LocaleLink>
      </header>

      <AvatarEditor user={user} />

      <form className="card stack" onSubmit={(event) => void save(event)} noValidate>
        <label className="field">
          <span className="field-label">{t('name')}</span>
          <input
            className="input"
            value={name}
            maxLength={50}
            autoComplete="nickname"
            onChange={(event) => setName(event.target.value)}
            aria-invalid={Boolean(errors.name)}
            data-testid="profile-name"
          />
          {errors.name && <span className="field-hint tone-bad">{errors.name}</span>}
        </label>
        <label className="field">
          <span className="field-label">{t('username')}</span>
          <input
            className="input"
            value={username}
            maxLength={20}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => setUsername(event.target.value)}
            aria-invalid={usernameTone === 'bad'}
            aria-describedby="username-status"
            data-testid="profile-username"
          />
          <span className={`field-hint tone-${usernameTone}`} id="username-status" aria-live="polite" data-testid="username-status">
            {usernameMessage}
          </span>
        </label>
        <label className="field">
          <span className="field-label">{t('email')}</span>
          <input
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={Boolean(errors.email)}
            data-testid="profile-email"
          />
          {errors.email && <span className="field-hint tone-bad">{errors.email}</span>}
        </label>
        <label className="field">
          <span className="field-label">{t('language')}</span>
          <select
            className="input"
            value={language}
            onChange={(event) => setLanguage(event.target.value === 'am' ? 'am' : 'en')}
            data-testid="profile-language"
          >
            <option value="en">English</option>
            <option value="am">አማርኛ</option>
          </select>
        </label>
        <p className="muted small">
          {t('phone')}: <span dir="ltr">{user.phone}</span>
        </p>
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={saving || name.trim() === '' || usernameTone === 'bad'}
          data-testid="save-profile"
        >
          {saving ? t('saving') : t('save')}
        </button>
      </form>
      <VibrationSetting />
      <ClientSeedForm />
      <SignOutEverywhere />
    </section>
  );
}

function AvatarEditor({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    const check = checkAvatarFile(chosen);
    if (check) {
      setFile(null);
      setProblem(check === 'avatar_too_large' ? t('avatarTooLarge') : t('avatarWrongType'));
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      const updated = await uploadAvatar(file);
      authActor.send({ type: 'USER_UPDATED', user: updated });
      setFile(null);
      notify.success(t('avatarUpdated'));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="card avatar-editor">
      {preview ? (
        <img className="avatar avatar-large" src={preview} alt={t('avatarPreview')} width={88} height={88} />
      ) : (
        <Avatar name={user.name} avatar={user.avatar} size={88} />
      )}
      <div className="stack">
        <span className="field-label">{t('avatar')}</span>
        <input
          ref={inputRef}
          type="file"
          accept="image/jpeg,image/png,image/gif"
          className="visually-hidden"
          onChange={choose}
          data-testid="avatar-input"
          tabIndex={-1}
          aria-hidden="true"
        />
        <div className="row">
          <button type="button" className="button" onClick={() => inputRef.current?.click()} disabled={uploading}>
            {t('chooseAvatar')}
          </button>
          {file && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => void upload()}
              disabled={uploading}
              data-testid="upload-avatar"
            >
              {uploading ? t('uploading') : t('uploadAvatar')}
            </button>
          )}
        </div>
        <span className="field-hint">{t('avatarHint')}</span>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}

/** The room games' optional vibration (a turn starting, a card refused): off by default, kept in this browser. */
function VibrationSetting() {
  const { t } = useTranslation('profile');
  const [on, setOn] = useVibrationSetting();
  return (
    <section className="card stack" aria-labelledby="vibration-title">
      <h2 id="vibration-title">{t('vibrationTitle')}</h2>
      <label className="row">
        <input type="checkbox" checked={on} onChange={(event) => setOn(event.target.checked)} data-testid="vibration-setting" />
        <span>{t('vibration')}</span>
      </label>
      <p className="muted small">{t('vibrationHint')}</p>
    </section>
  );
}
