import { createContext, type ReactNode, useContext, useMemo } from 'react';
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

/** The parts of the signed-in user (GET /api/user) and of one of its memberships that make a viewer. */
export type ViewerUser = { id: string; name: string; role: FeatureViewer['role'] };
export type ViewerMembership = { id: string; role: FeatureViewer['organizationRole']; organization: { id: string; identifier: string } };

/**
 * The viewer for `user` as a member through `membership`; null without either. The host picks the membership: the
 * portal the user's first one, a widget the one its `organization` attribute names.
 */
export function featureViewerOf(
  user: ViewerUser | null | undefined,
  membership: ViewerMembership | null | undefined,
): FeatureViewer | null {
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

/** A user action that succeeded, told to the host (a widget turns it into a `kiwi-*` DOM event). No tokens in here. */
export type FeatureHostEvent =
  | { type: 'event-joined'; eventId: string }
  | { type: 'message-sent'; guildId: string; messageId: string }
  | { type: 'coins-sent'; amount: number; receiverIds: string[] }
  | { type: 'survey-answered'; surveyId: string };

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
  /** URL the page can load for an API-relative URL such as "/api/images/abc" (widgets: absolute on the API origin). Default: identity. */
  resolveUrl?: (url: string) => string;
  /** Absolute portal URL for a portal path ("/shared_events/12"), for links shown or copied. Default: new URL(path, document.baseURI). */
  portalUrl?: (path: string) => string;
  /** Called after a user action succeeded; widgets turn it into DOM events. Default: no-op. */
  notify?: (event: FeatureHostEvent) => void;
};

/** The context as feature components read it: every optional field filled with its default. */
export type ResolvedFeatureContext = Required<FeatureContextValue>;

const FeatureContext = createContext<ResolvedFeatureContext | null>(null);

const identity = (url: string) => url;
const nothing = () => undefined;
/** The portal path as an absolute URL of the page's own origin (what the portal shows). */
function defaultPortalUrl(path: string): string {
  const base = typeof document !== 'undefined' ? document.baseURI : (globalThis.location?.href ?? 'http://localhost/');
  return new URL(path, base).href;
}

export function FeatureProvider({ value, children }: { value: FeatureContextValue; children: ReactNode }) {
  const { api, viewer, navigate, resolveUrl = identity, portalUrl = defaultPortalUrl, notify: hostNotify = nothing } = value;
  const resolved = useMemo<ResolvedFeatureContext>(() => {
    // The action has succeeded by the time the host hears of it: a failing listener must not turn it into an error.
    const notify = (event: FeatureHostEvent) => {
      try {
        hostNotify(event);
      } catch (error) {
        console.error('The host failed to handle a feature event', event.type, error);
      }
    };
    return { api, viewer, navigate, resolveUrl, portalUrl, notify };
  }, [api, viewer, navigate, resolveUrl, portalUrl, hostNotify]);
  // `.Provider` rather than React 19's `<Context value>`: preact/compat (the widgets) knows only the former.
  return <FeatureContext.Provider value={resolved}>{children}</FeatureContext.Provider>;
}

export function useFeatureContext(): ResolvedFeatureContext {
  const value = useContext(FeatureContext);
  if (!value) throw new Error('feature components must be rendered inside <FeatureProvider>');
  return value;
}
