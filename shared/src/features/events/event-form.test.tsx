// @vitest-environment happy-dom
// The event form (portal only) over the real API client and a fake network: react-hook-form with the API's schema,
// the write through a react-query mutation.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { errorOf, eventResource, featureHost, type HeldAnswer, heldAnswer, type Replies, testViewer } from '../test-support';
import { EventForm } from './event-form';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const t = i18n.t.bind(i18n);
const viewer = testViewer({ organizationId: '1', organizationMemberId: '5' });

/** The fake network answering from `replies`; while `hold` holds, no answer comes (the form is busy). */
const host = (replies: Replies, hold?: HeldAnswer) => featureHost(replies, { viewer }, { i18n, hold });

const event = (attributes: Record<string, unknown> = {}) => eventResource({ 'can-manage': true, ...attributes });
const created = { body: { data: event({ name: 'Walk' }) } };

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('EventForm', () => {
  it('does not offer the edit form when the poll cannot be loaded (saving would drop its votes)', async () => {
    const { sent, wrapper } = host({
      'GET /api/organizations/1/events/9': { body: { data: event({ 'poll-id': 4, 'can-manage': true }) } },
      'GET /api/polls/4': { status: 500, body: { errors: [{ status: '500', code: 'server.unexpected' }] } },
    });
    render(<EventForm eventId="9" />, { wrapper });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(sent.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says what is wrong under each field (the API schema, then its cross-field rules) and sends nothing', async () => {
    const { sent, wrapper } = host({});
    render(<EventForm />, { wrapper });
    type('Event name *', 'x'.repeat(101));
    type('Starts *', '2030-05-01T12:00');
    type('Ends *', '2030-05-01T10:00');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('events:form.fixErrors'));
    expect(errorOf(screen.getByLabelText('Event name *'))).toBe(t('errors:validation.tooLong', { count: 100 }));
    // The schema judges the relation between the fields once each field passes its own check.
    type('Event name *', 'Walk');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Ends *'))).toBe(t('errors:validation.endAfterStart')));
    expect(errorOf(screen.getByLabelText('Event name *'))).toBeNull();
    expect(errorOf(screen.getByLabelText('Starts *'))).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(t('events:form.fixErrors'));
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says a blank required field is required', async () => {
    const { wrapper } = host({});
    render(<EventForm />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Event name *'))).toBe(t('errors:validation.required')));
    expect(errorOf(screen.getByLabelText('Starts *'))).toBe(t('errors:validation.required'));
  });

  it('sends the payload (instants, a preset tag, the poll without a removed choice), busy while it runs, then opens the event', async () => {
    const held = heldAnswer();
    const { sent, navigated, wrapper } = host({ 'POST /api/organizations/1/events': created }, held);
    render(<EventForm />, { wrapper });
    type('Event name *', 'Walk');
    type('Starts *', '2030-05-01T10:00');
    type('Ends *', '2030-05-01T12:00');
    type('Maximum participants', '8');
    const preset = within(screen.getByRole('group', { name: 'Suggested tags' })).getAllByRole('button')[0]!;
    fireEvent.click(preset);
    expect(preset).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: /only the people you invite/ }));
    fireEvent.click(screen.getByLabelText('Announce it on Slack'));
    for (const _ of [1, 2, 3]) fireEvent.click(screen.getByRole('button', { name: 'Add a choice' }));
    type('Choice 1', 'Sat');
    type('Choice 2', 'Sun');
    type('Choice 3', 'Mon');
    fireEvent.click(screen.getByRole('button', { name: 'Remove choice 2' }));
    expect((screen.getByLabelText('Choice 2') as HTMLInputElement).value).toBe('Mon');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    held.release();
    await waitFor(() => expect(navigated).toEqual(['/events/9']));
    const body = sent.find((call) => call.method === 'POST')?.body as { event: Record<string, unknown> };
    expect(body.event).toMatchObject({
      name: 'Walk',
      description: '',
      recruitment_deadline: null,
      location: null,
      apply_minimum: null,
      apply_maximum: 8,
      tags: preset.textContent?.replace('+ ', ''),
      public_range: 'private',
      send_notification: true,
      header_image_url: null,
      poll_items: ['Sat', 'Mon'],
    });
    expect(new Date(body.event.started_at as string).getTime()).toBe(new Date('2030-05-01T10:00').getTime());
    expect(await screen.findByText('The event was created')).toBeTruthy();
  });

  it('edits an event with its values and poll filled in and saves with PUT', async () => {
    const { sent, navigated, wrapper } = host({
      'GET /api/organizations/1/events/9': { body: { data: event({ 'poll-id': 4 }) } },
      'GET /api/polls/4': { body: { data: { type: 'polls', id: '4', attributes: { 'poll-items': [{ text: 'Sat' }] } } } },
      'PUT /api/organizations/1/events/9': { body: { data: event({ name: 'Picnic 2' }) } },
    });
    render(<EventForm eventId="9" />, { wrapper });
    expect(((await screen.findByLabelText('Event name *')) as HTMLInputElement).value).toBe('Picnic');
    expect((screen.getByLabelText('Choice 1') as HTMLInputElement).value).toBe('Sat');
    expect((screen.getByLabelText('Maximum participants') as HTMLInputElement).value).toBe('10');
    type('Event name *', 'Picnic 2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(navigated).toEqual(['/events/9']));
    const body = sent.find((call) => call.method === 'PUT')?.body as { event: Record<string, unknown> };
    expect(body.event).toMatchObject({ name: 'Picnic 2', location: 'Park', apply_maximum: 10, poll_items: ['Sat'] });
    expect(await screen.findByText('The event was saved')).toBeTruthy();
  });

  it("puts the server's 422 field error under its field and says the failure above the form", async () => {
    const { wrapper } = host({
      'PUT /api/organizations/1/events/9': {
        status: 422,
        body: { errors: [{ status: '422', code: 'validation.maximumBelowJoined', source: { pointer: '/event/apply_maximum' } }] },
      },
      'GET /api/organizations/1/events/9': { body: { data: event() } },
    });
    render(<EventForm eventId="9" />, { wrapper });
    await screen.findByLabelText('Maximum participants');
    type('Maximum participants', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(errorOf(screen.getByLabelText('Maximum participants'))).toBe(t('errors:validation.maximumBelowJoined'));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });
});
