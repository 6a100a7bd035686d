// What every widget is made of (the shared runtime chunk): translations, the page's session, the API client, the
// providers the feature components expect (react-query, toast, confirm dialog, image viewer, feature context), and
// the widget's states around its content: loading, unreachable, sign-in, not a member, signed in.
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createApiClient } from '@kiwi/shared/api/client';
import { HttpResponseError } from '@kiwi/shared/api/errors';
import { isMembershipActive } from '@kiwi/shared/domain/membership';
import { type FeatureHostEvent, FeatureProvider, type FeatureViewer, featureViewerOf } from '@kiwi/shared/features/feature-context';
import { ConfirmDialogProvider } from '@kiwi/shared/ui/confirm-dialog';
import { ImageViewerProvider } from '@kiwi/shared/ui/image-viewer';
import { ToastProvider } from '@kiwi/shared/ui/toast';
import { resolveApiBase } from '../api-base';
import { type I18nInstance, loadWidgetI18n, resolveWidgetLanguage, type WidgetLanguage } from '../i18n/widget-i18n';
import { I18nextProvider, useTranslation } from '../i18n/mini-react-i18next';
import { membershipFor, session, type SessionSnapshot, type WidgetMembership } from '../session/session';
import type { SignInFormProps } from '../sign-in/sign-in-form';
import { COMMON_NAMESPACES, type WidgetProps } from '../widget-kinds';
import { lazyContent } from './lazy-content';
import { ErrorState, Loading, UntranslatedState } from './states';
import './frame.css';

/** The DOM event a feature's success becomes (bubbles and crosses the shadow boundary; never carries a token). */
const HOST_EVENTS: Record<FeatureHostEvent['type'], string> = {
  'event-joined': 'kiwi-event-joined',
  'message-sent': 'kiwi-message-sent',
  'coins-sent': 'kiwi-coins-sent',
  'survey-answered': 'kiwi-survey-answered',
};

export type WidgetFrameProps = WidgetProps & {
  /** The widget's own locale namespaces (the frame adds widgets, errors, validation and common). */
  namespaces: readonly string[];
  /** The attribute the widget needs but did not get (`event-id` ...): a translated error instead of a blank box. */
  missingAttribute?: string | null;
  /** The content for a signed-in member of the organisation. */
  children: (viewer: FeatureViewer) => ReactNode;
  /** What a signed-out visitor sees instead of only the sign-in form (the events widget: a shared event). */
  signedOut?: (signInForm: ReactNode) => ReactNode;
  /** A portal path the widget shows itself (returns true); any other opens the portal in a new tab. */
  onNavigate?: (path: string) => boolean;
};

function useSession(): SessionSnapshot {
  return useSyncExternalStore(
    useCallback((onChange: () => void) => session.subscribe(onChange), []),
    () => session.current,
  );
}

/** The translations of `language` for the namespaces; null while they load (the previous ones stay meanwhile). */
function useWidgetI18n(language: WidgetLanguage, namespaces: readonly string[]): { i18n: I18nInstance | null; failed: boolean } {
  const key = [...COMMON_NAMESPACES, ...namespaces].join(',');
  const [state, setState] = useState<{ i18n: I18nInstance | null; failed: boolean }>({ i18n: null, failed: false });
  useEffect(() => {
    let live = true;
    loadWidgetI18n(language, key.split(',')).then(
      (i18n) => live && setState({ i18n, failed: false }),
      (error: unknown) => {
        console.warn('Kiwi widgets: translations could not be loaded', error);
        if (live) setState((current) => ({ i18n: current.i18n, failed: current.i18n === null }));
      },
    );
    return () => {
      live = false;
    };
  }, [language, key]);
  return state;
}

/** The sign-in form's chunk, loaded the first time a signed-out widget shows it. */
const SignInSlot = lazyContent<SignInFormProps>(() => import('../sign-in/sign-in-form').then((module) => ({ default: module.SignInForm })));

/** Queries do not retry what the server refused (4xx): an unknown id shows its error at once. */
function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => !(error instanceof HttpResponseError && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function WidgetFrame(props: WidgetFrameProps) {
  const { container, organization, locale, namespaces, missingAttribute, children, signedOut, onNavigate } = props;
  const element = container.host;
  const apiBase = resolveApiBase(props.apiBase);
  const language = resolveWidgetLanguage(locale);
  const { i18n, failed } = useWidgetI18n(language, namespaces);
  const snapshot = useSession();

  const api = useMemo(
    () => createApiClient({ baseURL: `${apiBase}/api`, getToken: session.getToken, language: () => language, fetch: session.fetch }),
    [apiBase, language],
  );
  const userId = snapshot.user?.id ?? null;
  // A new client per user: what one person loaded is never shown to the next.
  const queryClient = useMemo(() => newQueryClient(), [userId]);
  const membership = snapshot.user ? membershipFor(snapshot.user, organization) : undefined;
  const viewer = useMemo(() => featureViewerOf(snapshot.user, membership), [snapshot.user, membership]);

  // The portal and the API share the Kiwi origin: an API-relative URL and a portal path resolve alike.
  const onKiwi = useCallback((path: string) => new URL(path, `${apiBase}/`).href, [apiBase]);
  const navigate = useCallback(
    (path: string) => {
      if (onNavigate?.(path)) return;
      window.open(onKiwi(path), '_blank', 'noopener');
    },
    [onNavigate, onKiwi],
  );
  const notify = useCallback(
    (event: FeatureHostEvent) => {
      const { type, ...detail } = event;
      element.dispatchEvent(new CustomEvent(HOST_EVENTS[type], { detail, bubbles: true, composed: true }));
    },
    [element],
  );
  const feature = useMemo(
    () => ({ api, viewer, navigate, resolveUrl: onKiwi, portalUrl: onKiwi, notify }),
    [api, viewer, navigate, onKiwi, notify],
  );

  // Signing in or out from this widget removes the focused control (the form's button, the header's link): focus then
  // goes to the widget's content once the session has changed, not to the page's <body>.
  const content = useRef<HTMLDivElement>(null);
  const focusContent = useRef(false);
  const focusContentSoon = useCallback(() => {
    focusContent.current = true;
  }, []);
  const focusAfterSignIn = useCallback(() => {
    // The member may be loaded already (the effect below then does not run again).
    if (session.current.status === 'signedIn') content.current?.focus();
    else focusContent.current = true;
  }, []);
  useEffect(() => {
    if (!focusContent.current || (snapshot.status !== 'signedIn' && snapshot.status !== 'signedOut')) return;
    focusContent.current = false;
    content.current?.focus();
  }, [snapshot.status, i18n]);

  if (!i18n) return <UntranslatedState failed={failed} locale={language} lang={language} />;

  return (
    <I18nextProvider i18n={i18n}>
      <div className="kiwi-root" part="root" lang={language}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <ConfirmDialogProvider>
              <ImageViewerProvider>
                <FeatureProvider value={feature}>
                  <Header snapshot={snapshot} onSignOut={focusContentSoon} />
                  <Body
                    snapshot={snapshot}
                    organization={organization}
                    membership={membership}
                    viewer={viewer}
                    missingAttribute={missingAttribute}
                    signedOut={signedOut}
                    portalUrl={onKiwi}
                    content={content}
                    onSignedIn={focusAfterSignIn}
                  >
                    {children}
                  </Body>
                </FeatureProvider>
              </ImageViewerProvider>
            </ConfirmDialogProvider>
          </ToastProvider>
        </QueryClientProvider>
      </div>
    </I18nextProvider>
  );
}

function Header({ snapshot, onSignOut }: { snapshot: SessionSnapshot; onSignOut: () => void }) {
  const { t } = useTranslation('widgets');
  // Signing out is a write like any other: its busy state is the mutation's (focus moves to the content at once).
  const signOut = useMutation({ mutationFn: () => session.signOut() });
  return (
    <header className="kiwi-root__header" part="header">
      <span className="kiwi-root__brand">{t('brand')}</span>
      {snapshot.status === 'signedIn' && snapshot.user && (
        <span className="kiwi-root__user">
          <span className="kiwi-root__user-name">{t('signedInAs', { name: snapshot.user.name })}</span>
          {/* A session the host page handed over (idToken) is the host's to end: a sign-out here would last only until
              its next token refresh signed the widgets in again (widgets/README.md, "Signing in"). */}
          {snapshot.source !== 'host' && (
            <button
              type="button"
              className="kiwi-link-button"
              disabled={signOut.isPending}
              onClick={() => {
                onSignOut();
                signOut.mutate();
              }}
            >
              {t('signOut')}
            </button>
          )}
        </span>
      )}
    </header>
  );
}

function Body({
  snapshot,
  organization,
  membership,
  viewer,
  missingAttribute,
  signedOut,
  portalUrl,
  content,
  onSignedIn,
  children,
}: {
  snapshot: SessionSnapshot;
  organization: string | undefined;
  membership: WidgetMembership | undefined;
  viewer: FeatureViewer | null;
  missingAttribute: string | null | undefined;
  signedOut: WidgetFrameProps['signedOut'];
  portalUrl: (path: string) => string;
  content: RefObject<HTMLDivElement | null>;
  onSignedIn: () => void;
  children: WidgetFrameProps['children'];
}) {
  const { t } = useTranslation(['widgets', 'errors']);
  const origin = globalThis.location?.origin ?? '';
  if (missingAttribute) return <ErrorState>{t('widgets:error.missingAttribute', { attribute: missingAttribute })}</ErrorState>;
  if (snapshot.problem === 'unreachable') {
    return (
      <ErrorState
        action={
          <button type="button" className="kiwi-button" onClick={() => session.retry()}>
            {t('widgets:retry')}
          </button>
        }
      >
        {t('widgets:error.unreachable', { origin })}
      </ErrorState>
    );
  }
  if (snapshot.status === 'starting' || snapshot.status === 'signingIn') return <Loading />;
  if (snapshot.status === 'signedOut' || !snapshot.user) {
    const problem =
      snapshot.problem === 'inactive'
        ? t('errors:userInactive')
        : snapshot.problem
          ? t(`widgets:problem.${snapshot.problem}`, { origin })
          : null;
    const form = <SignInSlot problem={problem} portalLoginUrl={portalUrl('/login')} onSignedIn={onSignedIn} />;
    return (
      <div ref={content} tabIndex={-1} className="kiwi-root__content" part="content">
        {signedOut ? signedOut(form) : form}
      </div>
    );
  }
  if (!membership || !viewer) {
    return <ErrorState>{organization ? t('widgets:error.notMember', { organization }) : t('widgets:error.noOrganization')}</ErrorState>;
  }
  if (!isMembershipActive(membership, new Date())) return <ErrorState>{t('errors:userInactive')}</ErrorState>;
  return (
    <div ref={content} tabIndex={-1} className="kiwi-root__content" part="content">
      {children(viewer)}
    </div>
  );
}
