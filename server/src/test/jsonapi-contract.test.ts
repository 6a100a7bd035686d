import { describe, expect, it } from 'vitest';
import { jsonApiProblems } from './jsonapi-contract';

const json = (body: unknown, status = 200) => ({
  status,
  body,
  headers: new Headers({ 'content-type': 'application/json; charset=utf-8' }),
});
const resource = { type: 'events-summaries', id: '1', attributes: { 'period-type': 'monthly', labels: ['2025-01'] } };

describe('the JSON:API 1.1 contract check', () => {
  it.each([
    ['a resource', { data: resource }],
    [
      'a list with counts and pagination links',
      { data: [resource], meta: { 'total-count': 1 }, links: { self: '/api/x?page=1', next: null } },
    ],
    [
      'a compound document',
      {
        data: { ...resource, relationships: { author: { data: { type: 'users', id: '2' } } } },
        included: [{ type: 'users', id: '2', attributes: {} }],
      },
    ],
    [
      'an error list',
      { errors: [{ status: '422', code: 'validation.required', title: 'x', detail: 'x', source: { pointer: '/user/name' } }] },
    ],
  ])('accepts %s', (_name, body) => {
    expect(jsonApiProblems(json(body))).toEqual([]);
  });

  it.each([
    ['an attribute named type', { data: { ...resource, attributes: { type: 'monthly' } } }],
    ['an attribute named id', { data: { ...resource, attributes: { id: 1 } } }],
    ['a relationship named type', { data: { ...resource, relationships: { type: { data: null } } } }],
    ['a numeric id', { data: { ...resource, id: 1 } }],
    ['a field both attribute and relationship', { data: { ...resource, relationships: { labels: { data: [] } } } }],
    ['data beside errors', { data: null, errors: [{ code: 'x' }] }],
    ['included without data', { meta: {}, included: [] }],
    ['an unknown top-level member', { data: null, total: 3 }],
    ['an unknown top-level link', { data: null, links: { page: '/api/x?page=2' } }],
    ['a numeric error status', { errors: [{ status: 422, code: 'x' }] }],
    ['a meta member name with a dot', { data: null, meta: { 'total.count': 1 } }],
    ['a document that is an array', [resource]],
  ])('refuses %s', (_name, body) => {
    expect(jsonApiProblems(json(body))).not.toEqual([]);
  });

  it('refuses JSON that is not marked as JSON, and a 204 with a body', () => {
    expect(jsonApiProblems({ status: 200, body: 'hello', headers: new Headers({ 'content-type': 'text/html' }) })).not.toEqual([]);
    expect(jsonApiProblems({ status: 204, body: 'x', headers: new Headers() })).not.toEqual([]);
    expect(jsonApiProblems({ status: 204, body: null, headers: new Headers() })).toEqual([]);
  });
});
