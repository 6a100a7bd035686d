// @vitest-environment happy-dom
// The guild form (portal only) over the real API client and a fake network: react-hook-form with the API's schema,
// the write through a react-query mutation.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { featureHost, type HeldAnswer, heldAnswer, type Replies, testViewer } from '../test-support';
import { GuildForm, type GuildFormValues, guildFormResolver } from './guild-form';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const t = i18n.t.bind(i18n);
const viewer = testViewer();

/** The fake network answering from `replies`; while `hold` holds, no answer comes (the form is busy). */
const host = (replies: Replies, hold?: HeldAnswer) => featureHost(replies, { viewer }, { i18n, hold });
const saved = { body: { data: { type: 'guilds', id: '42', attributes: { name: 'Runners' } } } };

describe('guildFormResolver', () => {
  const valid: GuildFormValues = { name: 'Runners', description: '', tags: 'a, b', public_range: 'public', header_image_url: null };
  const codes = async (values: GuildFormValues) => {
    const { errors } = await guildFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
  };
  it.each([
    ['valid', valid, {}],
    ['blank name', { ...valid, name: '  ' }, { name: 'validation.required' }],
    ['duplicate tags', { ...valid, tags: 'a, b、a' }, { tags: 'validation.duplicateTags' }],
    ['a name of 51 graphemes', { ...valid, name: '🏃'.repeat(51) }, { name: 'validation.tooLong' }],
  ])('%s', async (_name, values, expected) => {
    expect(await codes(values)).toEqual(expected);
  });

  it('hands the submit the form values as typed when they pass', async () => {
    const result = await guildFormResolver(valid, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result).toEqual({ values: valid, errors: {} });
  });
});

describe('<GuildForm>', () => {
  it('says what is wrong under the field, marks it invalid and sends nothing', async () => {
    const { sent, wrapper } = host({});
    render(<GuildForm />, { wrapper });
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: '🏃'.repeat(51) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(name.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe(t('errors:validation.tooLong', { count: 50 }));
    expect(message?.textContent).not.toContain('{{');
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the values, is busy while the request runs, then tells and opens the new guild', async () => {
    const held = heldAnswer();
    const { sent, navigated, wrapper } = host({ 'POST /api/organizations/7/guilds': saved }, held);
    render(<GuildForm />, { wrapper });
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Runners' } });
    fireEvent.input(screen.getByLabelText('Tags'), { target: { value: 'running, beginners' } });
    fireEvent.click(screen.getByRole('radio', { name: /by invitation only/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Saving...' }).closest('form')?.getAttribute('aria-busy')).toBe('true');
    held.release();
    await waitFor(() => expect(navigated).toEqual(['/guilds/42']));
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      guild: { name: 'Runners', description: '', tags: 'running, beginners', public_range: 'private', header_image_url: null },
    });
    expect(await screen.findByText('The guild was created')).toBeTruthy();
  });

  it("puts the server's 422 field error under its field and says the failure above the form", async () => {
    const { wrapper } = host({
      'POST /api/organizations/7/guilds': {
        status: 422,
        body: { errors: [{ status: '422', code: 'validation.invalidName', source: { pointer: '/guild/name' } }] },
      },
    });
    render(<GuildForm />, { wrapper });
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Runners' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(t('errors:validation.invalidName'));
    expect(screen.getByRole('button', { name: 'Create' })).toHaveProperty('disabled', false);
  });
});
