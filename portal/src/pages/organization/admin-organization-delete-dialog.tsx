import { formatNumber } from '@kiwi/shared/i18n/format';
import { ModalDialog } from '@kiwi/shared/ui/modal-dialog';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation } from '@tanstack/react-query';
import { DeleteOrganizationSchema } from '@kiwi/shared/schemas/admin-organization';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSession } from '../../session/session-provider';
import { FormFailure } from '../text-field';
import { schemaResolver } from '../user/schema-resolver';
import { apiErrorMessage } from './api-error';
import { type AdminOrganization, useAdminOrganizationsTranslation } from './admin-organization-translation';

type DeletionMeta = { identifier: string; membersCount: number; removedUsersCount: number };

/**
 * Issue 20 point 3: deleting an archived organisation. The admin sees what goes (its memberships) and types its
 * identifier; the delete button stays disabled until the typed text matches exactly (the server checks it again).
 */
export function AdminOrganizationDeleteDialog({
  organization,
  onClose,
  onDeleted,
}: {
  organization: AdminOrganization;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t, i18n } = useAdminOrganizationsTranslation();
  const { api } = useSession();
  const { showToast } = useToast();
  const titleId = useId();
  const inputId = useId();
  const bodyId = useId();
  const { register, handleSubmit, watch } = useForm<{ identifier_confirmation: string }>({
    resolver: schemaResolver(DeleteOrganizationSchema.shape.organization),
    defaultValues: { identifier_confirmation: '' },
  });
  const matches = watch('identifier_confirmation') === organization.identifier;
  const remove = useMutation({
    mutationFn: (confirmation: { identifier_confirmation: string }) =>
      api.delete(`/organizations/${organization.id}`, { body: { organization: confirmation } }),
    onSuccess: (document) => {
      const meta = (document.meta ?? {}) as Partial<DeletionMeta>;
      showToast(
        t('delete.done', {
          identifier: organization.identifier,
          members: formatNumber(meta.membersCount ?? organization.membersCount, i18n.language),
          users: formatNumber(meta.removedUsersCount ?? 0, i18n.language),
        }),
        'success',
      );
      onDeleted();
      onClose();
    },
  });
  const close = () => {
    if (!remove.isPending) onClose();
  };
  return (
    <ModalDialog open onCancel={close} className="kiwi-confirm-dialog admin-org-delete" labelledBy={titleId}>
      <h2 id={titleId} className="kiwi-confirm-dialog__title">
        {t('delete.title', { name: organization.name })}
      </h2>
      <form
        className="org-form"
        noValidate
        aria-busy={remove.isPending}
        onSubmit={handleSubmit((confirmation) => {
          if (matches && !remove.isPending) remove.mutate(confirmation);
        })}
      >
        <p id={bodyId} className="kiwi-confirm-dialog__body">
          {t('delete.body', { members: formatNumber(organization.membersCount, i18n.language) })}
        </p>
        <FormFailure message={remove.isError ? apiErrorMessage(t, remove.error) : null} />
        <div className="field">
          <label htmlFor={inputId}>{t('delete.typeLabel', { identifier: organization.identifier })}</label>
          <input
            id={inputId}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            aria-describedby={bodyId}
            {...register('identifier_confirmation')}
          />
        </div>
        <div className="kiwi-confirm-dialog__actions">
          <button type="button" className="kiwi-button" onClick={close} disabled={remove.isPending}>
            {t('organization:common.cancel')}
          </button>
          <button type="submit" className="kiwi-button admin-org-delete__confirm" disabled={!matches || remove.isPending}>
            {remove.isPending ? t('delete.deleting') : t('delete.confirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
