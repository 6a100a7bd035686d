import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HttpResponseError, IgnorableError } from '../../api/errors';
import { readEventStream, STREAM_BACKOFF } from '../../api/event-stream';
import { backoffDelay } from '../../domain/backoff';
import { eventQueryKeys } from '../../schemas/event-resources';
import { useFeatureContext } from '../feature-context';

// Many reactions in a burst become one reload.
const SETTLE_MS = 300;

/**
 * Keeps the event's stream of "changed" signals open (GET .../stream) and reloads what the page shows on each one.
 * Reconnects with backoff after a drop; a 4xx (no longer allowed, event gone or unpublished) ends it.
 * `token` is a shared-event guest's bearer; `public` streams without any token.
 */
export function useEventChanges({ path, token, public: isPublic = false }: { path: string; token?: string | null; public?: boolean }) {
  const { api } = useFeatureContext();
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: eventQueryKeys.all });
      }, SETTLE_MS);
    };
    const run = async () => {
      let attempt = 0;
      while (!controller.signal.aborted) {
        try {
          const response = await api.raw<'stream'>(path, {
            responseType: 'stream',
            headers: { Accept: 'text/event-stream' },
            signal: controller.signal,
            retry: false,
            ...(token ? { token } : isPublic ? { public: true } : {}),
          });
          const body = response._data ?? response.body;
          if (!body) throw new Error('no stream body');
          if (attempt > 0) refresh();
          attempt = 0;
          await readEventStream(body, (event) => {
            if (event.event === 'changed') refresh();
          });
        } catch (error) {
          if (controller.signal.aborted || error instanceof IgnorableError) return;
          if (
            error instanceof HttpResponseError &&
            error.status >= 400 &&
            error.status < 500 &&
            error.status !== 408 &&
            error.status !== 429
          )
            return;
        }
        if (controller.signal.aborted) return;
        attempt += 1;
        await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, STREAM_BACKOFF)));
      }
    };
    void run();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [api, queryClient, path, token, isPublic]);
}
