import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { HttpResponseError } from '@kiwi/shared/api/errors';
import { SUPPORTED_LANGUAGES } from '@kiwi/shared/i18n/languages';
import { ImageInput } from '@kiwi/shared/ui/image-input';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyLanguage } from '../../i18n/language';
import type { KiwiUser } from '../../session/kiwi-user';
import { useSession } from '../../session/session-provider';
import { Field } from '../labelled-field';
import { apiErrorMessage } from '../organization/api-error';
import { NotificationSettings } from './notification-settings';
import {
  type EmailChange,
  EmailChangeSchema,
  type EmailChangeInput,
  EMAIL_MAX,
  PASSWORD_LIMITS,
  type PasswordChange,
  PasswordChangeSchema,
  PROFILE_MESSAGE_PARAMS,
  type ProfileField,
  type ProfileFormInput,
  type ProfileFormOutput,
  ProfileFormSchema,
  changedFields,
  profileFormValues,
} from './profile-schema';
import { schemaResolver } from './schema-resolver';
import { Section } from './section';
import './profile.css';
import { DateField } from '@kiwi/shared/forms/date-field';
import { SubmitButton } from '../text-field';

export const PROFILE_QUERY_KEY = ['profile'] as const;

/**
 * /user/profile (issue 15): the member's own details (PUT /api/users/{id}), then the email address and the password,
 * which change at the identity provider after re-authenticating with the current password (SPEC §7), then the
 * notification settings.
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { api } = useSession();
  const profile = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: async () => (await api.get<KiwiUser>('/user')).data });

  return (
    <div className="profile-page">
      <header>
        <h1>{t('title')}</h1>
        <p className="profile-page__intro">{t('intro')}</p>
      </header>
      {profile.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : profile.isError ? (
        <div role="alert" className="alert alert--error">
          <p>{t('loadFailed')}</p>
          <button type="button" className="kiwi-button kiwi-button--text" onClick={() => void profile.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          <DetailsSection key={profile.data.id} user={profile.data} />
          <EmailSection email={profile.data.email} />
          <PasswordSection />
          <NotificationSettings />
        </>
      )}
      <p className="profile-page__leave">
        <Link to="/user/cancellation">{t('cancellation:profileLink')}</Link>
      </p>
    </div>
  );
}

/** A field's error: a code of the shared schemas (translated with the field's bounds) or a text the server translated. */
function useErrorText() {
  const { t } = useTranslation(['profile', 'errors']);
  return (error: FieldError | undefined, params: Record<string, number> = {}): string | undefined => {
    if (!error?.message) return undefined;
    if (error.type === 'server') return error.message;
    if (error.message === 'mismatch') return t('profile:password.mismatch');
    return t(`errors:${error.message}`, params);
  };
}

/** The number fields: one row each, with the schema's bounds as hint and input limits. */
const MEASURES = [
  { field: 'resting_heart_rate', label: 'restingHeartRate', step: 1, inputMode: 'numeric' },
  { field: 'height_cm', label: 'height', step: 0.1, inputMode: 'decimal' },
  { field: 'weight_kg', label: 'weight', step: 0.1, inputMode: 'decimal' },
] as const;

function DetailsSection({ user }: { user: KiwiUser }) {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const { api, updateKiwiUser } = useSession();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    watch,
    setValue,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: schemaResolver(ProfileFormSchema),
    defaultValues: profileFormValues(user),
  });

  const save = useMutation({
    mutationFn: async (values: Partial<ProfileFormOutput>) => (await api.put<KiwiUser>(`/users/${user.id}`, { user: values })).data,
  });

  const onSubmit = async (values: ProfileFormOutput) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(changedFields(values, dirtyFields));
      updateKiwiUser(saved);
      queryClient.setQueryData(PROFILE_QUERY_KEY, saved);
      reset(profileFormValues(saved));
      if (saved.language && saved.language !== i18n.language) await applyLanguage(i18n, saved.language);
      // Lists that show colleagues (and this member among them) read the new nickname and icon on their next look.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== PROFILE_QUERY_KEY[0] });
      showToast(t('profile:details.saved'), 'success');
    } catch (error) {
      const placed = placeServerErrors(error, (field, message) => setError(field, { type: 'server', message }));
      if (!placed) setFailure(apiErrorMessage(t, error));
    }
  };

  const message = (field: ProfileField) => errorText(errors[field], PROFILE_MESSAGE_PARAMS[field]);
  const bounds = PROFILE_MESSAGE_PARAMS;

  return (
    <Section title={t('profile:details.title')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isSubmitting}>
        {failure && (
          <p role="alert" className="alert alert--error">
            {failure}
          </p>
        )}
        <Field label={t('profile:details.name')} hints={[t('profile:details.nameHint', bounds.name)]} error={message('name')}>
          {(props) => <input {...props} autoComplete="name" {...register('name')} />}
        </Field>
        <Field
          label={t('profile:details.nickname')}
          hints={[t('profile:details.nicknameHint', bounds.nickname), t('profile:details.nicknameRule')]}
          error={message('nickname')}
        >
          {(props) => <input {...props} autoComplete="nickname" {...register('nickname')} />}
        </Field>
        <div className="field">
          {/* watch and setValue, not Controller: its code would land in the form library's chunk /login loads. */}
          <ImageInput
            value={watch('icon')}
            onChange={(url) => setValue('icon', url, { shouldDirty: true })}
            label={t('profile:details.icon')}
            hint={t('profile:details.iconHint')}
            disabled={isSubmitting}
          />
          {message('icon') && <p className="field__error">{message('icon')}</p>}
        </div>
        <div className="profile-grid">
          <Field
            label={t('profile:details.birthday')}
            hints={[t('profile:details.birthdayHint'), t('profile:details.optional')]}
            error={message('birthday')}
          >
            {(props) => (
              <DateField {...props} kind="date" min="1900-01-01" autoComplete="bday" form={{ register, watch }} name="birthday" />
            )}
          </Field>
          {MEASURES.map(({ field, label, step, inputMode }) => (
            <Field
              key={field}
              label={t(`profile:details.${label}`)}
              hints={[t(`profile:details.${label}Hint`, bounds[field])]}
              error={message(field)}
            >
              {(props) => (
                <input
                  {...props}
                  type="number"
                  inputMode={inputMode}
                  step={step}
                  min={bounds[field].min}
                  max={bounds[field].max}
                  {...register(field)}
                />
              )}
            </Field>
          ))}
        </div>
        <Field label={t('profile:details.language')} error={message('language')}>
          {(props) => (
            <select {...props} {...register('language')}>
              {SUPPORTED_LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {t(`profile:details.languages.${language}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="profile-card__actions">
          <SubmitButton busy={isSubmitting} label={t('profile:details.save')} busyLabel={t('profile:details.saving')} />
        </div>
      </form>
    </Section>
  );
}

/** The server's field errors (422 per pointer, 409 user.nicknameTaken) under their fields; false when there were none. */
function placeServerErrors(error: unknown, place: (field: ProfileField, message: string) => void): boolean {
  if (!(error instanceof HttpResponseError)) return false;
  let placed = false;
  for (const item of error.errors) {
    const field = item.source?.pointer?.split('/')[2] as ProfileField | undefined;
    if (!field || !(field in PROFILE_MESSAGE_PARAMS) || !item.detail) continue;
    place(field, item.detail);
    placed = true;
  }
  return placed;
}

function EmailSection({ email }: { email: string }) {
  const { t } = useTranslation(['profile', 'errors', 'portal']);
  const { changeEmail } = useSession();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmailChangeInput, unknown, EmailChange>({
    resolver: schemaResolver(EmailChangeSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });

  const onSubmit = async ({ newEmail, currentPassword }: EmailChange) => {
    setFailure(null);
    setSentTo(null);
    if (newEmail === email.toLowerCase()) {
      setError('newEmail', { type: 'server', message: t('profile:email.same') });
      return;
    }
    try {
      await changeEmail(currentPassword, newEmail, `${window.location.origin}/user/profile`);
      reset();
      setSentTo(newEmail);
    } catch (error) {
      setFailure(t(identityErrorKey(error)));
    }
  };

  return (
    <Section title={t('profile:email.title')}>
      <p>{t('profile:email.current', { email })}</p>
      <p className="profile-card__muted">{t('profile:email.explanation')}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isSubmitting}>
        {failure && (
          <p role="alert" className="alert alert--error">
            {failure}
          </p>
        )}
        {sentTo && (
          <p role="status" className="alert alert--success">
            {t('profile:email.sent', { email: sentTo })}
          </p>
        )}
        <Field label={t('profile:email.newEmail')} error={errorText(errors.newEmail, { count: EMAIL_MAX })}>
          {(props) => <input {...props} type="email" inputMode="email" autoComplete="email" {...register('newEmail')} />}
        </Field>
        <Field label={t('profile:email.currentPassword')} error={errorText(errors.currentPassword)}>
          {(props) => <input {...props} type="password" autoComplete="current-password" {...register('currentPassword')} />}
        </Field>
        <div className="profile-card__actions">
          <SubmitButton busy={isSubmitting} label={t('profile:email.submit')} busyLabel={t('profile:email.submitting')} />
        </div>
      </form>
    </Section>
  );
}

function PasswordSection() {
  const { t } = useTranslation(['profile', 'errors', 'portal']);
  const { changePassword } = useSession();
  const { showToast } = useToast();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChange, unknown, PasswordChange>({
    resolver: schemaResolver(PasswordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async ({ currentPassword, newPassword }: PasswordChange) => {
    setFailure(null);
    try {
      await changePassword(currentPassword, newPassword);
      reset();
      showToast(t('profile:password.changed'), 'success');
    } catch (error) {
      setFailure(t(identityErrorKey(error)));
    }
  };
  const lengths = { count: PASSWORD_LIMITS.min };

  return (
    <Section title={t('profile:password.title')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isSubmitting}>
        {failure && (
          <p role="alert" className="alert alert--error">
            {failure}
          </p>
        )}
        <Field label={t('profile:password.currentPassword')} error={errorText(errors.currentPassword)}>
          {(props) => <input {...props} type="password" autoComplete="current-password" {...register('currentPassword')} />}
        </Field>
        <Field
          label={t('profile:password.newPassword')}
          hints={[t('profile:password.newPasswordHint', lengths)]}
          error={errorText(errors.newPassword, {
            count: errors.newPassword?.message === 'validation.tooLong' ? PASSWORD_LIMITS.max : PASSWORD_LIMITS.min,
          })}
        >
          {(props) => <input {...props} type="password" autoComplete="new-password" {...register('newPassword')} />}
        </Field>
        <Field label={t('profile:password.confirmPassword')} error={errorText(errors.confirmPassword)}>
          {(props) => <input {...props} type="password" autoComplete="new-password" {...register('confirmPassword')} />}
        </Field>
        <div className="profile-card__actions">
          <SubmitButton busy={isSubmitting} label={t('profile:password.submit')} busyLabel={t('profile:password.submitting')} />
        </div>
      </form>
    </Section>
  );
}
