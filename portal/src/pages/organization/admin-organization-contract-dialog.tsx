import { zodResolver } from '@hookform/resolvers/zod';
import { HttpResponseError } from '@kiwi/shared/api/errors';
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { formatNumber } from '@kiwi/shared/i18n/format';
import { type OrganizationContractForm, OrganizationContractFormSchema } from '@kiwi/shared/schemas/admin-organization';
import { ORGANIZATION_LIMITS } from '@kiwi/shared/schemas/organization';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DateField } from '@kiwi/shared/forms/date-field';
import { DATE_RANGE } from '@kiwi/shared/domain/date-range';
import { useForm } from 'react-hook-form';
import { useSession } from '../../session/session-provider';
import { Field } from '../labelled-field';
import { apiErrorMessage, fieldErrors } from './api-error';
import { type AdminOrganization, useAdminOrganizationsTranslation } from './admin-organization-translation';
import { FormDialog } from './form-dialog';

const isSeatsWarning = (error: unknown) =>
  error instanceof HttpResponseError && error.errors.some((item) => item.code === ErrorCode.adminOrganizationSeatsBelowMembers);

/**
 * Issue 20 point 3: the admin edits an organisation's plan, plan period and seats. A seat count below the seats in
 * use comes back as a warning; the admin may then save it anyway (confirm_seats_below_members).
 */
export function AdminOrganizationContractDialog({
  organization,
  onClose,
  onSaved,
}: {
  organization: AdminOrganization;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useAdminOrganizationsTranslation();
  const { api } = useSession();
  const { showToast } = useToast();
  const [warned, setWarned] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<OrganizationContractForm>({
    resolver: zodResolver(OrganizationContractFormSchema) as never,
    defaultValues: {
      plan: organization.plan ?? '',
      plan_started_at: organization.planStartedAt ?? '',
      plan_ended_at: organization.planEndedAt ?? '',
      unlimited: organization.numberOfMembers == null,
      number_of_members: organization.numberOfMembers == null ? '' : String(organization.numberOfMembers),
    },
  });
  const unlimited = watch('unlimited');
  const save = useMutation({
    mutationFn: ({ values, confirmed }: { values: OrganizationContractForm; confirmed: boolean }) =>
      api.put(`/organizations/${organization.id}`, {
        organization: {
          plan: values.plan.trim(),
          plan_started_at: values.plan_started_at || null,
          plan_ended_at: values.plan_ended_at || null,
          number_of_members: values.unlimited ? null : Number(values.number_of_members),
        },
        ...(confirmed ? { confirm_seats_below_members: true } : {}),
      }),
    onSuccess: () => {
      showToast(t('contract.saved'), 'success');
      onSaved();
      onClose();
    },
    onError: (error, { values }) => {
      if (isSeatsWarning(error)) {
        setWarned(Number(values.number_of_members));
        return;
      }
      for (const [field, message] of Object.entries(fieldErrors(t, error))) {
        if (field in values) setError(field as keyof OrganizationContractForm, { type: 'server', message });
      }
    },
  });
  const message = (field: keyof OrganizationContractForm) => {
    const error = errors[field];
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(`errors:${error.message}`, { count: ORGANIZATION_LIMITS.planMax });
  };
  const seatsChanged = () => setWarned(null);
  const failure = save.isError && !isSeatsWarning(save.error) && Object.keys(fieldErrors(t, save.error)).length === 0;

  return (
    <FormDialog
      title={t('contract.title', { name: organization.name })}
      submitting={save.isPending}
      failure={failure ? apiErrorMessage(t, save.error) : null}
      submitLabel={warned !== null ? t('contract.keepAnyway') : undefined}
      onSubmit={handleSubmit((values) => save.mutate({ values, confirmed: warned !== null }))}
      onClose={onClose}
    >
      <Field label={t('contract.plan')} error={message('plan')}>
        {(props) => <input {...props} maxLength={ORGANIZATION_LIMITS.planMax * 2} {...register('plan')} />}
      </Field>
      <div className="org-form__row">
        <Field label={t('contract.planStartedAt')} error={message('plan_started_at')}>
          {(props) => <DateField {...props} kind="date" {...DATE_RANGE} form={{ register, watch }} name="plan_started_at" />}
        </Field>
        <Field label={t('contract.planEndedAt')} error={message('plan_ended_at')}>
          {(props) => <DateField {...props} kind="date" {...DATE_RANGE} form={{ register, watch }} name="plan_ended_at" />}
        </Field>
      </div>
      <label className="admin-org-contract__check">
        <input type="checkbox" {...register('unlimited', { onChange: seatsChanged })} /> {t('contract.unlimited')}
      </label>
      {!unlimited && (
        <Field
          label={t('contract.seats')}
          hints={[t('contract.seatsHint', { used: formatNumber(organization.seatsUsed, i18n.language) })]}
          error={message('number_of_members')}
        >
          {(props) => (
            <input {...props} type="number" inputMode="numeric" min={0} {...register('number_of_members', { onChange: seatsChanged })} />
          )}
        </Field>
      )}
      {warned !== null && (
        <p className="admin-org-contract__warning" role="alert">
          {t('contract.belowWarning', {
            seats: formatNumber(warned, i18n.language),
            used: formatNumber(organization.seatsUsed, i18n.language),
          })}
        </p>
      )}
    </FormDialog>
  );
}
