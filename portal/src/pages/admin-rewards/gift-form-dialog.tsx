import { zodResolver } from '@hookform/resolvers/zod';
import { GIFT_TYPES, REWARD_LIMITS, WEEKLY_GACHA_TIERS } from '@kiwi/shared/schemas/rewards';
import { ImageInput } from '@kiwi/shared/ui/image-input';
import { useToast } from '@kiwi/shared/ui/toast';
import { DateField } from '@kiwi/shared/forms/date-field';
import { useMutation } from '@tanstack/react-query';
import { type FieldError, useForm } from 'react-hook-form';
import { useSession } from '../../session/session-provider';
import { Field } from '../labelled-field';
import { apiErrorMessage } from '../organization/api-error';
import { FormDialog } from '../organization/form-dialog';
import {
  type Gift,
  type GiftCategory,
  GiftFormSchema,
  type GiftFormValues,
  type GiftPayload,
  giftFormValues,
  hasOwnStock,
} from './gift-form-schema';
import { useGiftsAdminTranslation } from './use-gifts-admin-translation';
import { showServerFieldErrors } from '../use-schema-form';

const DATETIME_RANGE = { min: '1900-01-01T00:00', max: '2099-12-31T23:59' } as const;

/** Create or edit one gift: every field of the catalogue, the tier only for a weekly gacha prize, the stock otherwise. */
export function GiftFormDialog({
  gift,
  categories,
  onClose,
  onSaved,
}: {
  gift: Gift | null;
  categories: GiftCategory[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useGiftsAdminTranslation(['errors', 'organization']);
  const { api } = useSession();
  const { showToast } = useToast();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors },
  } = useForm<GiftFormValues, unknown, GiftPayload>({
    // The same resolver as the other portal forms: react-hook-form and it stay one chunk.
    resolver: zodResolver(GiftFormSchema) as never,
    defaultValues: giftFormValues(gift),
  });
  const save = useMutation({
    mutationFn: (payload: GiftPayload) => (gift ? api.put(`/gifts/${gift.id}`, { gift: payload }) : api.post('/gifts', { gift: payload })),
    onSuccess: () => {
      showToast(t('gifts-admin:gifts.saved'), 'success');
      onSaved();
      onClose();
    },
    onError: (error) => showServerFieldErrors(t, error, setError),
  });
  const message = (name: keyof GiftFormValues) => {
    const error = errors[name] as FieldError | undefined;
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(`errors:${error.message}`);
  };
  const giftType = watch('gift_type');
  const field = (name: keyof GiftFormValues) => register(name);
  /** A whole-number input with its label and hint (`fields.<key>` and `fields.<key>Hint`). */
  const amount = (name: 'need_coins' | 'price' | 'stock', key: string, max: number) => (
    <Field label={t(`gifts-admin:fields.${key}`)} hints={[t(`gifts-admin:fields.${key}Hint`)]} error={message(name)}>
      {(props) => <input {...props} type="number" inputMode="numeric" min={0} max={max} step={1} {...field(name)} />}
    </Field>
  );

  return (
    <FormDialog
      title={gift ? t('gifts-admin:gifts.editTitle') : t('gifts-admin:gifts.createTitle')}
      submitting={save.isPending}
      failure={save.isError ? apiErrorMessage(t, save.error) : null}
      onSubmit={handleSubmit((payload) => save.mutate(payload))}
      onClose={onClose}
    >
      <div className="org-form__row">
        <Field label={t('gifts-admin:fields.giftType')} error={message('gift_type')}>
          {(props) => (
            <select {...props} {...field('gift_type')}>
              {GIFT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`gifts-admin:types.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('gifts-admin:fields.category')} error={message('category_id')}>
          {(props) => (
            <select {...props} {...field('category_id')}>
              <option value="">{t('gifts-admin:gifts.noCategory')}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label={t('gifts-admin:fields.name')} error={message('name')}>
        {(props) => <input {...props} maxLength={REWARD_LIMITS.giftNameMax * 2} {...field('name')} />}
      </Field>
      <Field label={t('gifts-admin:fields.description')} error={message('description')}>
        {(props) => <textarea {...props} maxLength={REWARD_LIMITS.descriptionMax * 2} {...field('description')} />}
      </Field>
      <div className="field">
        {/* watch and setValue, not Controller: its code would land in the form library's chunk /login loads. */}
        <ImageInput
          value={watch('thumbnail_url')}
          onChange={(url) => setValue('thumbnail_url', url, { shouldDirty: true })}
          label={t('gifts-admin:fields.thumbnail')}
          hint={t('gifts-admin:fields.thumbnailHint')}
          disabled={save.isPending}
        />
        {message('thumbnail_url') && <p className="field__error">{message('thumbnail_url')}</p>}
      </div>
      {giftType === 'weekly_gacha' && (
        <Field
          label={t('gifts-admin:fields.tier')}
          hints={[t('gifts-admin:fields.tierHint')]}
          error={message('weekly_gacha_calculation_type')}
        >
          {(props) => (
            <select {...props} {...field('weekly_gacha_calculation_type')}>
              <option value="">{t('gifts-admin:fields.chooseTier')}</option>
              {WEEKLY_GACHA_TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  {t(`gifts-admin:tiers.${tier}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <div className="org-form__row">
        {amount('need_coins', 'needCoins', REWARD_LIMITS.needCoinsMax)}
        {amount('price', 'price', REWARD_LIMITS.priceMax)}
        {hasOwnStock(giftType) && amount('stock', 'stock', REWARD_LIMITS.stockMax)}
      </div>
      <Field label={t('gifts-admin:fields.gifteeCode')} hints={[t('gifts-admin:fields.gifteeCodeHint')]} error={message('giftee_code')}>
        {(props) => <input {...props} maxLength={REWARD_LIMITS.gifteeCodeMax * 2} autoComplete="off" {...field('giftee_code')} />}
      </Field>
      <div className="org-form__row">
        <Field label={t('gifts-admin:fields.activeFrom')} hints={[t('gifts-admin:fields.activeHint')]} error={message('active_from')}>
          {(props) => <DateField {...props} kind="datetime-local" {...DATETIME_RANGE} form={{ register, watch }} name="active_from" />}
        </Field>
        <Field label={t('gifts-admin:fields.activeTo')} hints={[t('gifts-admin:fields.activeHint')]} error={message('active_to')}>
          {(props) => <DateField {...props} kind="datetime-local" {...DATETIME_RANGE} form={{ register, watch }} name="active_to" />}
        </Field>
      </div>
      <label className="gifts-admin__check">
        <input type="checkbox" {...field('disabled')} /> {t('gifts-admin:fields.disabled')}
      </label>
    </FormDialog>
  );
}
