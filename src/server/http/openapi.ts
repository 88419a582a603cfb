import type { Schema, SchemaDescription } from 'yup';

type Json = Record<string, unknown>;

/**
 * The OpenAPI body of a route, derived from the same yup schema the route validates with (one source): used for
 * documentation only — validation stays with yup, so SPEC's messages are the ones clients get.
 */
function fromDescription(
  d:
    | SchemaDescription
    | {
        type: string;
        fields?: Record<string, unknown>;
        innerType?: unknown;
        oneOf?: unknown[];
        optional?: boolean;
        nullable?: boolean;
        tests?: { name?: string; params?: Record<string, unknown> }[];
        label?: string;
      },
): Json {
  const desc = d as SchemaDescription & { fields?: Record<string, SchemaDescription>; innerType?: SchemaDescription };
  const out: Json = {};
  switch (desc.type) {
    case 'object': {
      out.type = 'object';
      const props: Record<string, Json> = {};
      const required: string[] = [];
      for (const [k, v] of Object.entries(desc.fields ?? {})) {
        props[k] = fromDescription(v as SchemaDescription);
        if (!(v as { optional?: boolean }).optional) required.push(k);
      }
      out.properties = props;
      if (required.length) out.required = required;
      break;
    }
    case 'array':
      out.type = 'array';
      if (desc.innerType) out.items = fromDescription(desc.innerType);
      break;
    case 'number':
      out.type = desc.tests?.some((t) => t.name === 'integer') ? 'integer' : 'number';
      break;
    case 'string':
    case 'boolean':
      out.type = desc.type;
      break;
    default:
      break; // mixed: any value
  }
  for (const t of desc.tests ?? []) {
    if (t.name === 'min' && t.params)
      out[desc.type === 'string' ? 'minLength' : desc.type === 'array' ? 'minItems' : 'minimum'] = t.params.min;
    if (t.name === 'max' && t.params)
      out[desc.type === 'string' ? 'maxLength' : desc.type === 'array' ? 'maxItems' : 'maximum'] = t.params.max;
  }
  const oneOf = (desc as { oneOf?: unknown[] }).oneOf;
  if (oneOf?.length) out.enum = oneOf;
  if ((desc as { nullable?: boolean }).nullable) out.nullable = true;
  return out;
}

/**
 * `fields`: a field edit's fields (the body leaves them open; its plan checks them) — each listed as optional, so the
 * document names what the route takes, from the schema the plan checks with.
 */
export function bodyDoc(schema: Schema<unknown>, fields?: Schema<unknown>): Json {
  const payload = fromDescription(schema.describe());
  if (fields) {
    const named = (fromDescription(fields.describe()).properties ?? {}) as Record<string, Json>;
    payload.properties = { ...named, ...(payload.properties as Record<string, Json>) };
  }
  // SPEC §7: bodies are mostly wrapped as {data: ...}; both forms are accepted
  return { oneOf: [{ type: 'object', properties: { data: payload }, required: ['data'] }, payload] };
}

/** A query parameter as documented (the handler reads and checks it; the document only describes it). */
export interface QueryParamDoc {
  type: 'string' | 'integer';
  description: string;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  default?: string | number;
}

/** The paging parameters every paged table shares (src/server/http/paging.ts: page 1-based, per_page 1–500). */
export function pageQueryDoc(defaultPerPage: number): Record<string, QueryParamDoc> {
  return {
    page: { type: 'integer', description: 'Page number, from 1', minimum: 1, default: 1 },
    per_page: {
      type: 'integer',
      description: 'Rows per page (SPEC §9 options, at most 500)',
      minimum: 1,
      maximum: 500,
      default: defaultPerPage,
    },
  };
}

/** A route's query string for the OpenAPI document (@fastify/swagger lists each property as an `in: query` parameter). */
export function queryDoc(params: Record<string, QueryParamDoc>): Json {
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, { ...v, enum: v.enum ? [...v.enum] : undefined }]),
    ),
  };
}

/** A multipart/form-data upload: its file field and its text fields, for the document only. */
export interface MultipartDoc {
  file: { name: string; description: string };
  fields: Record<string, { description: string; required?: boolean; format?: string }>;
}

export function multipartDoc(doc: MultipartDoc): Json {
  const properties: Record<string, Json> = {
    [doc.file.name]: { type: 'string', format: 'binary', description: doc.file.description },
  };
  const required = [doc.file.name];
  for (const [k, v] of Object.entries(doc.fields)) {
    properties[k] = { type: 'string', description: v.description, ...(v.format ? { format: v.format } : {}) };
    if (v.required) required.push(k);
  }
  return { type: 'object', properties, required };
}
