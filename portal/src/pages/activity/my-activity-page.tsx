import { HttpResponseError } from '@kiwi/shared/api/errors';
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { type CoinDayStatus, monthInJapan, pointGroupOf } from '@kiwi/shared/domain/health-points';
import { ACTIVITY_LIMITS, activityDay, LogActivitySchema } from '@kiwi/shared/schemas/activity';
import { Chart } from '@kiwi/shared/ui/chart';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSession } from '../../session/session-provider';
import { MonthPicker } from './month-picker';
import { formatDate, formatDateTime, formatNumber } from '@kiwi/shared/i18n/format';
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
type FieldName = keyof FormValues;
type FieldErrors = Partial<Record<FieldName, string>>;

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

const FIELD_OF_KEY: Record<string, FieldName> = {
  steps: 'steps',
  workout_minutes: 'workoutMinutes',
  calories: 'calories',
  distance_meters: 'distanceKm',
  day: 'day',
};

const FormSchema = z.object({ day: activityDay, payload: LogActivitySchema });

export function MyActivityPage() {
  const { t, i18n } = useTranslation('activity');
  const { api } = useSession();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const currentMonth = monthInJapan(new Date());
  const [month, setMonth] = useState(currentMonth);
  const [values, setValues] = useState<FormValues>(() => emptyForm(localDay(new Date())));
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const stepsRef = useRef<HTMLInputElement>(null);
  const number = (value: number) => formatNumber(value, i18n.language);

  const days = useQuery({
    queryKey: ['activity', 'mine', month],
    queryFn: () => api.get<ActivityDay[]>('/user/activities', { month }),
  });

  const save = useMutation({
    mutationFn: ({ day, payload }: { day: string; payload: Record<string, unknown> }) =>
      api.put<ActivityDay>(`/user/activities/${day}`, payload),
    onSuccess: ({ data, meta }) => {
      const coins = Number(meta?.coinsAwarded ?? 0);
      showToast(
        coins > 0
          ? t('my.form.savedWithCoins', { day: data.day, points: data.healthPoints, coins })
          : t('my.form.saved', { day: data.day, points: data.healthPoints }),
        'success',
      );
      setMonth(data.day.slice(0, 7));
      void queryClient.invalidateQueries({ queryKey: ['activity', 'mine'] });
    },
    onError: (error) => {
      const fieldErrors = serverFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else showToast(errorText(error), 'error');
    },
  });

  function errorText(error: unknown): string {
    if (error instanceof HttpResponseError) {
      const first = error.errors[0];
      if (first?.code && i18n.exists(`errors:${first.code}`)) return t(`errors:${first.code}`);
    }
    return t('my.form.failed');
  }

  function serverFieldErrors(error: unknown): FieldErrors {
    if (!(error instanceof HttpResponseError)) return {};
    const result: FieldErrors = {};
    for (const item of error.errors) {
      const key = item.source?.pointer?.split('/').pop() ?? item.source?.parameter;
      const field = key ? FIELD_OF_KEY[key] : undefined;
      if (field && !result[field]) result[field] = item.detail ?? (item.code ? t(`errors:${item.code}`) : t('my.form.failed'));
    }
    return result;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = FormSchema.safeParse({ day: values.day, payload: payloadOf(values) });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[issue.path.length - 1]);
        const field = FIELD_OF_KEY[key];
        if (!field || next[field]) continue;
        const limit = 'maximum' in issue ? Number(issue.maximum) : 'minimum' in issue ? Number(issue.minimum) : undefined;
        const shown = field === 'distanceKm' && limit !== undefined ? limit / 1000 : limit;
        const code = issue.message.includes('.') ? issue.message : ErrorCode.validationInvalidFormat;
        next[field] = t(`errors:${code}`, { min: shown, max: shown, count: shown });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate({ day: parsed.data.day, payload: parsed.data.payload });
  }

  function edit(day: ActivityDay) {
    setErrors({});
    setValues({
      day: day.day,
      steps: String(day.steps),
      workoutMinutes: String(day.workoutMinutes),
      calories: String(day.calories),
      distanceKm: String(day.distanceMeters / 1000),
    });
    formRef.current?.scrollIntoView?.({ block: 'start' });
    stepsRef.current?.focus();
  }

  const meta = days.data?.meta as ActivityMeta | undefined;
  const list = (days.data?.data ?? []) as ActivityDay[];

  return (
    <div className="activity-page">
      <h1>{t('my.title')}</h1>
      <p className="activity-page__intro">{t('my.intro')}</p>

      {meta && <MembershipNotice meta={meta} />}

      <form ref={formRef} className="activity-card activity-form" noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
        <h2>{t('my.form.title')}</h2>
        <div className="activity-form__grid">
          <Field label={t('my.form.day')} error={errors.day}>
            {(props) => (
              <input
                {...props}
                type="date"
                value={values.day}
                max={localDay(new Date())}
                min={ACTIVITY_LIMITS.dayMin}
                onChange={(e) => setValues({ ...values, day: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('my.form.steps')} error={errors.steps}>
            {(props) => (
              <input
                {...props}
                ref={stepsRef}
                type="number"
                inputMode="numeric"
                min={0}
                max={ACTIVITY_LIMITS.stepsMax}
                step={1}
                value={values.steps}
                onChange={(e) => setValues({ ...values, steps: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('my.form.workoutMinutes')} error={errors.workoutMinutes}>
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="numeric"
                min={0}
                max={ACTIVITY_LIMITS.workoutMinutesMax}
                step={1}
                value={values.workoutMinutes}
                onChange={(e) => setValues({ ...values, workoutMinutes: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('my.form.calories')} error={errors.calories}>
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="numeric"
                min={0}
                max={ACTIVITY_LIMITS.caloriesMax}
                step={1}
                value={values.calories}
                onChange={(e) => setValues({ ...values, calories: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('my.form.distance')} error={errors.distanceKm}>
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="decimal"
                min={0}
                max={ACTIVITY_LIMITS.distanceMetersMax / 1000}
                step={0.01}
                value={values.distanceKm}
                onChange={(e) => setValues({ ...values, distanceKm: e.target.value })}
              />
            )}
          </Field>
        </div>
        <p className="activity-form__hint">{t('my.form.replaceHint')}</p>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t('my.form.submitting') : t('my.form.submit')}
        </button>
      </form>

      <section className="activity-card" aria-labelledby="activity-month-title">
        <div className="activity-card__header">
          <h2 id="activity-month-title">{t('my.table.title', { month })}</h2>
          <MonthPicker value={month} onChange={setMonth} max={currentMonth} />
        </div>
        {days.isPending ? (
          <p role="status">{t('state.loading')}</p>
        ) : days.isError ? (
          <div role="alert" className="alert alert--error">
            {t('state.loadFailed')}{' '}
            <button type="button" className="button button--text" onClick={() => void days.refetch()}>
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
                  caption={t('my.table.title', { month })}
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
                      <th scope="row">{day.day}</th>
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
                          className="button button--text"
                          onClick={() => edit(day)}
                          aria-label={t('my.table.editDay', { day: day.day })}
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
  const { t } = useTranslation('activity');
  return (
    <Chart
      title={t('my.chart.title', { month })}
      kind="bar"
      labels={days.map((day) => day.day.slice(5))}
      series={[{ label: t('my.chart.series'), values: days.map((day) => day.healthPoints) }]}
      csvFileName={`activity-${month}`}
      height={200}
    />
  );
}

type FieldProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/** A labelled input whose error text is tied to it for screen readers. */
function Field({ label, error, children }: { label: string; error: string | undefined; children: (props: FieldProps) => React.ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}) })}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
