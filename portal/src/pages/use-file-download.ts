import type { QueryParams } from '@kiwi/shared/api/query';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-provider';
import { apiErrorMessage } from './organization/api-error';

export type FileDownload = { path: string; query?: QueryParams; fileName: string };

/**
 * The one way the portal saves a file the API writes (CSV exports, rankings, audits): fetched with the viewer's bearer
 * token (never a bare link a copied URL could replay), then saved under `fileName`. A react-query mutation: `isPending`
 * (with `variables`, which file) is the busy state; a failure is a toast, `failurePrefix` before the API's reason.
 */
export function useFileDownload(failurePrefix?: string) {
  const { t } = useTranslation('errors');
  const { api } = useSession();
  const { showToast } = useToast();
  return useMutation({
    mutationFn: async ({ path, query, fileName }: FileDownload) => {
      const response = await api.raw<'blob'>(path, { query, responseType: 'blob' });
      const url = URL.createObjectURL(response._data as Blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
    onError: (error) => showToast([failurePrefix, apiErrorMessage(t, error)].filter(Boolean).join(' '), 'error'),
  });
}
