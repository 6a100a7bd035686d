import type { DecodedDocument } from '@kiwi/shared/api/jsonapi';
import { type CoinDayStatus, monthInJapan, pointGroupOf } from '@kiwi/shared/domain/health-points';
import { ACTIVITY_LIMITS, activityDay, activityFigures } from '@kiwi/shared/schemas/activity';
import { Chart } from '@kiwi/shared/ui/chart';
import { useToast } from '@kiwi/shared/ui/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSession } from '../../session/session-provider';
import { Field } from '../labelled-field';
import { FormFailure, SubmitButton } from '../text-field';
import { useSchemaForm } from '../use-schema-form';
import { DateField } from '@kiwi/shared/forms/date-field';
import { MonthPicker } from './month-picker';
import { formatDate, formatDateTime, formatDay, formatMonth, formatNumber, formatShortDay } from '@kiwi/shared/i18n/format';
import './activity.css';
import { CardTable } from '../../layout/card-table';

export type ActivityDay = {
  id: string;
  day: string;
  steps: number;
  workoutMinutes: number;
  calories: number;
  distanceMeters: number;
  healthPoints: number;
  source: 'manual' | 'app';
  coins: number | null;
  coinStatus: CoinDayStatus;
};

type ActivityMeta = {
  month: string;
  totalPoints: number;
  coinsEarned: number;
  coinBalance: number;
  membershipState: 'active' | 'pending' | 'expired';
  activeFrom: string | null;
  activeTo: string | null;
  appInstalled: boolean;
  lastSyncAt: string | null;
};

type FormValues = { day: string; steps: string; workoutMinutes: string; calories: string; distanceKm: string };

/** The member's own calendar day (the browser's time zone). */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

const emptyForm = (day: string): FormValues => ({ day, steps: '', workoutMinutes: '', calories: '', distanceKm: '' });

/** Form strings -> the PUT payload; an empty field stays undefined so the shared schema answers validation.required. */
export function payloadOf(values: FormValues) {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const km = number(values.distanceKm);
  return {
    activity: {
      steps: number(values.steps),
      workout_minutes: number(values.workoutMinutes),
      calories: number(values.calories),
      distance_meters: km === undefined || Number.isNaN(km) ? km : Math.round(km * 1000),
    },
  };
}

/** The form checked as the API checks the day and its figures: each issue under its own field (distance in metres). */
const FormSchema = z.object({
  day: activityDay,
  steps: activityFigures.steps,
  workoutMinutes: activityFigures.workout_minutes,
  calories: activityFigures.calories,
  distanceKm: activityFigures.distance_meters,
});
type FormOutput = z.output<typeof FormSchema>;

/** What FormSchema judges: the day, and the figures as the PUT payload has them, under the fields' names. */
function checkedValues(values: FormValues) {
  const { steps, workout_minutes, calories, distance_meters } = payloadOf(values).activity;
  return { day: values.day, steps, workoutMinutes: workout_minutes, calories, distanceKm: distance_meters };
}

/** The day's figures, in the order the form asks them (distance in km, stored in metres). */
const NUMBER_FIELDS = [
  { name: 'steps', label: 'my.form.steps', max: ACTIVITY_LIMITS.stepsMax, step: 1 },
  { name: 'workoutMinutes', label: 'my.form.workoutMinutes', max: ACTIVITY_LIMITS.workoutMinutesMax, step: 1 },
  { name: 'calories', label: 'my.form.calories', max: ACTIVITY_LIMITS.caloriesMax, step: 1 },
  { name: 'distanceKm', label: 'my.form.distance', max: ACTIVITY_LIMITS.distanceMetersMax / 1000, step: 0.01 },
] as const;

export function MyActivityPage() {
  const { t, i18n } = useTranslation('activity');
  const { api } = useSession();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const currentMonth = monthInJapan(new Date());
  const [month, setMonth] = useState(currentMonth);
  const formRef = useRef<HTMLFormElement>(null);
  const number = (value: number) => formatNumber(value, i18n.language);

  const days = useQuery({
    queryKey: ['activity', 'mine', month],
    queryFn: () => api.get<ActivityDay[]>('/user/activities', { month }),
  });

  const { form, register, onSubmit, busy, failure, message } = useSchemaForm<FormValues, FormOutput, DecodedDocument<ActivityDay>>({
    schema: FormSchema,
    toPayload: checkedValues,
    defaultValues: emptyForm(localDay(new Date())),
    send: ({ day, steps, workoutMinutes, calories, distanceKm }) =>
      api.put<ActivityDay>(`/user/activities/${day}`, {
        activity: { steps, workout_minutes: workoutMinutes, calories, distance_meters: distanceKm },
      }),
    onSaved: ({ data, meta }) => {
      const coins = Number(meta?.coinsAwarded ?? 0);
      showToast(
        coins > 0
          ? t('my.form.savedWithCoins', { day: formatDay(data.day, i18n.language), points: data.healthPoints, coins })
          : t('my.form.saved', { day: formatDay(data.day, i18n.language), points: data.healthPoints }),
        'success',
      );
      setMonth(data.day.slice(0, 7));
      void queryClient.invalidateQueries({ queryKey: ['activity', 'mine'] });
    },
  });
  // The distance is typed in km and limited in metres: its limits are said in km.
  const distanceLimit = Number(form.formState.errors.distanceKm?.types?.count ?? 0) / 1000;
  const errorOf = (name: keyof FormValues) =>
    name === 'distanceKm' ? message(name, { count: distanceLimit, min: distanceLimit, max: distanceLimit }) : message(name);

  function edit(day: ActivityDay) {
    form.reset({
      day: day.day,
      steps: String(day.steps),
      workoutMinutes: String(day.workoutMinutes),
      calories: String(day.calories),
      distanceKm: String(day.distanceMeters / 1000),
    });
    formRef.current?.scrollIntoView?.({ block: 'start' });
    form.setFocus('steps');
  }

  const meta = days.data?.meta as ActivityMeta | undefined;
  const list = (days.data?.data ?? []) as ActivityDay[];

  return (
    <div className="activity-page">
      <h1>{t('my.title')}</h1>
      <p className="activity-page__intro">{t('my.intro')}</p>

      {meta && <MembershipNotice meta={meta} />}

      <form ref={formRef} className="activity-card activity-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <FormFailure message={failure} />
        <h2>{t('my.form.title')}</h2>
        <div className="activity-form__grid">
          <Field label={t('my.form.day')} error={errorOf('day')}>
            {(props) => <DateField {...props} kind="date" max={localDay(new Date())} min={ACTIVITY_LIMITS.dayMin} form={form} name="day" />}
          </Field>
          {NUMBER_FIELDS.map(({ name, label, max, step }) => (
            <Field key={name} label={t(label)} error={errorOf(name)}>
              {(props) => (
                <input
                  {...props}
                  type="number"
                  inputMode={step === 1 ? 'numeric' : 'decimal'}
                  min={0}
                  max={max}
                  step={step}
                  {...register(name)}
                />
              )}
            </Field>
          ))}
        </div>
        <p className="activity-form__hint">{t('my.form.replaceHint')}</p>
        <SubmitButton busy={busy} label={t('my.form.submit')} busyLabel={t('my.form.submitting')} />
      </form>

      <section className="activity-card" aria-labelledby="activity-month-title">
        <div className="activity-card__header">
          <h2 id="activity-month-title">{t('my.table.title', { month: formatMonth(month, i18n.language) })}</h2>
          <MonthPicker value={month} onChange={setMonth} max={currentMonth} />
        </div>
        {days.isPending ? (
          <p role="status">{t('state.loading')}</p>
        ) : days.isError ? (
          <div role="alert" className="alert alert--error">
            {t('state.loadFailed')}{' '}
            <button type="button" className="kiwi-button kiwi-button--text" onClick={() => void days.refetch()}>
              {t('state.retry')}
            </button>
          </div>
        ) : (
          <>
            {meta && (
              <dl className="activity-summary" aria-label={t('my.summary.label')}>
                <div>
                  <dt>{t('my.summary.points')}</dt>
                  <dd data-testid="month-points">{t('units.points', { count: meta.totalPoints })}</dd>
                </div>
                <div>
                  <dt>{t('my.summary.pointGroup')}</dt>
                  <dd>{t(`pointGroups.${pointGroupOf(meta.totalPoints)}`)}</dd>
                </div>
                <div>
                  <dt>{t('my.summary.coinsEarned')}</dt>
                  <dd>{number(meta.coinsEarned)}</dd>
                </div>
                <div>
                  <dt>{t('my.summary.coinBalance')}</dt>
                  <dd>{number(meta.coinBalance)}</dd>
                </div>
              </dl>
            )}
            {list.length === 0 ? (
              <p className="activity-empty">{t('my.table.empty')}</p>
            ) : (
              <>
                <DailyPointsChart month={month} days={list} />
                <CardTable
                  caption={t('my.table.title', { month: formatMonth(month, i18n.language) })}
                  headers={[
                    t('my.table.day'),
                    t('my.table.steps'),
                    t('my.table.workoutMinutes'),
                    t('my.table.calories'),
                    t('my.table.distance'),
                    t('my.table.points'),
                    t('my.table.coins'),
                    t('my.table.source'),
                    t('my.table.actions'),
                  ]}
                >
                  {list.map((day) => (
                    <tr key={day.id}>
                      <th scope="row">{formatDay(day.day, i18n.language)}</th>
                      <td>{number(day.steps)}</td>
                      <td>{t('units.minutes', { count: day.workoutMinutes })}</td>
                      <td>{t('units.kcal', { count: day.calories })}</td>
                      <td>
                        {t('units.km', {
                          value: formatNumber(day.distanceMeters / 1000, i18n.language, { maximumFractionDigits: 2 }),
                        })}
                      </td>
                      <td>{t('units.points', { count: day.healthPoints })}</td>
                      <td>
                        {day.coinStatus === 'awarded'
                          ? t('my.coinStatus.awarded', { count: day.coins ?? 0 })
                          : t(`my.coinStatus.${day.coinStatus}`)}
                      </td>
                      <td>{t(`my.source.${day.source}`)}</td>
                      <td>
                        <button
                          type="button"
                          className="kiwi-button kiwi-button--text"
                          onClick={() => edit(day)}
                          aria-label={t('my.table.editDay', { day: formatDay(day.day, i18n.language) })}
                        >
                          {t('my.table.edit')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </CardTable>
              </>
            )}
          </>
        )}
      </section>
    </div>
  );
}

function MembershipNotice({ meta }: { meta: ActivityMeta }) {
  const { t, i18n } = useTranslation('activity');
  const date = (iso: string) => formatDate(iso, i18n.language);
  const state =
    meta.membershipState === 'pending' && meta.activeFrom
      ? t('my.membership.pending', { date: date(meta.activeFrom) })
      : meta.membershipState === 'expired' && meta.activeTo
        ? t('my.membership.expired', { date: date(meta.activeTo) })
        : meta.activeTo
          ? t('my.membership.activeUntil', { date: date(meta.activeTo) })
          : t('my.membership.active');
  return (
    <div
      className={`alert ${meta.membershipState === 'active' ? 'alert--success' : 'alert--warning'} activity-notice`}
      data-state={meta.membershipState}
    >
      <p>{state}</p>
      <p>
        {meta.appInstalled && meta.lastSyncAt
          ? t('my.app.installed', { date: formatDateTime(meta.lastSyncAt, i18n.language) })
          : t('my.app.notInstalled')}
      </p>
    </div>
  );
}

/** The logged days' points (only days with a record, so its table stays as short as the month's list). */
function DailyPointsChart({ month, days }: { month: string; days: ActivityDay[] }) {
  const { t, i18n } = useTranslation('activity');
  return (
    <Chart
      title={t('my.chart.title', { month: formatMonth(month, i18n.language) })}
      kind="bar"
      labels={days.map((day) => formatShortDay(day.day, i18n.language))}
      series={[{ label: t('my.chart.series'), values: days.map((day) => day.healthPoints) }]}
      csvFileName={`activity-${month}`}
      height={200}
    />
  );
}
