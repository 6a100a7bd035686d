import { describe, expect, it } from 'vitest';
import { camelize, decodeDocument, kebabize } from './jsonapi';

describe('camelize / kebabize', () => {
  it.each<[string, string]>([
    ['total-count', 'totalCount'],
    ['organization-members', 'organizationMembers'],
    ['number-of-members', 'numberOfMembers'],
    ['resting-heart-rate', 'restingHeartRate'],
    ['name', 'name'],
  ])('%s <-> %s', (kebab, camel) => {
    expect(camelize(kebab)).toBe(camel);
    expect(kebabize(camel)).toBe(kebab);
  });

  it('also camelizes snake_case and kebabizes it', () => {
    expect(camelize('fcm_token')).toBe('fcmToken');
    expect(kebabize('resting_heart_rate')).toBe('resting-heart-rate');
  });
});

describe('decodeDocument', () => {
  it('camelCases types, attributes and meta, keeps ids as strings', () => {
    const decoded = decodeDocument({
      data: [{ type: 'app-informations', id: '7', attributes: { 'head-copy': 'Hello', 'published-at': null } }],
      meta: { 'total-count': 21, 'current-page': 2, 'total-pages': 3 },
      links: { next: '/api/app_informations?page=3' },
    });
    expect(decoded).toEqual({
      data: [{ id: '7', type: 'appInformations', headCopy: 'Hello', publishedAt: null }],
      meta: { totalCount: 21, currentPage: 2, totalPages: 3 },
      links: { next: '/api/app_informations?page=3' },
    });
  });

  it('resolves to-one, to-many and nested relationships from included', () => {
    const { data } = decodeDocument({
      data: {
        type: 'users',
        id: '1',
        attributes: { name: '山田' },
        relationships: {
          'organization-members': {
            data: [
              { type: 'organization-members', id: '10' },
              { type: 'organization-members', id: '11' },
            ],
          },
          'primary-device': { data: null },
          guilds: { links: { related: '/api/users/1/guilds' } },
        },
      },
      included: [
        {
          type: 'organization-members',
          id: '10',
          attributes: { role: 'manager' },
          relationships: { organization: { data: { type: 'organizations', id: '100' } } },
        },
        {
          type: 'organization-members',
          id: '11',
          attributes: { role: 'member' },
          relationships: { organization: { data: { type: 'organizations', id: '101' } } },
        },
        { type: 'organizations', id: '100', attributes: { identifier: 'acme', 'number-of-members': 50 } },
      ],
    });
    expect(data).toEqual({
      id: '1',
      type: 'users',
      name: '山田',
      organizationMembers: [
        {
          id: '10',
          type: 'organizationMembers',
          role: 'manager',
          organization: { id: '100', type: 'organizations', identifier: 'acme', numberOfMembers: 50 },
        },
        // Not in `included`: only the identifier is known.
        { id: '11', type: 'organizationMembers', role: 'member', organization: { id: '101', type: 'organizations' } },
      ],
      primaryDevice: null,
    });
    expect(data).not.toHaveProperty('guilds');
  });

  it('shares one object for a resource reached twice', () => {
    const { data } = decodeDocument<{ organization: object }>({
      data: [
        { type: 'members', id: '1', relationships: { organization: { data: { type: 'organizations', id: '9' } } } },
        { type: 'members', id: '2', relationships: { organization: { data: { type: 'organizations', id: '9' } } } },
      ],
      included: [{ type: 'organizations', id: '9', attributes: { name: 'ACME' } }],
    }) as { data: { organization: object }[] };
    expect(data[0]?.organization).toBe(data[1]?.organization);
  });

  it('breaks reference cycles with { id, type } stubs', () => {
    const { data } = decodeDocument({
      data: {
        type: 'users',
        id: '1',
        attributes: { name: 'A' },
        relationships: {
          'organization-members': { data: [{ type: 'organization-members', id: '10' }] },
          self: { data: { type: 'users', id: '1' } },
        },
      },
      included: [
        {
          type: 'organization-members',
          id: '10',
          attributes: { role: 'member' },
          relationships: { user: { data: { type: 'users', id: '1' } }, organization: { data: { type: 'organizations', id: '5' } } },
        },
        {
          type: 'organizations',
          id: '5',
          attributes: { name: 'ACME' },
          relationships: { members: { data: [{ type: 'organization-members', id: '10' }] } },
        },
      ],
    });
    expect(data).toEqual({
      id: '1',
      type: 'users',
      name: 'A',
      self: { id: '1', type: 'users' },
      organizationMembers: [
        {
          id: '10',
          type: 'organizationMembers',
          role: 'member',
          user: { id: '1', type: 'users' },
          organization: { id: '5', type: 'organizations', name: 'ACME', members: [{ id: '10', type: 'organizationMembers' }] },
        },
      ],
    });
    expect(() => JSON.stringify(data)).not.toThrow();
  });

  it('keeps null data and documents without meta', () => {
    expect(decodeDocument({ data: null })).toEqual({ data: null });
    expect(decodeDocument({ data: [] })).toEqual({ data: [] });
  });

  it('cuts over-long clusters in every attribute string (old data), leaving other text as it is', () => {
    const stacked = (marks: number) => `a${'\u0301'.repeat(marks)}`;
    const family = '👨‍👩‍👧‍👦';
    const { data } = decodeDocument({
      data: {
        type: 'guild-messages',
        id: '1',
        attributes: {
          body: `hi ${stacked(100_000)}!`,
          'author-name': `${family} Hanako`,
          tags: ['ok', stacked(40)],
          reactions: [{ emoji: '👍🏽', names: [`x${'\u0301'.repeat(50)}`] }],
          'like-count': 3,
          deleted: null,
        },
      },
    });
    expect(data).toEqual({
      id: '1',
      type: 'guildMessages',
      body: `hi ${stacked(31)}!`,
      authorName: `${family} Hanako`,
      tags: ['ok', stacked(31)],
      reactions: [{ emoji: '👍🏽', names: [`x${'\u0301'.repeat(31)}`] }],
      likeCount: 3,
      deleted: null,
    });
  });

  it('refuses what is not a document', () => {
    expect(() => decodeDocument('oops')).toThrow(TypeError);
    expect(() => decodeDocument(null)).toThrow(TypeError);
  });
});
