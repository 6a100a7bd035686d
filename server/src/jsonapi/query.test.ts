import { PaginationSchema } from '@kiwi/shared/schemas/common';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from '../http/error-handler';
import { serve, type Served } from '../test/server';
import { parseQuery } from './parse';
import { parseQueryString } from './query';

describe('Rails-style query strings', () => {
  let served: Served;
  beforeAll(async () => {
    const app = express();
    app.set('query parser', parseQueryString);
    app.get('/echo', (req, res) => {
      res.json(req.query);
    });
    const TagQuery = PaginationSchema.extend({ q: z.strictObject({ most_used: z.enum(['true', 'false']).optional() }).optional() });
    app.get('/tags', (req, res) => {
      res.json(parseQuery(TagQuery, req));
    });
    app.use(errorHandler);
    served = await serve(app);
  });
  afterAll(() => served.close());

  it('parses bracketed arrays and hashes', async () => {
    const response = await served.request('/echo?ids[]=1&ids[]=2&q[most_used]=true&per=5&name=%E3%81%82');
    expect(response.body).toEqual({ ids: ['1', '2'], q: { most_used: 'true' }, per: '5', name: 'あ' });
  });

  it('keeps the last of repeated scalars and percent-encoded brackets work too', async () => {
    const response = await served.request('/echo?page=1&page=2&ids%5B%5D=9');
    expect(response.body).toEqual({ page: '2', ids: ['9'] });
  });

  it('limits depth, array size and prototype keys', () => {
    const deep = parseQueryString('a[b][c][d][e][f][g][h]=1') as Record<string, any>;
    expect(JSON.stringify(deep)).not.toContain('"h"');
    const sparse = parseQueryString('ids[1000]=x') as Record<string, unknown>;
    expect(Array.isArray(sparse.ids)).toBe(false);
    const polluted = parseQueryString('__proto__[admin]=1&constructor[prototype][admin]=1') as Record<string, unknown>;
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.getPrototypeOf(polluted)).toBeNull();
  });

  it('validates through a schema, answering 400 with the Rails-style parameter name', async () => {
    expect((await served.request('/tags?q[most_used]=true&per=5')).body).toEqual({ page: 1, per: 5, q: { most_used: 'true' } });

    const bad = await served.request('/tags?q[most_used]=maybe&per=1000');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { code: string; source: { parameter: string } }) => [error.code, error.source.parameter])).toEqual(
      expect.arrayContaining([
        ['request.invalidParameter', 'per'],
        ['request.invalidParameter', 'q[most_used]'],
      ]),
    );
  });
});
