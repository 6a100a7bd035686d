import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { HttpResponseError } from '../api/errors';
import { responseFieldErrors, schemaFieldErrors } from './field-errors';

describe('schemaFieldErrors', () => {
  const schema = z.object({
    thing: z.object({ name: z.string().min(1, 'validation.required').max(3, 'validation.tooLong'), size: z.number('validation.number') }),
  });
  it('keeps the first issue per field, keyed by the attribute under the resource', () => {
    expect(schemaFieldErrors(schema, { thing: { name: '', size: 'x' } })).toEqual({
      name: { code: 'validation.required', params: undefined },
      size: { code: 'validation.number', params: undefined },
    });
    expect(schemaFieldErrors(schema, { thing: { name: 'ok', size: 1 } })).toEqual({});
  });
});

describe('responseFieldErrors', () => {
  it('reads a 422 by source pointer, the first code per field; null for anything else', () => {
    const body = {
      errors: [
        { status: '422', code: 'validation.required', source: { pointer: '/thing/name' } },
        { status: '422', code: 'validation.tooLong', source: { pointer: '/thing/name' } },
        { status: '422', code: 'validation.number', source: { pointer: '/thing/size' } },
      ],
    };
    expect(responseFieldErrors(new HttpResponseError(422, 'Unprocessable Entity', body))).toEqual({
      name: { code: 'validation.required' },
      size: { code: 'validation.number' },
    });
    expect(
      responseFieldErrors(new HttpResponseError(404, 'Not Found', { errors: [{ status: '404', code: 'resource.notFound' }] })),
    ).toBeNull();
    expect(responseFieldErrors(new Error('offline'))).toBeNull();
  });
});
