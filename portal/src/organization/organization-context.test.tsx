// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@kiwi/shared/api/client';
import { OrganizationContextProvider, useOrganization } from './organization-context';

/** A real API client over a fetch that answers from a table and records what was asked. */
function clientAnswering(answer: (url: string) => Response) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push(url);
    return answer(url);
  };
  return {
    api: createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch: fetch as typeof globalThis.fetch }),
    calls,
  };
}
const organization = (id: string, identifier: string) =>
  new Response(JSON.stringify({ data: { type: 'organizations', id, attributes: { name: identifier.toUpperCase(), identifier } } }), {
    status: 200,
    headers: { 'content-type': 'application/vnd.api+json' },
  });

let latest: ReturnType<typeof useOrganization> | null = null;
function Probe() {
  latest = useOrganization();
  return <p>{latest.loaded ? `loaded:${latest.organization?.name ?? 'none'}` : 'loading'}</p>;
}

afterEach(() => {
  cleanup();
  latest = null;
  vi.restoreAllMocks();
});

describe('OrganizationContextProvider (SPEC §4)', () => {
  it('fetches the route organisation with with_mfa_enabled=true and is loaded after success', async () => {
    const { api, calls } = clientAnswering(() => organization('1', 'acme'));
    render(
      <OrganizationContextProvider api={api} identifier="acme">
        <Probe />
      </OrganizationContextProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await screen.findByText('loaded:ACME');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('/api/organizations/acme?with_mfa_enabled=true');
  });

  it('fetches again when the identifier changes and when reload() bumps the counter; setOrganization merges', async () => {
    const { api, calls } = clientAnswering((url) => (url.includes('globex') ? organization('2', 'globex') : organization('1', 'acme')));
    const view = render(
      <OrganizationContextProvider api={api} identifier="acme">
        <Probe />
      </OrganizationContextProvider>,
    );
    await screen.findByText('loaded:ACME');
    act(() => latest!.reload());
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => latest!.setOrganization({ name: 'Renamed' }));
    await screen.findByText('loaded:Renamed');
    view.rerender(
      <OrganizationContextProvider api={api} identifier="globex">
        <Probe />
      </OrganizationContextProvider>,
    );
    await screen.findByText('loaded:GLOBEX');
    expect(calls).toHaveLength(3);
  });

  it('is loaded after a failure too, with no organisation, and only logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = clientAnswering(
      () => new Response(JSON.stringify({ errors: [{ status: '403', code: 'auth.forbidden' }] }), { status: 403 }),
    );
    render(
      <OrganizationContextProvider api={api} identifier="acme">
        <Probe />
      </OrganizationContextProvider>,
    );
    await screen.findByText('loaded:none');
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
