import { createContext } from 'react';

/** Called by each lazy page once it is on screen (routing/lazy-page.tsx), for RoutePrefetch to look at its links. */
export const PageShownContext = createContext<() => void>(() => {});
