// Every answer of the API is a JSON:API 1.1 document (ARCHITECTURE "Wire format"): checked with ajv against the rules in
// jsonapi-1.1-response.schema.json, on every response the authorisation matrix provokes.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import type { TestResponse } from './server';

const schema = JSON.parse(readFileSync(new URL('./jsonapi-1.1-response.schema.json', import.meta.url), 'utf8')) as object;
const validateDocument = new Ajv({ allErrors: true }).compile(schema);

/** Answers that carry no JSON:API document by design: a live stream, image bytes, a CSV download. */
const NOT_DOCUMENTS = /^(text\/event-stream|image\/|text\/csv)/;

/** What makes this answer no valid JSON:API 1.1 response (empty when it is one). */
export function jsonApiProblems(response: Pick<TestResponse, 'status' | 'body' | 'headers'>): string[] {
  const contentType = response.headers.get('content-type') ?? '';
  if (response.status === 204) return response.body === null ? [] : ['a 204 with a body'];
  if (NOT_DOCUMENTS.test(contentType)) return [];
  if (!/^application\/(vnd\.api\+)?json/.test(contentType)) return [`content-type ${contentType || 'none'} for a ${response.status}`];
  if (!validateDocument(response.body)) {
    return (validateDocument.errors ?? []).map(
      (error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    );
  }
  return sharedFieldNames(response.body as Document);
}

type Resource = { type: string; id: string; attributes?: object; relationships?: object };
type Document = { data?: Resource | Resource[] | null; included?: Resource[] };

/** 1.1 "Fields": attributes and relationships share one namespace, which JSON Schema cannot say. */
function sharedFieldNames({ data, included = [] }: Document): string[] {
  const resources = [...(Array.isArray(data) ? data : data ? [data] : []), ...included];
  return resources.flatMap(({ type, id, attributes = {}, relationships = {} }) =>
    Object.keys(attributes)
      .filter((name) => name in relationships)
      .map((name) => `${type} ${id}: ${name} is both an attribute and a relationship`),
  );
}
