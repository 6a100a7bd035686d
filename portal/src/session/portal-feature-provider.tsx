import { type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { featureViewerOf, FeatureProvider } from '@kiwi/shared/features/feature-context';
import { firstMembership } from './kiwi-user';
import { useSession } from './session-provider';

/** The portal as the host of the shared feature components: its API client, the session's member and its router. */
export function PortalFeatureProvider({ children }: { children: ReactNode }) {
  const { api, kiwiUser } = useSession();
  const navigate = useNavigate();
  const value = useMemo(
    () => ({ api, viewer: featureViewerOf(kiwiUser, firstMembership(kiwiUser)), navigate: (path: string) => void navigate(path) }),
    [api, kiwiUser, navigate],
  );
  return <FeatureProvider value={value}>{children}</FeatureProvider>;
}
