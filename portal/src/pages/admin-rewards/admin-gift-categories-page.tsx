import { zodResolver } from '@hookform/resolvers/zod';
import { formatNumber } from '@kiwi/shared/i18n/format';
import { GiftCategorySchema, REWARD_LIMITS } from '@kiwi/shared/schemas/rewards';
import { useConfirm } from '@kiwi/shared/ui/confirm-dialog';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useSession } from '../../session/session-provider';
import { Field } from '../labelled-field';
import { FormFailure } from '../text-field';
import { apiErrorMessage, fieldErrors } from '../organization/api-error';
import { FormDialog } from '../organization/form-dialog';
import { ListTable, RowAction } from '../organization/list-table';
import type { GiftCategory } from './gift-form-schema';
import { useGiftsAdminTranslation } from './use-gifts-admin-translation';
import '../organization/organization.css';
import './admin-rewards.css';

const PER = 20;

/** /_admin/gift_categories (issue 18 point 1): list, add, rename; delete one no gift uses (giftCategories.inUse otherwise). */
export function AdminGiftCategoriesPage() {
  const { t, i18n } = useGiftsAdminTranslation(['organization']);
  const { api } = useSession();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { showToast } = useToast();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<GiftCategory | 'new' | null>(null);
  const categories = useQuery({
    queryKey: ['gift-categories', 'page', page],
    queryFn: () => api.get<GiftCategory[]>('/gift_categories', { page, per: PER }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['gift-categories'] });
  // A refusal (giftCategories.inUse) stays on the page above the list, not only in a passing toast.
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = (category: GiftCategory) => {
    setRefusal(null);
    confirm({
      title: t('gifts-admin:categories.deleteTitle'),
      body: t('gifts-admin:categories.deleteBody', { name: category.name }),
      okLabel: t('organization:common.delete'),
      onSubmit: async () => {
        try {
          await api.delete(`/gift_categories/${category.id}`);
        } catch (error) {
          setRefusal(`${category.name}: ${apiErrorMessage(t, error)}`);
          return;
        }
        showToast(t('gifts-admin:categories.deleted'), 'success');
        refresh();
      },
    });
  };

  return (
    <div className="org-page gifts-admin">
      <header className="org-page__header">
        <h1>{t('gifts-admin:categories.title')}</h1>
        <div className="org-page__actions">
          <Link className="kiwi-button" to="/_admin/gifts">
            {t('gifts-admin:categories.giftsLink')}
          </Link>
          <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => setEditing('new')}>
            {t('gifts-admin:categories.create')}
          </button>
        </div>
      </header>
      <FormFailure message={refusal} />
      <ListTable
        query={categories}
        caption={t('gifts-admin:categories.caption')}
        empty={t('gifts-admin:categories.empty')}
        headers={[t('gifts-admin:categories.name'), t('gifts-admin:categories.gifts'), t('organization:common.actions')]}
        paging={{ page, onPage: setPage }}
        rows={(items) =>
          items.map((category) => (
            <tr key={category.id}>
              <td>{category.name}</td>
              <td>{formatNumber(category.giftsCount, i18n.language)}</td>
              <td>
                <div className="card-table__actions">
                  <RowAction label={t('gifts-admin:categories.rename')} subject={category.name} onClick={() => setEditing(category)} />
                  <RowAction label={t('organization:common.delete')} subject={category.name} onClick={() => remove(category)} />
                </div>
              </td>
            </tr>
          ))
        }
      />
      {editing && <CategoryFormDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={refresh} />}
    </div>
  );
}

const CategoryFormSchema = GiftCategorySchema.shape.gift_category;
type CategoryForm = { name: string };

function CategoryFormDialog({ category, onClose, onSaved }: { category: GiftCategory | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useGiftsAdminTranslation(['errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CategoryForm>({ resolver: zodResolver(CategoryFormSchema) as never, defaultValues: { name: category?.name ?? '' } });
  const save = useMutation({
    mutationFn: (values: CategoryForm) =>
      category
        ? api.put(`/gift_categories/${category.id}`, { gift_category: values })
        : api.post('/gift_categories', { gift_category: values }),
    onSuccess: () => {
      showToast(t('gifts-admin:categories.saved'), 'success');
      onSaved();
      onClose();
    },
    onError: (error) => {
      const server = fieldErrors(t, error).name;
      if (server) setError('name', { type: 'server', message: server });
    },
  });
  const error = errors.name?.message
    ? errors.name.type === 'server'
      ? errors.name.message
      : t(`errors:${errors.name.message}`, { count: REWARD_LIMITS.categoryNameMax })
    : undefined;
  return (
    <FormDialog
      title={category ? t('gifts-admin:categories.renameTitle') : t('gifts-admin:categories.createTitle')}
      submitting={save.isPending}
      failure={save.isError ? apiErrorMessage(t, save.error) : null}
      onSubmit={handleSubmit((values) => save.mutate(values))}
      onClose={onClose}
    >
      <Field label={t('gifts-admin:categories.name')} error={error}>
        {(props) => <input {...props} maxLength={REWARD_LIMITS.categoryNameMax * 2} {...register('name')} />}
      </Field>
    </FormDialog>
  );
}
