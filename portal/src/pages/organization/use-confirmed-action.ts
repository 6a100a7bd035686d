import { useTranslation } from 'react-i18next';
import { useConfirm } from '@kiwi/shared/ui/confirm-dialog';
import { useToast } from '@kiwi/shared/ui/toast';
import { apiErrorMessage } from './api-error';

type ConfirmedAction = {
  title: string;
  body: string;
  okLabel?: string;
  action: () => Promise<unknown>;
  done: string;
  afterDone?: () => unknown;
};

/**
 * Asks first (SPEC §4 confirmation dialog), then runs the call: a success toast and `afterDone` (awaited before the dialog
 * closes), or the translated error and the dialog stays open.
 */
export function useConfirmedAction(): (request: ConfirmedAction) => void {
  const { t } = useTranslation('organization');
  const confirm = useConfirm();
  const { showToast } = useToast();
  return ({ title, body, okLabel, action, done, afterDone }) =>
    confirm({
      title,
      body,
      okLabel,
      onSubmit: async () => {
        try {
          await action();
        } catch (error) {
          showToast(apiErrorMessage(t, error), 'error');
          throw error;
        }
        showToast(done, 'success');
        await afterDone?.();
      },
    });
}
