// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';
import {
  type FeatureContextValue,
  FeatureProvider,
  featureViewerOf,
  type ResolvedFeatureContext,
  useFeatureContext,
} from './feature-context';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const api = createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => null, fetch: globalThis.fetch });

function contextOf(value: FeatureContextValue): ResolvedFeatureContext {
  let seen: ResolvedFeatureContext | null = null;
  function Probe() {
    seen = useFeatureContext();
    return null;
  }
  render(
    <FeatureProvider value={value}>
      <Probe />
    </FeatureProvider>,
  );
  if (!seen) throw new Error('not rendered');
  return seen;
}

describe('useFeatureContext', () => {
  it("fills the host's optional fields: URLs as given, portal links on the page's own origin, notify a no-op", () => {
    const context = contextOf({ api, viewer: null, navigate: () => undefined });
    expect(context.resolveUrl('/api/images/abc')).toBe('/api/images/abc');
    expect(context.portalUrl('/shared_events/12')).toBe(new URL('/shared_events/12', document.baseURI).href);
    expect(context.portalUrl('/shared_events/12')).toMatch(/^https?:\/\/[^/]+\/shared_events\/12$/);
    expect(() => context.notify({ type: 'survey-answered', surveyId: '1' })).not.toThrow();
  });

  it("passes the host's own resolveUrl, portalUrl and notify through", () => {
    const notify = vi.fn();
    const context = contextOf({
      api,
      viewer: null,
      navigate: () => undefined,
      resolveUrl: (url) => new URL(url, 'https://api.example').href,
      portalUrl: (path) => `https://kiwi.example${path}`,
      notify,
    });
    expect(context.resolveUrl('/api/images/abc')).toBe('https://api.example/api/images/abc');
    expect(context.resolveUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(context.portalUrl('/events/3')).toBe('https://kiwi.example/events/3');
    context.notify({ type: 'event-joined', eventId: '3' });
    expect(notify).toHaveBeenCalledExactlyOnceWith({ type: 'event-joined', eventId: '3' });
  });

  it('keeps a failing host listener from turning a succeeded action into an error', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const context = contextOf({
      api,
      viewer: null,
      navigate: () => undefined,
      notify: () => {
        throw new Error('the host page broke');
      },
    });
    expect(() => context.notify({ type: 'coins-sent', amount: 3, receiverIds: ['4'] })).not.toThrow();
    expect(logged).toHaveBeenCalledOnce();
  });

  it('says so when a feature component is rendered without a FeatureProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Probe() {
      useFeatureContext();
      return null;
    }
    expect(() => render(<Probe />)).toThrow('feature components must be rendered inside <FeatureProvider>');
  });
});

describe('featureViewerOf', () => {
  const user = { id: '5', name: 'Hanako', role: 'member' as const, email: 'hanako@example.com' };
  const membership = { id: '12', role: 'manager' as const, activeFrom: null, organization: { id: '3', identifier: 'acme', name: 'Acme' } };

  it('makes the viewer from the user and the membership the host picked', () => {
    expect(featureViewerOf(user, membership)).toEqual({
      userId: '5',
      name: 'Hanako',
      role: 'member',
      organizationId: '3',
      organizationIdentifier: 'acme',
      organizationMemberId: '12',
      organizationRole: 'manager',
    });
  });

  it('is null without a user or without a membership', () => {
    expect(featureViewerOf(null, membership)).toBeNull();
    expect(featureViewerOf(user, undefined)).toBeNull();
  });
});
