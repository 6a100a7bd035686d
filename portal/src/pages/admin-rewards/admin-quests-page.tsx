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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { useSession } from '../../session/session-provider';
import { FormDialog } from '../organization/form-dialog';
import { ListTable, RowAction } from '../organization/list-table';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { useRewardText } from '../quests/quest-item';
import { useQuestsTranslation } from '../quests/use-quests-translation';
import '../organization/organization.css';
import '../quests/quests.css';
import { useSchemaForm } from '../use-schema-form';
import { Field } from '../labelled-field';
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

function QuestFormDialog({ quest, onClose, onSaved }: { quest: Quest | null; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useQuestsTranslation(['organization', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const { form, register, onSubmit, busy, failure, message } = useSchemaForm({
    schema: QuestFormSchema,
    defaultValues: {
      title: quest?.title ?? '',
      period_type: quest?.periodType ?? 'daily',
      goal_type: quest?.goalType ?? 'step',
      goal_value: quest?.goalValue ?? SAMPLE_GOAL_VALUE,
      goal_value_calculation_type: quest?.goalValueCalculationType ?? 'constant',
      personalized_rate_percent: quest?.personalizedRatePercent ?? 110,
      reward_type: quest?.rewardType ?? 'coins',
      reward_coins: quest?.rewardCoins ?? 10,
    } satisfies QuestFormValues,
    send: (values) => (quest ? api.put<Quest>(`/quests/${quest.id}`, { quest: values }) : api.post<Quest>('/quests', { quest: values })),
    onSaved: () => {
      showToast(t('organization:common.saved'), 'success');
      onSaved();
      onClose();
    },
  });
  /** A select of one of the quest's kinds, its options named from `admin.<names>.<value>`. */
  const choice = (
    name: 'period_type' | 'goal_type' | 'goal_value_calculation_type' | 'reward_type',
    label: string,
    values: readonly string[],
    names: string,
  ) => (
    <Field label={t(`admin.fields.${label}`)} error={message(name)}>
      {(props) => (
        <select {...props} {...register(name)}>
          {values.map((value) => (
            <option key={value} value={value}>
              {t(`admin.${names}.${value}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  /** A whole-number input between `min` and `max`. */
  const count = (
    name: 'goal_value' | 'personalized_rate_percent' | 'reward_coins',
    label: string,
    min: number,
    max: number,
    hints?: string[],
  ) => (
    <Field label={t(`admin.fields.${label}`)} error={message(name)} hints={hints}>
      {(props) => <input type="number" min={min} max={max} inputMode="numeric" {...props} {...register(name, { valueAsNumber: true })} />}
    </Field>
  );

  const title = form.watch('title') ?? '';
  const goalValue = Number(form.watch('goal_value'));
  const sample = Number.isSafeInteger(goalValue) && goalValue > 0 ? goalValue : SAMPLE_GOAL_VALUE;
  const personalized = form.watch('goal_value_calculation_type') === 'personalized_step_count';
  const coins = form.watch('reward_type') === 'coins';

  return (
    <FormDialog
      title={quest ? t('admin.editTitle') : t('admin.createTitle')}
      submitting={busy}
      failure={failure}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Field label={t('admin.fields.title')} error={message('title')} hints={[t('admin.fields.titleHelp')]}>
        {(props) => <input maxLength={QUEST_LIMITS.titleMax * 4} {...props} {...register('title')} />}
      </Field>
      <div className="quests-preview" aria-live="polite">
        <span className="quests-preview__label">
          {t('admin.preview')} ({t('admin.previewSample', { value: formatNumber(sample, i18n.language) })})
        </span>
        <span className="quest__title">{title.trim() ? renderQuestTitle(title, sample, i18n.language) : QUEST_GOAL_PLACEHOLDER}</span>
      </div>
      {choice('period_type', 'periodType', QUEST_PERIOD_TYPES, 'periodTypes')}
      {choice('goal_type', 'goalType', QUEST_GOAL_TYPES, 'goalTypes')}
      {count('goal_value', 'goalValue', 0, QUEST_LIMITS.goalValueMax)}
      {choice('goal_value_calculation_type', 'goalValueCalculationType', QUEST_GOAL_VALUE_CALCULATION_TYPES, 'calculationTypes')}
      {personalized &&
        count(
          'personalized_rate_percent',
          'personalizedRatePercent',
          QUEST_LIMITS.personalizedRatePercentMin,
          QUEST_LIMITS.personalizedRatePercentMax,
          [t('admin.fields.personalizedHelp')],
        )}
      {choice('reward_type', 'rewardType', QUEST_REWARD_TYPES, 'rewardTypes')}
      {coins && count('reward_coins', 'rewardCoins', 0, QUEST_LIMITS.rewardCoinsMax)}
    </FormDialog>
  );
}
