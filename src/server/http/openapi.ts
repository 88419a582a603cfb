import type { Schema, SchemaDescription } from 'yup';

type Json = Record<string, unknown>;

/**
 * The OpenAPI body of a route, derived from the same yup schema the route validates with (one source): used for
 * documentation only — validation stays with yup, so SPEC's messages are the ones clients get.
 */
function fromDescription(d: SchemaDescription | { type: string; fields?: Record<string, unknown>; innerType?: unknown; oneOf?: unknown[]; optional?: boolean; nullable?: boolean; tests?: { name?: string; params?: Record<string, unknown> }[]; label?: string }): Json {
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
    if (t.name === 'min' && t.params) out[desc.type === 'string' ? 'minLength' : desc.type === 'array' ? 'minItems' : 'minimum'] = t.params.min;
    if (t.name === 'max' && t.params) out[desc.type === 'string' ? 'maxLength' : desc.type === 'array' ? 'maxItems' : 'maximum'] = t.params.max;
  }
  const oneOf = (desc as { oneOf?: unknown[] }).oneOf;
  if (oneOf?.length) out.enum = oneOf;
  if ((desc as { nullable?: boolean }).nullable) out.nullable = true;
  return out;
}

export function bodyDoc(schema: Schema<unknown>): Json {
  const payload = fromDescription(schema.describe());
  // SPEC §7: bodies are mostly wrapped as {data: ...}; both forms are accepted
  return { oneOf: [{ type: 'object', properties: { data: payload }, required: ['data'] }, payload] };
}
