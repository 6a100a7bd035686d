import { type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type FeatureViewer, FeatureProvider } from '@kiwi/shared/features/feature-context';
import { firstMembership, type KiwiUser } from './kiwi-user';
import { useSession } from './session-provider';

/** The portal as the host of the shared feature components: its API client, the session's member and its router. */
export function PortalFeatureProvider({ children }: { children: ReactNode }) {
  const { api, kiwiUser } = useSession();
  const navigate = useNavigate();
  const value = useMemo(() => ({ api, viewer: featureViewer(kiwiUser), navigate: (path: string) => void navigate(path) }), [api, kiwiUser, navigate]);
  return <FeatureProvider value={value}>{children}</FeatureProvider>;
}

function featureViewer(user: KiwiUser | null): FeatureViewer | null {
  const membership = firstMembership(user);
  if (!user || !membership) return null;
  return {
    userId: user.id,
    name: user.name,
    role: user.role,
    organizationId: membership.organization.id,
    organizationIdentifier: membership.organization.identifier,
    organizationMemberId: membership.id,
    organizationRole: membership.role,
  };
}
