import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openLiveStream } from '../../api/event-stream';
import { eventQueryKeys } from '../../schemas/event-resources';
import { useFeatureContext } from '../feature-context';

// Many reactions in a burst become one reload.
const SETTLE_MS = 300;

/**
 * Keeps the event's stream of "changed" signals open (GET .../stream) and reloads what the page shows on each one,
 * and after each reconnect (a signal may have been missed meanwhile). The one reconnect loop (openLiveStream) does the
 * backoff; a 4xx (no longer allowed, event gone or unpublished) ends it.
 * `token` is a shared-event guest's bearer; `public` streams without any token.
 */
export function useEventChanges({ path, token, public: isPublic = false }: { path: string; token?: string | null; public?: boolean }) {
  const { api } = useFeatureContext();
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: eventQueryKeys.all });
      }, SETTLE_MS);
    };
    const close = openLiveStream({
      api,
      path,
      token: token ?? null,
      public: isPublic,
      onEvent: (event) => {
        if (event.event === 'changed') refresh();
      },
      onReconnect: refresh,
    });
    return () => {
      close();
      if (timer) clearTimeout(timer);
    };
  }, [api, queryClient, path, token, isPublic]);
}
