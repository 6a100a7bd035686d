import { HttpResponseError } from '@kiwi/shared/api/errors';
import { useConfirm } from '@kiwi/shared/ui/confirm-dialog';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSession } from '../../session/session-provider';
import { HOME_QUERY_KEY } from '../home/use-home';
import { apiErrorMessage } from '../organization/api-error';
import { rewardsKeys } from './types';
import { useRewardsTranslation } from './use-rewards-translation';

/** One spend (an exchange or a draw): where it goes and the key of the click that asked for it. */
export type SpendRequest = { path: string; body?: Record<string, unknown>; idempotencyKey: string };

/**
 * POST an exchange or a draw with its Idempotency-Key. Whatever the answer, the shop's lists and the home's balance are
 * read again (a refusal such as gifts.outOfStock means the page was out of date too).
 */
export function useSpend<T>() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body, idempotencyKey }: SpendRequest) =>
      (await api.post<T>(path, body, { headers: { 'Idempotency-Key': idempotencyKey } })).data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardsKeys.all }),
        queryClient.invalidateQueries({ queryKey: HOME_QUERY_KEY }),
      ]),
  });
}

/** A fresh key for one click: every OK of the dialog that click opened sends it again, so a retry is never a second spend. */
export const newIdempotencyKey = () => crypto.randomUUID();

type ConfirmSpend = { title: string; body: ReactNode; okLabel: string; send: () => Promise<unknown>; onClose?: () => void };

/**
 * Asks in the shared confirmation dialog, then sends. A coded refusal (4xx: coins.notEnough, gacha.alreadyDrawn …) is
 * told in a toast and closes the dialog, since sending again cannot help; no answer or a server error keeps the dialog
 * open, so OK tries the same attempt again with the same key.
 */
export function useConfirmSpend(): (request: ConfirmSpend) => void {
  const { t } = useRewardsTranslation(['errors']);
  const confirm = useConfirm();
  const { showToast } = useToast();
  return ({ title, body, okLabel, send, onClose }) =>
    confirm({
      title,
      body,
      okLabel,
      onClose,
      onSubmit: async () => {
        try {
          await send();
        } catch (error) {
          showToast(apiErrorMessage(t, error), 'error');
          if (error instanceof HttpResponseError && error.status < 500) return;
          throw error;
        }
      },
    });
}
