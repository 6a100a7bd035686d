import { decodeDocument } from '@kiwi/shared/api/jsonapi';
import { describe, expect, it } from 'vitest';
import { serialize } from './serialize';

type Org = { id: number; name: string; createdAt: Date };
type Member = { id: number; role: string; organization: Org; mentor: Member | null };

const acme: Org = { id: 1, name: 'ACME', createdAt: new Date('2025-01-02T03:04:05Z') };
const globex: Org = { id: 2, name: 'Globex', createdAt: new Date('2025-02-03T00:00:00Z') };

const memberSpec = {
  attributes: ['role'] as const,
  relationships: {
    organization: { type: 'organizations', data: (m: Member) => m.organization, attributes: ['name', 'createdAt'] as const },
  },
};

describe('serialize', () => {
  it('kebab-cases types and attributes, stringifies ids and dates', () => {
    const doc = serialize(
      'organization-members',
      { id: 7, role: 'manager', activeFrom: new Date('2025-04-01T00:00:00Z'), activeTo: undefined },
      {
        attributes: ['role', 'activeFrom', 'activeTo'],
      },
    );
    expect(doc).toEqual({
      data: {
        type: 'organization-members',
        id: '7',
        attributes: { role: 'manager', 'active-from': '2025-04-01T00:00:00.000Z', 'active-to': null },
      },
    });
  });

  it('includes each related resource once and never repeats a primary one', () => {
    const members: Member[] = [
      { id: 1, role: 'manager', organization: acme, mentor: null },
      { id: 2, role: 'member', organization: acme, mentor: null },
      { id: 3, role: 'member', organization: globex, mentor: null },
    ];
    const doc = serialize('organization-members', members, { ...memberSpec, include: ['organization'] });
    expect(doc.included).toEqual([
      { type: 'organizations', id: '1', attributes: { name: 'ACME', 'created-at': '2025-01-02T03:04:05.000Z' } },
      { type: 'organizations', id: '2', attributes: { name: 'Globex', 'created-at': '2025-02-03T00:00:00.000Z' } },
    ]);
    expect(doc.data).toHaveLength(3);
    expect((doc.data as { relationships: unknown }[])[2]?.relationships).toEqual({
      organization: { data: { type: 'organizations', id: '2' } },
    });
  });

  it('gives linkage without included when the relationship is not asked for', () => {
    const doc = serialize('organization-members', { id: 1, role: 'member', organization: acme, mentor: null }, memberSpec);
    expect(doc.included).toBeUndefined();
    expect(doc.data).toMatchObject({ relationships: { organization: { data: { type: 'organizations', id: '1' } } } });
  });

  it('follows nested include paths and survives cycles', () => {
    const a: Member = { id: 1, role: 'manager', organization: acme, mentor: null };
    const b: Member = { id: 2, role: 'member', organization: globex, mentor: a };
    a.mentor = b;
    const mentorSpec = {
      type: 'organization-members',
      data: (m: Member) => m.mentor,
      attributes: ['role'] as const,
      relationships: {
        ...memberSpec.relationships,
        mentor: { type: 'organization-members', data: (m: Member) => m.mentor, attributes: ['role'] as const },
      },
    };
    const doc = serialize('organization-members', a, {
      ...memberSpec,
      relationships: { ...memberSpec.relationships, mentor: mentorSpec },
      include: ['mentor', 'mentor.organization', 'mentor.mentor'],
    });
    // b is included once; its mentor (a) is the primary resource and is not repeated.
    expect(doc.included?.map((item) => `${item.type}:${item.id}`)).toEqual(['organization-members:2', 'organizations:2']);
    const decoded = decodeDocument<{ id: string; mentor: { organization: { name: string } } }>(doc);
    expect((decoded.data as { mentor: { organization: { name: string } } }).mentor.organization.name).toBe('Globex');
  });

  it('adds list meta and pagination links', () => {
    const doc = serialize('organizations', [acme, globex], {
      attributes: ['name'],
      pagination: { page: 2, per: 2, total: 5, url: '/api/organizations?q[name]=a&page=2' },
    });
    expect(doc.meta).toEqual({ 'total-count': 5, 'current-page': 2, 'total-pages': 3 });
    expect(doc.links?.next).toBe('/api/organizations?q%5Bname%5D=a&page=3&per=2');
    expect(doc.links?.prev).toBe('/api/organizations?q%5Bname%5D=a&page=1&per=2');
    expect(doc.links?.last).toBe('/api/organizations?q%5Bname%5D=a&page=3&per=2');
  });

  it('gives an unpaged list the same counts, as one page (ARCHITECTURE: lists carry meta)', () => {
    expect(serialize('organizations', [acme, globex], { attributes: ['name'] }).meta).toEqual({
      'total-count': 2,
      'current-page': 1,
      'total-pages': 1,
    });
    expect(serialize('organizations', [], { attributes: ['name'], meta: { month: '2026-11' } }).meta).toEqual({
      'total-count': 0,
      'current-page': 1,
      'total-pages': 0,
      month: '2026-11',
    });
  });

  it('answers an empty list and a missing resource', () => {
    expect(serialize('organizations', [], { attributes: ['name'], pagination: { page: 1, per: 20, total: 0 } })).toEqual({
      data: [],
      meta: { 'total-count': 0, 'current-page': 1, 'total-pages': 0 },
    });
    expect(serialize<Org>('organizations', null, { attributes: ['name'] })).toEqual({ data: null });
  });
});
