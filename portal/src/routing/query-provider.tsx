import type { ComponentType } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

// react-query comes with the pages that fetch, not in the entry: the sign-in pages never load it. One client for the
// page's lifetime, so the cache outlives moves between pages as it did with the provider at the root.
const queryClient = new QueryClient();

/** `Page` under the portal's one QueryClient. */
export function withQueries<Props extends object>(Page: ComponentType<Props>): ComponentType<Props> {
  return function WithQueries(props: Props) {
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  };
}
