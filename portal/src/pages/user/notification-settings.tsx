// The profile page's "Notifications" section: push on this device and the kinds a member wants. Built with push
// notifications (issue 15, part D); the profile form (part B) renders it below its own fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { type ClientConfig, fetchClientConfig } from '@kiwi/shared/api/client-config';
import { notificationPreferences, type NotificationPreferences, PUSH_KINDS } from '@kiwi/shared/domain/push';
import { NotificationPreferencesSchema } from '@kiwi/shared/schemas/push';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { KiwiUser } from '../../session/kiwi-user';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { FormFailure, SubmitButton } from '../text-field';
import './notification-settings.css';

type Device = { id: string; uuid: string; platform: 'app' | 'web'; lastSeenAt: string };

const DEVICE_UUID_KEY = 'kiwi.pushDeviceUuid';

/** This browser's device id: made once, kept in localStorage, sent with its token as `user.device.uuid`. */
export function browserDeviceUuid(storage: Storage = localStorage): string {
  let uuid = storage.getItem(DEVICE_UUID_KEY);
  if (!uuid) {
    uuid = crypto.randomUUID();
    storage.setItem(DEVICE_UUID_KEY, uuid);
  }
  return uuid;
}

/** Web Push needs notifications, a service worker and the Push API (an iPhone's Safari only from the home screen). */
const browserCanPush = () =>
  typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;

export function NotificationSettings() {
  const { t } = useTranslation('push');
  const titleId = useId();
  const { kiwiUser } = useSession();
  if (!kiwiUser) return null;
  return (
    <section className="notification-settings" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings.title')}</h2>
      <PushOnThisDevice userId={kiwiUser.id} />
      <NotificationKinds user={kiwiUser} />
    </section>
  );
}

/** The kinds of push this member wants, saved with PUT /api/users/{id} `user.notification_preferences`. */
function NotificationKinds({ user }: { user: KiwiUser }) {
  const { t } = useTranslation(['push', 'organization', 'errors']);
  const { api, updateKiwiUser } = useSession();
  const { showToast } = useToast();
  const id = useId();
  const form = useForm<NotificationPreferences>({
    resolver: zodResolver(NotificationPreferencesSchema) as never,
    values: notificationPreferences(user.notificationPreferences),
  });
  const save = useMutation({
    mutationFn: (choices: NotificationPreferences) =>
      api.put<KiwiUser>(`/users/${user.id}`, { user: { notification_preferences: choices } }),
    onSuccess: ({ data }) => {
      updateKiwiUser(data);
      showToast(t('push:settings.saved'), 'success');
    },
  });

  return (
    <form
      className="notification-settings__kinds"
      onSubmit={form.handleSubmit((choices) => save.mutate(choices))}
      noValidate
      aria-busy={save.isPending}
    >
      <FormFailure message={save.isError ? apiErrorMessage(t, save.error) : null} />
      <fieldset>
        <legend>{t('push:settings.kindsLegend')}</legend>
        {PUSH_KINDS.map((kind) => (
          <div className="notification-settings__choice" key={kind}>
            <input id={`${id}-${kind}`} type="checkbox" {...form.register(kind)} />
            <label htmlFor={`${id}-${kind}`}>{t(`push:settings.kinds.${kind}`)}</label>
          </div>
        ))}
      </fieldset>
      <div className="notification-settings__actions">
        <SubmitButton busy={save.isPending} label={t('push:settings.save')} busyLabel={t('push:settings.saving')} />
      </div>
    </form>
  );
}

type Problem = 'denied' | 'dismissed' | 'unsupported' | 'failed';

/**
 * "Push notifications on this device": the browser is asked for permission only when the member turns this on, then
 * Firebase Messaging (a lazy chunk) gives the token, sent as `user.device`. Turning it off asks first, then deletes the
 * device (DELETE /api/users/{id}/devices/{uuid}). On means the server lists this browser's uuid and permission holds.
 */
function PushOnThisDevice({ userId }: { userId: string }) {
  const { t } = useTranslation(['push', 'organization']);
  const { api } = useSession();
  const { showToast } = useToast();
  const confirmed = useConfirmedAction();
  const queryClient = useQueryClient();
  const id = useId();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const config = useQuery({ queryKey: ['client-config'], queryFn: () => fetchClientConfig(api), staleTime: Number.POSITIVE_INFINITY });
  const devicesKey = ['user-devices', userId];
  const devices = useQuery({ queryKey: devicesKey, queryFn: () => api.get<Device[]>(`/users/${userId}/devices`) });
  const canPush = browserCanPush();
  const uuid = canPush ? browserDeviceUuid() : null;
  const permission = canPush ? Notification.permission : 'default';
  const on = permission === 'granted' && (devices.data?.data ?? []).some((device) => device.uuid === uuid);
  const problemId = `${id}-problem`;
  // Opening the profile with push on sends the device again: its last use is refreshed (60 days unseen drop it), and a
  // token Firebase rotated meanwhile is replaced. Once per visit; not right after turning it on.
  const refreshed = useRef(false);
  useEffect(() => {
    if (!on || refreshed.current || !config.data?.firebaseMessaging) return;
    refreshed.current = true;
    void import('../../push/web-push')
      .then(({ obtainPushToken }) => obtainPushToken(config.data))
      .then((token) => api.put(`/users/${userId}`, { user: { device: { uuid, fcm_token: token, platform: 'web' } } }))
      .catch((error: unknown) => console.warn('Could not refresh this device for push', error));
  }, [on, config.data, api, userId, uuid]);

  if (config.isPending || devices.isPending) {
    return (
      <p className="notification-settings__device" role="status">
        {t('organization:common.loading')}
      </p>
    );
  }
  if (config.isError || devices.isError) {
    return <FormFailure message={apiErrorMessage(t, config.error ?? devices.error)} />;
  }
  const messaging = (config.data as ClientConfig).firebaseMessaging;
  const unavailable = !messaging ? t('push:settings.unavailable') : !canPush ? t('push:settings.unsupported') : null;

  async function turnOn() {
    setProblem(null);
    // Asked here, in the member's click, and nowhere else.
    const answer = await Notification.requestPermission();
    if (answer !== 'granted') {
      setProblem(answer === 'denied' ? 'denied' : 'dismissed');
      return;
    }
    setWorking(true);
    try {
      const { obtainPushToken, PushUnsupportedError } = await import('../../push/web-push');
      let token: string;
      try {
        token = await obtainPushToken(config.data as ClientConfig);
      } catch (error) {
        console.error('Could not get a push token', error);
        setProblem(error instanceof PushUnsupportedError ? 'unsupported' : 'failed');
        return;
      }
      await api.put(`/users/${userId}`, { user: { device: { uuid, fcm_token: token, platform: 'web' } } });
      refreshed.current = true;
      await queryClient.invalidateQueries({ queryKey: devicesKey });
      showToast(t('push:settings.deviceEnabled'), 'success');
    } catch (error) {
      showToast(apiErrorMessage(t, error), 'error');
    } finally {
      setWorking(false);
    }
  }

  const turnOff = () =>
    confirmed({
      title: t('push:settings.confirmOffTitle'),
      body: t('push:settings.confirmOffBody'),
      okLabel: t('push:settings.turnOff'),
      action: async () => {
        await api.delete(`/users/${userId}/devices/${encodeURIComponent(uuid ?? '')}`);
        // The server no longer pushes here; telling FCM too is a courtesy that may fail offline.
        void import('../../push/web-push').then(({ releasePushToken }) => releasePushToken(config.data as ClientConfig)).catch(() => {});
      },
      done: t('push:settings.deviceDisabled'),
      afterDone: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
    });

  return (
    <div className="notification-settings__device">
      <h3>{t('push:settings.deviceTitle')}</h3>
      {unavailable ? (
        <p className="notification-settings__note">{unavailable}</p>
      ) : (
        <>
          <div className="notification-settings__choice">
            <input
              id={`${id}-device`}
              type="checkbox"
              role="switch"
              aria-checked={on}
              checked={on}
              disabled={working}
              aria-describedby={problem ? problemId : `${id}-help`}
              onChange={() => (on ? turnOff() : void turnOn())}
            />
            <label htmlFor={`${id}-device`}>{t('push:settings.deviceOn')}</label>
          </div>
          {working ? (
            <p role="status">{t('push:settings.working')}</p>
          ) : problem ? (
            <p className="alert alert--error" role="alert" id={problemId}>
              {t(`push:settings.${problem}`)}
            </p>
          ) : (
            <p className="notification-settings__note" id={`${id}-help`}>
              {on ? t('push:settings.deviceEnabled') : permission === 'denied' ? t('push:settings.denied') : t('push:settings.deviceHelp')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
