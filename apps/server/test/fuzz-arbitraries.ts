import fc from "fast-check";

/**
 * Generated input for the API fuzz test: values built from a route's own JSON Schema, so most
 * requests get past the first checks and reach the code behind them, salted with what breaks
 * servers — wrong types, extra keys, NUL and lone surrogates, huge numbers, deep nesting.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
};

/** Strings that have broken servers: control and invalid characters, injections, numbers in disguise. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udc00x",
  "😀",
  "名前",
  "Zoë",
  "\u202e",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "0",
  "-1",
  "2147483648",
  "99999999999999999999",
  "1e309",
  "NaN",
  "null",
  "true",
  "__proto__",
  "constructor",
  "x".repeat(5000),
];

/** Numbers that have broken servers: past PostgreSQL's int, past 2^53, fractions, signs. */
export const NASTY_NUMBERS = [
  0,
  -1,
  1.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Arrays nested `depth` levels, the shape that overflows recursive code. */
export function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

const nastyString = fc.constantFrom(...NASTY_STRINGS);
const nastyNumber = fc.constantFrom(...NASTY_NUMBERS);

/** Any value at all, of the wrong type more often than not. */
export const chaos: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 65, max: 2000 }).map(nested) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
);

const EXTRA_KEYS = fc.constantFrom(
  "extra",
  "__proto__",
  "constructor",
  "id",
  "accountId",
  "isAccountAdmin",
  "k\u0000",
);

export class SchemaArbitraries {
  constructor(private readonly components: Record<string, JsonSchema>) {}

  /** A value for `schema`; with `chaosWeight` > 0 any node may be replaced by chaos instead. */
  value(schema: JsonSchema, chaosWeight = 1, depth = 0): fc.Arbitrary<unknown> {
    const typed = this.typed(schema, chaosWeight, depth);
    if (chaosWeight === 0) return typed;
    return fc.oneof({ weight: 12, arbitrary: typed }, { weight: chaosWeight, arbitrary: chaos });
  }

  private resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace("#/components/schemas/", "");
    return this.components[name] ?? {};
  }

  private typed(input: JsonSchema, chaosWeight: number, depth: number): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    // Recursive schemas (rule groups) stop growing here; chaos keeps them interesting.
    if (depth > 5) return chaos;
    const next = (child: JsonSchema) => this.value(child, chaosWeight, depth + 1);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices && choices.length > 0) return fc.oneof(...choices.map(next));
    if (schema.allOf && schema.allOf.length > 0) return next(schema.allOf[0]!);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case "string":
        return this.string(schema, chaosWeight);
      case "integer":
        return fc.oneof(
          {
            weight: 4,
            arbitrary: fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 50, 1e6) }),
          },
          { weight: chaosWeight, arbitrary: nastyNumber },
        );
      case "number":
        return fc.oneof(
          { weight: 4, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }) },
          { weight: chaosWeight, arbitrary: nastyNumber },
        );
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return fc.array(next(schema.items ?? {}), {
          minLength: Math.min(schema.minItems ?? 0, 3),
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
      case "object":
        return this.object(schema, next, chaosWeight);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private string(schema: JsonSchema, chaosWeight: number): fc.Arbitrary<string> {
    const sized = fc.string({
      minLength: schema.minLength ?? 0,
      maxLength: Math.min(schema.maxLength ?? 40, 40),
    });
    const formatted =
      schema.format === "email"
        ? fc.emailAddress()
        : schema.format === "date"
          ? fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10))
          : schema.format === "date-time"
            ? fc.date({ noInvalidDate: true }).map((date) => date.toISOString())
            : schema.pattern && schema.pattern.length < 200
              ? patterned(schema.pattern)
              : sized;
    return fc.oneof(
      { weight: 6, arbitrary: formatted },
      { weight: 2, arbitrary: sized },
      { weight: chaosWeight, arbitrary: nastyString },
      { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
    );
  }

  private object(
    schema: JsonSchema,
    next: (child: JsonSchema) => fc.Arbitrary<unknown>,
    chaosWeight: number,
  ): fc.Arbitrary<unknown> {
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const shape = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, next(child)]));
    const requiredKeys = Object.keys(properties).filter((key) => required.has(key));
    const optionalKeys = Object.keys(properties).filter((key) => !required.has(key));
    const full = fc.record(shape, { requiredKeys });
    // Updates often go wrong when a body names a single field, or none at all.
    const sparse = () =>
      fc.subarray(optionalKeys, { maxLength: 1 }).chain((keys) => {
        const named = [...requiredKeys, ...keys];
        return fc.record(Object.fromEntries(named.map((key) => [key, shape[key]!])), { requiredKeys: named });
      });
    const record =
      optionalKeys.length > 0
        ? fc.oneof({ weight: 3, arbitrary: full }, { weight: 2, arbitrary: sparse() })
        : full;
    const additional =
      typeof schema.additionalProperties === "object"
        ? fc.dictionary(fc.string({ maxLength: 12 }), next(schema.additionalProperties), { maxKeys: 3 })
        : fc.constant({});
    const extra = fc.oneof(
      { weight: 5, arbitrary: fc.constant({}) },
      { weight: chaosWeight, arbitrary: fc.dictionary(EXTRA_KEYS, chaos, { maxKeys: 2 }) },
    );
    return fc
      .tuple(record, additional, extra)
      .map(([known, more, unknown]) => Object.assign(Object.create(null), more, unknown, known) as object)
      .map((value) => JSON.parse(JSON.stringify(value)) as unknown);
  }
}

function patterned(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: 20 });
  }
}
