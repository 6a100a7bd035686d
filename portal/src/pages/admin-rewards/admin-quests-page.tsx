import { zodResolver } from '@hookform/resolvers/zod';
import { isSetupGoal, renderQuestTitle } from '@kiwi/shared/domain/quests';
import { formatNumber } from '@kiwi/shared/i18n/format';
import {
  CreateQuestSchema,
  QUEST_GOAL_PLACEHOLDER,
  QUEST_GOAL_TYPES,
  QUEST_GOAL_VALUE_CALCULATION_TYPES,
  QUEST_LIMITS,
  QUEST_PERIOD_TYPES,
  QUEST_REWARD_TYPES,
  type QuestGoalType,
  type QuestGoalValueCalculationType,
  type QuestPeriodType,
  type QuestRewardType,
} from '@kiwi/shared/schemas/quests';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { FormDialog } from '../organization/form-dialog';
import { ListTable, RowAction } from '../organization/list-table';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { useRewardText } from '../quests/quest-item';
import { useQuestsTranslation } from '../quests/use-quests-translation';
import '../organization/organization.css';
import '../quests/quests.css';
import { showServerFieldErrors } from '../use-schema-form';
import { StatusBadge } from '../../layout/status-badge';

/** GET /api/quests after decoding: the quest as the admin configured it. */
type Quest = {
  id: string;
  title: string;
  periodType: QuestPeriodType;
  goalType: QuestGoalType;
  goalValue: number;
  goalValueCalculationType: QuestGoalValueCalculationType;
  personalizedRatePercent: number;
  rewardType: QuestRewardType;
  rewardCoins: number;
  disabled: boolean;
};

const QUESTS_QUERY_KEY = ['admin', 'quests'] as const;
/** The preview's goal when the form has none yet. */
const SAMPLE_GOAL_VALUE = 8_000;

/** `/_admin/quests` (SPEC §2, admin only): the platform's quests, create and edit in a dialog, disable or enable. */
export function AdminQuestsPage() {
  const { t, i18n } = useQuestsTranslation(['organization']);
  const { api } = useSession();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const rewardText = useRewardText();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Quest | 'new' | null>(null);
  const quests = useQuery({ queryKey: [...QUESTS_QUERY_KEY, page], queryFn: () => api.get<Quest[]>('/quests', { page, per: 20 }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUESTS_QUERY_KEY });

  const toggle = (quest: Quest) => {
    const disable = !quest.disabled;
    confirmed({
      title: t(disable ? 'admin.disableTitle' : 'admin.enableTitle'),
      body: t(disable ? 'admin.disableBody' : 'admin.enableBody', { title: quest.title }),
      okLabel: t(disable ? 'admin.disable' : 'admin.enable'),
      action: () => api.put(`/quests/${quest.id}`, { quest: { disabled: disable } }),
      done: t(disable ? 'admin.disabledDone' : 'admin.enabledDone'),
      afterDone: refresh,
    });
  };

  const goalText = (quest: Quest) => {
    const goal = isSetupGoal(quest.goalType) ? '' : ` ${formatNumber(quest.goalValue, i18n.language)}`;
    const personalized =
      quest.goalValueCalculationType === 'personalized_step_count'
        ? ` · ${t('admin.personalized', { percent: quest.personalizedRatePercent })}`
        : '';
    return `${t(`admin.goalTypes.${quest.goalType}`)}${goal}${personalized}`;
  };

  return (
    <div className="org-page">
      <header className="org-page__header">
        <h1 id="page-title">{t('admin.title')}</h1>
        <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => setEditing('new')}>
          {t('admin.create')}
        </button>
      </header>
      <p>{t('admin.intro')}</p>
      <ListTable
        query={quests}
        caption={t('admin.title')}
        empty={t('admin.empty')}
        headers={[
          t('admin.columns.title'),
          t('admin.columns.period'),
          t('admin.columns.goal'),
          t('admin.columns.reward'),
          t('admin.columns.status'),
          t('admin.columns.actions'),
        ]}
        paging={{ page, onPage: setPage }}
        rows={(items) =>
          items.map((quest) => (
            <tr key={quest.id}>
              <td>{quest.title}</td>
              <td>{t(`admin.periodTypes.${quest.periodType}`)}</td>
              <td>{goalText(quest)}</td>
              <td>{rewardText(quest)}</td>
              <td>
                <StatusBadge status={quest.disabled ? 'disabled' : 'enabled'}>
                  {t(quest.disabled ? 'admin.status.disabled' : 'admin.status.enabled')}
                </StatusBadge>
              </td>
              <td>
                <div className="card-table__actions">
                  <RowAction label={t('admin.edit')} subject={quest.title} onClick={() => setEditing(quest)} />
                  <RowAction
                    label={t(quest.disabled ? 'admin.enable' : 'admin.disable')}
                    subject={quest.title}
                    onClick={() => toggle(quest)}
                  />
                </div>
              </td>
            </tr>
          ))
        }
      />
      {editing && (
        <QuestFormDialog quest={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      )}
    </div>
  );
}

const QuestFormSchema = CreateQuestSchema.shape.quest;
type QuestFormValues = z.input<typeof QuestFormSchema>;

function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation('errors');
  if (!error?.message) return null;
  return (
    <p id={id} className="field__error">
      {error.type === 'server' ? error.message : t(`errors:${error.message}`)}
    </p>
  );
}

function QuestFormDialog({ quest, onClose, onSaved }: { quest: Quest | null; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useQuestsTranslation(['organization', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<QuestFormValues>({
    resolver: zodResolver(QuestFormSchema) as never,
    defaultValues: {
      title: quest?.title ?? '',
      period_type: quest?.periodType ?? 'daily',
      goal_type: quest?.goalType ?? 'step',
      goal_value: quest?.goalValue ?? SAMPLE_GOAL_VALUE,
      goal_value_calculation_type: quest?.goalValueCalculationType ?? 'constant',
      personalized_rate_percent: quest?.personalizedRatePercent ?? 110,
      reward_type: quest?.rewardType ?? 'coins',
      reward_coins: quest?.rewardCoins ?? 10,
    },
  });
  const save = useMutation({
    mutationFn: (values: QuestFormValues) =>
      quest ? api.put<Quest>(`/quests/${quest.id}`, { quest: values }) : api.post<Quest>('/quests', { quest: values }),
    onSuccess: () => {
      showToast(t('organization:common.saved'), 'success');
      onSaved();
      onClose();
    },
    onError: (error) => showServerFieldErrors(t, error, setError),
  });

  const fieldProps = (name: keyof QuestFormValues, describedBy?: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [errors[name] ? `${id}-${name}-error` : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined,
  });
  const message = (name: keyof QuestFormValues) => <FieldMessage id={`${id}-${name}-error`} error={errors[name]} />;

  const title = watch('title') ?? '';
  const goalValue = Number(watch('goal_value'));
  const sample = Number.isSafeInteger(goalValue) && goalValue > 0 ? goalValue : SAMPLE_GOAL_VALUE;
  const personalized = watch('goal_value_calculation_type') === 'personalized_step_count';
  const coins = watch('reward_type') === 'coins';

  return (
    <FormDialog
      title={quest ? t('admin.editTitle') : t('admin.createTitle')}
      submitting={save.isPending}
      failure={save.isError ? apiErrorMessage(t, save.error) : null}
      onSubmit={handleSubmit((values) => save.mutate(values))}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={`${id}-title`}>{t('admin.fields.title')}</label>
        <input maxLength={QUEST_LIMITS.titleMax * 4} {...fieldProps('title', `${id}-title-help`)} {...register('title')} />
        <p id={`${id}-title-help`} className="field__hint">
          {t('admin.fields.titleHelp')}
        </p>
        {message('title')}
      </div>
      <div className="quests-preview" aria-live="polite">
        <span className="quests-preview__label">
          {t('admin.preview')} ({t('admin.previewSample', { value: formatNumber(sample, i18n.language) })})
        </span>
        <span className="quest__title">{title.trim() ? renderQuestTitle(title, sample, i18n.language) : QUEST_GOAL_PLACEHOLDER}</span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-period_type`}>{t('admin.fields.periodType')}</label>
        <select {...fieldProps('period_type')} {...register('period_type')}>
          {QUEST_PERIOD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin.periodTypes.${type}`)}
            </option>
          ))}
        </select>
        {message('period_type')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-goal_type`}>{t('admin.fields.goalType')}</label>
        <select {...fieldProps('goal_type')} {...register('goal_type')}>
          {QUEST_GOAL_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin.goalTypes.${type}`)}
            </option>
          ))}
        </select>
        {message('goal_type')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-goal_value`}>{t('admin.fields.goalValue')}</label>
        <input
          type="number"
          min={0}
          max={QUEST_LIMITS.goalValueMax}
          inputMode="numeric"
          {...fieldProps('goal_value')}
          {...register('goal_value', { valueAsNumber: true })}
        />
        {message('goal_value')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-goal_value_calculation_type`}>{t('admin.fields.goalValueCalculationType')}</label>
        <select {...fieldProps('goal_value_calculation_type')} {...register('goal_value_calculation_type')}>
          {QUEST_GOAL_VALUE_CALCULATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin.calculationTypes.${type}`)}
            </option>
          ))}
        </select>
        {message('goal_value_calculation_type')}
      </div>
      {personalized && (
        <div className="field">
          <label htmlFor={`${id}-personalized_rate_percent`}>{t('admin.fields.personalizedRatePercent')}</label>
          <input
            type="number"
            min={QUEST_LIMITS.personalizedRatePercentMin}
            max={QUEST_LIMITS.personalizedRatePercentMax}
            inputMode="numeric"
            {...fieldProps('personalized_rate_percent', `${id}-personalized-help`)}
            {...register('personalized_rate_percent', { valueAsNumber: true })}
          />
          <p id={`${id}-personalized-help`} className="field__hint">
            {t('admin.fields.personalizedHelp')}
          </p>
          {message('personalized_rate_percent')}
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-reward_type`}>{t('admin.fields.rewardType')}</label>
        <select {...fieldProps('reward_type')} {...register('reward_type')}>
          {QUEST_REWARD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin.rewardTypes.${type}`)}
            </option>
          ))}
        </select>
        {message('reward_type')}
      </div>
      {coins && (
        <div className="field">
          <label htmlFor={`${id}-reward_coins`}>{t('admin.fields.rewardCoins')}</label>
          <input
            type="number"
            min={0}
            max={QUEST_LIMITS.rewardCoinsMax}
            inputMode="numeric"
            {...fieldProps('reward_coins')}
            {...register('reward_coins', { valueAsNumber: true })}
          />
          {message('reward_coins')}
        </div>
      )}
    </FormDialog>
  );
}
