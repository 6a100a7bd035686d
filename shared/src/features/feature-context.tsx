import { createContext, type ReactNode, useContext } from 'react';
import type { ApiClient } from '../api/client';

/** Who is using a feature component: what the portal's session or a widget's sign-in knows about the member. */
export type FeatureViewer = {
  userId: string;
  name: string;
  role: 'admin' | 'member';
  organizationId: string;
  organizationIdentifier: string;
  organizationMemberId: string;
  organizationRole: 'manager' | 'member';
};

/**
 * What every feature component (shared/features/*) gets from its host: the portal or a widget. Feature components
 * never import the portal, its router or its session; they call the API through `api` and move through `navigate`.
 */
export type FeatureContextValue = {
  api: ApiClient;
  /** null while nobody is signed in (a shared event's guest, a widget before sign-in). */
  viewer: FeatureViewer | null;
  /**
   * Opens a portal path ("/events/12"). The portal passes its router; a widget opens the portal in a new tab or
   * handles the path itself.
   */
  navigate: (path: string) => void;
};

const FeatureContext = createContext<FeatureContextValue | null>(null);

export function FeatureProvider({ value, children }: { value: FeatureContextValue; children: ReactNode }) {
  return <FeatureContext value={value}>{children}</FeatureContext>;
}

export function useFeatureContext(): FeatureContextValue {
  const value = useContext(FeatureContext);
  if (!value) throw new Error('feature components must be rendered inside <FeatureProvider>');
  return value;
}
