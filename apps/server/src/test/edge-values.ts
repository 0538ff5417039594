/** The part of a JSON schema (as the OpenAPI document gives it) the edge-value generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  /** A number (JSON Schema) or, in OpenAPI 3.0, whether `minimum` itself is excluded. */
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
}

export type Side = 'least' | 'most';

const MAX_DEPTH = 8;
/** Arrays without a limit get this many items at most: enough to be large, not enough to make a test slow. */
const UNBOUNDED_ITEMS = 50;
const UNBOUNDED_TEXT = 5000;

const FORMATS: Record<string, Record<Side, string>> = {
  date: { least: '0001-01-01', most: '9999-12-31' },
  'date-time': { least: '0001-01-01T00:00:00.000Z', most: '9999-12-31T23:59:59.999Z' },
  email: { least: 'a@b.co', most: `${'a'.repeat(64)}@${'b'.repeat(63)}.com` },
  uuid: { least: '00000000-0000-4000-8000-000000000000', most: 'ffffffff-ffff-4fff-bfff-ffffffffffff' },
  uri: { least: 'https://a.co', most: `https://example.com/${'x'.repeat(200)}` },
};

/**
 * A value the schema accepts at one of its edges: the fewest fields, shortest texts and smallest numbers it allows
 * (`least`), or every field, the longest texts (in Chinese), the largest numbers and the most items (`most`). What
 * a route does with input that passes its validation is where a hostile client finds the faults validation missed.
 */
export function edgeValue(schema: JsonSchema, side: Side, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return side === 'least' ? schema.enum[0] : schema.enum.at(-1);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) {
    const usable = choices.filter((choice) => choice.type !== 'null');
    const pick = (side === 'least' ? usable[0] : usable.at(-1)) ?? choices[0];
    return pick ? edgeValue(pick, side, depth) : null;
  }
  if (schema.allOf?.[0]) return edgeValue(schema.allOf[0], side, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((kind) => kind !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const format = schema.format ? FORMATS[schema.format] : undefined;
      if (format) return format[side];
      const length =
        side === 'least'
          ? (schema.minLength ?? 0)
          : Math.min(schema.maxLength ?? UNBOUNDED_TEXT, UNBOUNDED_TEXT);
      return side === 'least' ? 'x'.repeat(length) : '测'.repeat(length);
    }
    case 'integer':
    case 'number': {
      const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
      if (side === 'least') {
        if (typeof exclusiveMinimum === 'number') return Math.floor(exclusiveMinimum) + 1;
        if (minimum !== undefined) return exclusiveMinimum === true ? minimum + 1 : minimum;
        return -(2 ** 31);
      }
      if (typeof exclusiveMaximum === 'number') return Math.ceil(exclusiveMaximum) - 1;
      if (maximum !== undefined) return exclusiveMaximum === true ? maximum - 1 : maximum;
      return 2 ** 31;
    }
    case 'boolean':
      return side === 'most';
    case 'array': {
      if (!schema.items || depth >= MAX_DEPTH) return [];
      const count =
        side === 'least'
          ? (schema.minItems ?? 0)
          : Math.min(schema.maxItems ?? UNBOUNDED_ITEMS, UNBOUNDED_ITEMS);
      return Array.from({ length: count }, () => edgeValue(schema.items as JsonSchema, side, depth + 1));
    }
    case 'object': {
      if (depth >= MAX_DEPTH) return {};
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => side === 'most' || required.has(name))
          .map(([name, property]) => [name, edgeValue(property, side, depth + 1)]),
      );
    }
    default:
      return null;
  }
}
