import { useQuery } from '@tanstack/react-query';
import { personLabel } from '@kiwi/shared/domain/people';
import { AdminGrantCoinsSchema, type AdminGrantCoinsInput, GrantCoinsSchema, type GrantCoinsInput } from '@kiwi/shared/schemas/coins';
import { ModalDialog } from '@kiwi/shared/ui/modal-dialog';
import { useToast } from '@kiwi/shared/ui/toast';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-provider';
import { fieldErrorParts } from '../field-error-parts';
import { FormFailure } from '../text-field';
import { useSchemaForm } from '../use-schema-form';
import { DateField } from '@kiwi/shared/forms/date-field';

/** Whose coins the transfers page shows: a manager's organisation (its balance) or, for the admin, every organisation. */
export type CoinTransfersScope =
  | { kind: 'organization'; organizationId: string; balance: number | null; onChanged: () => void }
  | { kind: 'admin' };
type Member = { id: string; name: string };
/** The grant dialog's fields as the selects and inputs give them (the schema judges them as numbers). */
type GrantFormValues = {
  organization_id: string;
  organization_member_id: string;
  amount: string;
  description: string;
  transferred_at: string;
};
type GrantPayload = GrantCoinsInput['kiwi_coin_transfer'] | AdminGrantCoinsInput['kiwi_coin_transfer'];

/** The grant dialog: a manager grants from the organisation's balance, the admin grants to an organisation or one of its members. */
export function GrantDialog({
  scope,
  basePath,
  onClose,
  onSaved,
}: {
  scope: CoinTransfersScope;
  basePath: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['coins', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const id = useId();
  const { register, onSubmit, busy, failure, message, form } = useSchemaForm<GrantFormValues, GrantPayload, { status?: string }>({
    schema: scope.kind === 'organization' ? GrantCoinsSchema.shape.kiwi_coin_transfer : AdminGrantCoinsSchema.shape.kiwi_coin_transfer,
    defaultValues: { organization_id: '', organization_member_id: '', amount: '', description: '', transferred_at: '' },
    // Blank choices are missing (required), an admin's blank member is the organisation's balance (null).
    toPayload: (values) => {
      const common = {
        amount: values.amount.trim() === '' ? undefined : Number(values.amount),
        description: values.description || null,
        transferred_at: values.transferred_at ? new Date(values.transferred_at).toISOString() : null,
      };
      const member = values.organization_member_id ? Number(values.organization_member_id) : undefined;
      return scope.kind === 'organization'
        ? { organization_member_id: member, ...common }
        : {
            organization_id: values.organization_id ? Number(values.organization_id) : undefined,
            organization_member_id: member ?? null,
            ...common,
          };
    },
    send: async (payload) => (await api.post<{ status: string }>(basePath, { kiwi_coin_transfer: payload })).data,
    onSaved: (saved) => {
      showToast(saved?.status === 'pending' ? t('coins:transfers.grant.scheduled') : t('coins:transfers.grant.saved'), 'success');
      onSaved();
      onClose();
    },
  });
  const submitting = busy;
  const organizationId = form.watch('organization_id');
  const memberId = form.watch('organization_member_id');
  const [memberSearch, setMemberSearch] = useState('');
  // Managers pick from their organisation; admins pick an organisation first, then (optionally) one of its members.
  const memberOrganizationId = scope.kind === 'organization' ? scope.organizationId : organizationId;
  const members = useQuery({
    queryKey: ['coin-grant-members', memberOrganizationId, memberSearch],
    enabled: memberOrganizationId !== '',
    queryFn: () =>
      api.get<Member[]>(`/organizations/${memberOrganizationId}/members`, {
        per: 100,
        q: { state: 'active', name: memberSearch.trim() || undefined },
      }),
  });
  const organizations = useQuery({
    queryKey: ['coin-grant-organizations'],
    enabled: scope.kind === 'admin',
    queryFn: () => api.get<{ id: string; name: string }[]>('/organizations', { per: 100, archived: 'false' }),
  });

  const memberOptions = (members.data?.data ?? []).map((member) => (
    <option key={member.id} value={member.id}>
      {personLabel(member)}
    </option>
  ));
  const { errorProps, fieldError } = fieldErrorParts<keyof GrantFormValues>(id, message);

  return (
    <ModalDialog open onCancel={() => !submitting && onClose()} className="org-dialog" labelledBy={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('coins:transfers.grant.title')}</h2>
      <form className="org-form" onSubmit={onSubmit} noValidate aria-busy={submitting}>
        {scope.kind === 'organization' ? (
          <div className="field">
            <label htmlFor={`${id}-member-search`}>{t('coins:send.search')}</label>
            <input
              id={`${id}-member-search`}
              type="search"
              value={memberSearch}
              onChange={(e) => setMemberSearch(e.target.value)}
              autoComplete="off"
            />
            <label htmlFor={`${id}-member`}>{t('coins:transfers.grant.member')}</label>
            {/* Shown as the form holds it: the members' options arrive after the field. */}
            <select
              id={`${id}-member`}
              required
              {...errorProps('organization_member_id')}
              {...register('organization_member_id')}
              value={memberId}
            >
              <option value="">{t('coins:transfers.grant.chooseMember')}</option>
              {memberOptions}
            </select>
            {fieldError('organization_member_id')}
          </div>
        ) : (
          <>
            <div className="field">
              <label htmlFor={`${id}-org`}>{t('coins:transfers.grant.organization')}</label>
              {/* A member of another organisation is no choice: choosing one forgets the member. */}
              <select
                id={`${id}-org`}
                required
                aria-busy={organizations.isPending}
                {...errorProps('organization_id')}
                {...register('organization_id', { onChange: () => form.setValue('organization_member_id', '') })}
                value={organizationId}
              >
                <option value="">
                  {organizations.isError ? t('coins:transfers.grant.organizationsFailed') : t('coins:transfers.grant.chooseOrganization')}
                </option>
                {(organizations.data?.data ?? []).map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    {organization.name}
                  </option>
                ))}
              </select>
              {fieldError('organization_id')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-member`}>{t('coins:transfers.grant.memberOptional')}</label>
              <select
                id={`${id}-member`}
                disabled={organizationId === ''}
                {...errorProps('organization_member_id')}
                {...register('organization_member_id')}
                value={memberId}
              >
                <option value="">{t('coins:transfers.toOrganization')}</option>
                {memberOptions}
              </select>
              {fieldError('organization_member_id')}
            </div>
          </>
        )}
        <div className="field">
          <label htmlFor={`${id}-amount`}>{t('coins:transfers.grant.amount')}</label>
          <input id={`${id}-amount`} type="number" min={1} step={1} required {...errorProps('amount')} {...register('amount')} />
          {fieldError('amount')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>{t('coins:transfers.grant.description')}</label>
          <input id={`${id}-description`} maxLength={200} {...errorProps('description')} {...register('description')} />
          {fieldError('description')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-at`}>{t('coins:transfers.grant.transferredAt')}</label>
          <DateField id={`${id}-at`} kind="datetime-local" {...errorProps('transferred_at')} form={form} name="transferred_at" />
          {fieldError('transferred_at')}
        </div>
        <FormFailure message={failure} />
        <div className="org-form__actions">
          <button type="button" className="kiwi-button" onClick={onClose} disabled={submitting}>
            {t('coins:transfers.grant.cancel')}
          </button>
          <button type="submit" className="kiwi-button kiwi-button--primary" disabled={submitting}>
            {t('coins:transfers.grant.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
