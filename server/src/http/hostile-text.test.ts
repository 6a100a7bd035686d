// Hostile text on public and signed-in fields: refused with a translated 4xx and a pointer, before any costly work.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationRow } from '../db/schema/organizations';
import { buildEvent } from '../modules/events/test-support';
import { type BuiltUser, buildOrganization, buildUser } from '../test/factories';
import { expectFieldError, startTestServer, type TestServer } from '../test/server';

const stacked = (marks: number) => `a${'\u0301'.repeat(marks)}`;
const CLUSTER_DETAIL = {
  ja: '結合文字（濁点やアクセント記号など）を重ねすぎた文字が含まれています',
  en: 'The text contains a character made of too many combining marks',
};

describe('hostile text', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let author: BuiltUser;
  let manager: BuiltUser;
  let sharedEventId: number;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
    author = await buildUser(server, { organization: acme, name: 'Author' });
    manager = await buildUser(server, { organization: acme, memberRole: 'manager' });
    sharedEventId = (await buildEvent(server, acme, author, { externallyPublished: true })).id;
  });
  afterAll(() => server.close());

  const joinAsGuest = (nickname: string, headers: Record<string, string> = {}) =>
    server.request(`/api/shared_events/${sharedEventId}/guests`, { method: 'POST', json: { event_guest: { nickname } }, headers });

  it('a guest nickname of one letter and 40 marks: 422 validation.clusterTooLong on the field, translated', async () => {
    const japanese = await joinAsGuest(stacked(40));
    expectFieldError(japanese, { code: 'validation.clusterTooLong', pointer: '/event_guest/nickname', detail: CLUSTER_DETAIL.ja });
    const english = await joinAsGuest(stacked(40), { 'accept-language': 'en' });
    expect(english.body.errors[0]).toMatchObject({ code: 'validation.clusterTooLong', detail: CLUSTER_DETAIL.en });
  });

  it('a guest nickname of 30,000 emoji (within the body limit): 422 validation.tooLong, counted no further', async () => {
    const response = await joinAsGuest('😀'.repeat(15_000));
    expectFieldError(response, { code: 'validation.tooLong', pointer: '/event_guest/nickname', detail: '30文字以内で入力してください' });
  });

  it('still accepts a nickname of family emoji, flags and a Devanagari word', async () => {
    const response = await joinAsGuest('👨‍👩‍👧‍👦🇯🇵 नमस्ते');
    expect(response.status).toBe(201);
  });

  it('a body past the JSON limit: 413 request.tooLarge, translated, whatever the route', async () => {
    const huge = await joinAsGuest('😀'.repeat(125_000));
    expect(huge.status).toBe(413);
    expect(huge.body.errors).toEqual([expect.objectContaining({ code: 'request.tooLarge', detail: '送信するデータが大きすぎます' })]);
    const english = await server.request(`/api/organizations/${acme.id}/events/${sharedEventId}/messages`, {
      method: 'POST',
      token: author.token,
      json: { event_message: { body: stacked(100_000) } },
      headers: { 'accept-language': 'en' },
    });
    expect(english.status).toBe(413);
    expect(english.body.errors[0]).toMatchObject({ code: 'request.tooLarge', status: '413', detail: 'The data sent is too large' });
  });

  it('a JSON body declared past the limit is refused before it is read, and the connection closes', async () => {
    // 10 MB announced, 10 bytes sent, the rest never: an answer can only come from the declared length.
    const answer = await new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      const request = httpRequest(`${server.url}/api/shared_events/${sharedEventId}/guests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(10_000_000) },
      });
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
      });
      request.on('error', reject);
      request.write('{"event_gu');
    });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body).errors[0]).toMatchObject({ code: 'request.tooLarge', detail: '送信するデータが大きすぎます' });
  });

  it('a group member list of 10,000 ids is over the default limit but within its route limit', async () => {
    const ids = Array.from({ length: 10_000 }, (_, index) => 1_000_000_000 + index);
    const response = await server.request(`/api/organizations/${acme.id}/groups`, {
      method: 'POST',
      token: manager.token,
      json: { group: { name: 'Everyone', member_ids: ids } },
    });
    // Parsed (not 413): the ids are then judged as ids of this organisation's members.
    expect(response.status).not.toBe(413);
    expect(response.status).toBeLessThan(500);
    expect(JSON.stringify({ group: { name: 'Everyone', member_ids: ids } }).length).toBeGreaterThan(64 * 1024);
  });

  it('an event message: a 40-mark cluster is 422 with the pointer, on the organisation and the shared route', async () => {
    const member = await server.request(`/api/organizations/${acme.id}/events/${sharedEventId}/messages`, {
      method: 'POST',
      token: author.token,
      json: { event_message: { body: `hello ${stacked(40)}` } },
    });
    expect(member.status).toBe(422);
    expect(member.body.errors[0]).toMatchObject({ code: 'validation.clusterTooLong', source: { pointer: '/event_message/body' } });

    const guest = await joinAsGuest('Hostile guest');
    const shared = await server.request(`/api/shared_events/${sharedEventId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${guest.body.data.attributes.token}` },
      json: { event_message: { body: `${'😀\u200D'.repeat(40)}` } },
    });
    expect(shared.status).toBe(422);
    expect(shared.body.errors[0]).toMatchObject({ code: 'validation.clusterTooLong', source: { pointer: '/event_message/body' } });
  });

  it('a member CSV with a huge cell and a 100,000-mark cluster: refused row by row with pointers', async () => {
    const csv = [
      'email,name,affiliation',
      `ok@example.com,Fine Name,営業部`,
      `huge@example.com,${'😀'.repeat(400_000)},`,
      `marks@example.com,Marks,${stacked(100_000)}`,
      `few-marks@example.com,${stacked(40)},`,
    ].join('\r\n');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'members.csv');
    const response = await fetch(`${server.url}/api/organizations/${acme.id}/members/csv_import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manager.token}` },
      body: form,
    });
    const body = (await response.json()) as { errors: { code: string; detail: string; source: { pointer: string } }[] };
    expect(response.status).toBe(422);
    expect(body.errors.map(({ code, detail, source }) => ({ code, detail, pointer: source.pointer }))).toEqual([
      { code: 'validation.tooLong', detail: '50文字以内で入力してください', pointer: '/csv/3/name' },
      { code: 'validation.tooLong', detail: '50文字以内で入力してください', pointer: '/csv/4/affiliation' },
      { code: 'validation.clusterTooLong', detail: CLUSTER_DETAIL.ja, pointer: '/csv/5/name' },
    ]);
  });
});
