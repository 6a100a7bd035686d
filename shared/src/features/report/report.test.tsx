// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en/report.json' with { type: 'json' };
import enErrors from '../../../../locales/en/errors.json' with { type: 'json' };
import { featureHost, type Replies, testViewer } from '../test-support';
import { ReportButton } from './report-button';
import { reportResolver } from './report-dialog';

afterEach(cleanup);

const created = { status: 201, body: { data: { type: 'violation-reports', id: '9', attributes: { status: 'pending' } } } };
const refused = (status: number, code: string) => ({ status, body: { errors: [{ status: String(status), code }] } });
const member = (replies: Replies) => featureHost(replies, { viewer: testViewer() });

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: "Report Taro's post" }));
  return screen.findByRole('dialog', { name: en.title });
}

describe('ReportButton', () => {
  it('asks for a category, counts graphemes, sends the report of a member and thanks them', async () => {
    const { sent, wrapper } = member({ 'POST /api/organizations/7/violation_reports': created });
    render(<ReportButton target={{ type: 'GuildMessage', id: '42' }} name="Taro" />, { wrapper });
    const dialog = await openDialog();

    fireEvent.click(screen.getByRole('button', { name: en.send }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', en.chooseCategory);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: en.categories.harassment }));
    fireEvent.change(screen.getByLabelText(en.reason), { target: { value: ' 👨‍👩‍👧 rude ' } });
    expect(screen.getByText('8 / 500 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.send }));

    expect(await within(dialog).findByRole('status')).toHaveProperty('textContent', en.sent);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/organizations/7/violation_reports',
        body: {
          violation_report: {
            violation_object_type: 'GuildMessage',
            violation_object_id: 42,
            reason_category: 'harassment',
            reason: '👨‍👩‍👧 rude',
          },
        },
      }),
    ]);
  });

  it('refuses a reason over 500 graphemes before sending', async () => {
    const { sent, wrapper } = member({ 'POST /api/organizations/7/violation_reports': created });
    render(<ReportButton target={{ type: 'EventMessage', id: '3' }} name="Taro" />, { wrapper });
    await openDialog();
    fireEvent.click(screen.getByRole('radio', { name: en.categories.spam }));
    fireEvent.change(screen.getByLabelText(en.reason), { target: { value: 'あ'.repeat(501) } });
    expect(screen.getByText('Use 500 characters or fewer')).toBeTruthy();
    expect(screen.getByRole('button', { name: en.send })).toHaveProperty('disabled', true);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it.each([
    [409, 'violationReport.duplicate', enErrors.violationReport.duplicate],
    [422, 'violationReport.ownContent', enErrors.violationReport.ownContent],
  ])('shows a %i %s in the dialog, which stays open', async (status, code, message) => {
    const { wrapper } = member({ 'POST /api/organizations/7/violation_reports': refused(status, code) });
    render(<ReportButton target={{ type: 'GuildMessage', id: '42' }} name="Taro" />, { wrapper });
    await openDialog();
    fireEvent.click(screen.getByRole('radio', { name: en.categories.other }));
    fireEvent.click(screen.getByRole('button', { name: en.send }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
    expect(screen.getByRole('dialog', { name: en.title })).toBeTruthy();
  });

  it('ties the missing category to its group and focuses it; a choice clears it; a new report starts afresh', async () => {
    const { sent, wrapper } = member({ 'POST /api/organizations/7/violation_reports': created });
    render(<ReportButton target={{ type: 'GuildMessage', id: '42' }} name="Taro" />, { wrapper });
    const dialog = await openDialog();
    const group = within(dialog).getByRole('group', { name: en.category });
    fireEvent.change(screen.getByLabelText(en.reason), { target: { value: 'spam link' } });
    fireEvent.click(screen.getByRole('button', { name: en.send }));
    const alert = await screen.findByRole('alert');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(group.getAttribute('aria-describedby')).toBe(alert.id);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: en.categories.spam })));
    fireEvent.click(screen.getByRole('radio', { name: en.categories.spam }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(group.getAttribute('aria-invalid')).toBe('false');
    expect(group.hasAttribute('aria-describedby')).toBe(false);
    // Cancel, then report again: nothing chosen, nothing typed, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: en.cancel }));
    await openDialog();
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect((screen.getByLabelText(en.reason) as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText('0 / 500 characters')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("checks the report with the domain's categories and the reason's grapheme limit (the resolver)", async () => {
    const resolve = reportResolver(((key: string) => key) as never);
    const options = {} as never;
    expect(await resolve({ category: 'spam', reason: '👨‍👩‍👧'.repeat(500) }, undefined, options)).toEqual({
      values: { category: 'spam', reason: '👨‍👩‍👧'.repeat(500) },
      errors: {},
    });
    expect(await resolve({ category: null, reason: 'x'.repeat(501) }, undefined, options)).toEqual({
      values: {},
      errors: { category: { type: 'required', message: 'chooseCategory' }, reason: { type: 'maxLength', message: 'tooLong' } },
    });
    expect((await resolve({ category: 'rude' as never, reason: '' }, undefined, options)).errors).toHaveProperty('category');
  });

  it("sends a shared-event guest's report with the guest token; a guest who has not joined sees no button", async () => {
    const { sent, wrapper } = featureHost({ 'POST /api/shared_events/5/violation_reports': created });
    const { rerender } = render(
      <ReportButton target={{ type: 'EventGuest', id: '8' }} name="Taro" member guest={{ eventId: '5', token: null }} />,
      { wrapper },
    );
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
    rerender(<ReportButton target={{ type: 'EventGuest', id: '8' }} name="Taro" member guest={{ eventId: '5', token: 'guest-token' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Report Taro' }));
    fireEvent.click(await screen.findByRole('radio', { name: en.categories.spam }));
    fireEvent.click(screen.getByRole('button', { name: en.send }));
    await within(screen.getByRole('dialog', { name: en.title })).findByRole('status');
    const post = sent.find((request) => request.method === 'POST');
    expect(post).toMatchObject({ path: '/api/shared_events/5/violation_reports', authorization: 'Bearer guest-token' });
  });
});
