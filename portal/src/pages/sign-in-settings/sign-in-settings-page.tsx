import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_METHODS } from '@kiwi/shared/domain/sign-in-policy';
import { type SignInPolicyForm, SignInPolicyFormSchema } from '@kiwi/shared/schemas/sign-in-policy';
import { useConfirm } from '@kiwi/shared/ui/confirm-dialog';
import { useToast } from '@kiwi/shared/ui/toast';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { LoadFailed, Loading } from '../organization/page-states';
import { FormFailure } from '../text-field';

import '../organization/organization.css';

type SignInPolicy = { id: string; signInMethods: string[]; mfaRequiredForManagers: boolean };

/** /org/:identifier/sign_in_settings (issue 16): the sign-in methods the organisation allows, and MFA for managers. */
export function SignInSettingsPage() {
  const { t } = useTranslation('sso');
  const { organization, loaded, reload } = useOrganization();
  if (!loaded) return <Loading />;
  if (!organization) return <LoadFailed onRetry={reload} />;
  return (
    <div className="org-page sign-in-settings">
      <header className="org-page__header">
        <h1>{t('settings.title')}</h1>
      </header>
      <p>{t('settings.intro')}</p>
      <PolicyLoader organizationId={organization.id} />
    </div>
  );
}

const policyKey = (organizationId: string) => ['sign-in-policy', organizationId];
const policyPath = (organizationId: string) => `/organizations/${organizationId}/sign_in_policy`;

function PolicyLoader({ organizationId }: { organizationId: string }) {
  const { api } = useSession();
  const policy = useQuery({
    queryKey: policyKey(organizationId),
    queryFn: async () => (await api.get<SignInPolicy>(policyPath(organizationId))).data,
  });
  if (policy.isPending) return <Loading />;
  if (policy.isError) return <LoadFailed onRetry={() => void policy.refetch()} />;
  return <PolicyForm organizationId={organizationId} policy={policy.data} />;
}

function PolicyForm({ organizationId, policy }: { organizationId: string; policy: SignInPolicy }) {
  const { t } = useTranslation(['sso', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<SignInPolicyForm>({
    resolver: zodResolver(SignInPolicyFormSchema),
    defaultValues: { signInMethods: policy.signInMethods, mfaRequiredForManagers: policy.mfaRequiredForManagers },
  });
  const save = useMutation({
    mutationFn: async (values: SignInPolicyForm) => {
      const body = { sign_in_policy: { sign_in_methods: values.signInMethods, mfa_required_for_managers: values.mfaRequiredForManagers } };
      return (await api.put<SignInPolicy>(policyPath(organizationId), body)).data;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(policyKey(organizationId), saved);
      reset({ signInMethods: saved.signInMethods, mfaRequiredForManagers: saved.mfaRequiredForManagers });
      showToast(t('settings.saved'), 'success');
    },
  });

  const onSubmit = (values: SignInPolicyForm) => {
    // Turning the requirement on can send the manager saving it to enrol a factor first: asked before it is saved.
    if (values.mfaRequiredForManagers && !policy.mfaRequiredForManagers) {
      confirm({
        title: t('settings.confirmMfaTitle'),
        body: t('settings.confirmMfaBody'),
        okLabel: t('settings.confirmMfaConfirm'),
        onSubmit: async () => {
          await save.mutateAsync(values);
        },
      });
      return;
    }
    save.mutate(values);
  };

  const methodsError = errors.signInMethods?.message ?? errors.signInMethods?.root?.message;
  return (
    <form className="org-form sign-in-settings__form" noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={save.isPending}>
      <FormFailure message={save.isError ? apiErrorMessage(t, save.error) : null} />
      <fieldset aria-describedby={`${id}-methods-hint`} aria-invalid={methodsError ? true : undefined}>
        <legend>{t('settings.methods')}</legend>
        <p id={`${id}-methods-hint`} className="sign-in-settings__hint">
          {t('settings.methodsHint')}
        </p>
        {SIGN_IN_METHODS.map((method) => (
          <label key={method} className="sign-in-settings__choice">
            <input type="checkbox" value={method} {...register('signInMethods')} />
            {t(`settings.method.${method}`)}
          </label>
        ))}
        {methodsError && (
          <p className="field__error" role="alert">
            {t(`errors:${methodsError}`)}
          </p>
        )}
        <p className="sign-in-settings__hint">{t('settings.emailLinkNote')}</p>
      </fieldset>
      <fieldset aria-describedby={`${id}-mfa-hint`}>
        <legend>{t('settings.mfa')}</legend>
        <label className="sign-in-settings__choice">
          <input type="checkbox" {...register('mfaRequiredForManagers')} />
          {t('settings.mfaRequired')}
        </label>
        <p id={`${id}-mfa-hint`} className="sign-in-settings__hint">
          {t('settings.mfaHint')}
        </p>
      </fieldset>
      <div className="org-form__actions">
        <button type="submit" className="kiwi-button kiwi-button--primary" disabled={save.isPending || !isDirty}>
          {t(save.isPending ? 'settings.saving' : 'settings.save')}
        </button>
      </div>
    </form>
  );
}
