import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-provider';
import type { GiftCategory } from './gift-form-schema';

/** Every gift category, page by page (100 a page), for the gift form's and the filter's choices. */
export function useAllGiftCategories() {
  const { api } = useSession();
  return useQuery({
    queryKey: ['gift-categories', 'all'],
    queryFn: async () => {
      const all: GiftCategory[] = [];
      for (let page = 1; page <= 100; page += 1) {
        const { data, meta } = await api.get<GiftCategory[]>('/gift_categories', { page, per: 100 });
        all.push(...data);
        if (page >= Number(meta?.totalPages ?? 1)) break;
      }
      return all;
    },
  });
}
