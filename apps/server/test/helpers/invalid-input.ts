import fc from 'fast-check';

/**
 * Generators of input that a route's schema must refuse, derived from the JSON schema the
 * OpenAPI document publishes for it (so a new route is fuzzed without anyone writing a
 * generator). Each generated value breaks a rule the document states, in a way the zod schema
 * behind it cannot repair: strings are long without spaces (zod may trim), numbers are refused
 * even after coercion (query, path and some body fields are coerced), patterns are checked
 * against the trimmed value too.
 */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
}

/** A JSON text fragment written as is: tokens JSON.stringify cannot make (1e999, NaN). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object written key by key, so `__proto__` and repeated keys reach the server as sent. */
export class JsonEntries {
  constructor(readonly entries: readonly (readonly [string, unknown])[]) {}
}

export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonEntries) {
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return toJsonText(new JsonEntries(Object.entries(value)));
  }
  return JSON.stringify(value) ?? 'null';
}

/** The body limit is 100 kB: a string this long still fits in a body. */
const HUGE_WITHIN_LIMIT = 90_000;

/** Text that trips naive handling: NUL, bidi overrides, combining marks, lone surrogates... */
export const ODD_TEXT = [
  '\u0000',
  'nul\u0000inside',
  '\u202Eevil\u202C',
  'zero\u200Bwidth',
  'e\u0301\u0301\u0301',
  '\uFEFFbom',
  '\uD800',
  'tail\uDFFF',
  '\uD835\uDD4F',
  '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}',
  '\u0130\u0131\u00DF',
  '\uFF11\uFF12\uFF13',
  '\u0663',
  'line\r\nbreak',
  '../../etc/passwd',
  '%00',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '__proto__',
] as const;
/** The same without the lone surrogates, which a URL cannot carry. */
const ODD_URL_TEXT = ODD_TEXT.filter((s) => s !== '\uD800' && s !== 'tail\uDFFF');

const oddText = fc.constantFrom(...ODD_TEXT);
const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  oddText,
);
const anyUrlText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(...ODD_URL_TEXT),
);

/** Anything at all, valid or not: the noise around the value that breaks the rule. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  anyText,
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    -1,
    0,
    1.5,
    2 ** 53,
    1e21,
    -1e21,
    Number.MAX_VALUE,
    new RawJson('1e999'),
    new RawJson('-1e999'),
  ),
);

const numberOk = (s: JsonSchema, n: number): boolean => {
  if (!Number.isFinite(n)) return false;
  if (s.type === 'integer' && !Number.isSafeInteger(n)) return false;
  const exclusiveMin = s.exclusiveMinimum === true;
  const exclusiveMax = s.exclusiveMaximum === true;
  if (s.minimum !== undefined && (exclusiveMin ? n <= s.minimum : n < s.minimum)) return false;
  if (s.maximum !== undefined && (exclusiveMax ? n >= s.maximum : n > s.maximum)) return false;
  if (typeof s.exclusiveMinimum === 'number' && n <= s.exclusiveMinimum) return false;
  if (typeof s.exclusiveMaximum === 'number' && n >= s.exclusiveMaximum) return false;
  return true;
};
/** As z.number() or z.coerce.number() could read it. */
const numberAccepted = (s: JsonSchema, v: unknown): boolean => {
  if (v instanceof RawJson) return numberOk(s, Number(v.text));
  return (typeof v === 'number' && numberOk(s, v)) || numberOk(s, Number(v));
};
const patternOk = (pattern: string, v: string) => {
  const re = new RegExp(pattern);
  return re.test(v) || re.test(v.trim());
};
const urlLike = (v: string) => v.includes(':') || URL.canParse(v.trim());

/** Strings that break a string schema's rules, or undefined when it states none. */
function invalidStrings(s: JsonSchema, url: boolean): fc.Arbitrary<string> | undefined {
  const text = url ? anyUrlText : anyText;
  const options: fc.Arbitrary<string>[] = [];
  if (s.maxLength !== undefined) {
    const max = s.maxLength;
    // Up to the body limit and, with wide characters, beyond it (a URL gets less).
    const longest = url ? Math.max(max + 64, 20_000) : Math.max(max + 64, HUGE_WITHIN_LIMIT);
    options.push(
      fc
        .integer({ min: max + 1, max: longest })
        .chain((n) => fc.constantFrom('x', '\u00E9', '\u{1F600}').map((c) => c.repeat(n))),
    );
  }
  if ((s.minLength ?? 0) >= 1) options.push(fc.constant(''));
  if (s.enum) {
    const allowed = new Set(s.enum);
    options.push(
      fc
        .oneof(
          text,
          fc.constantFrom(...s.enum.map((e) => String(e).toUpperCase()), ` ${String(s.enum[0])}`),
        )
        .filter((v) => !allowed.has(v)),
    );
  }
  if (s.pattern) {
    const pattern = s.pattern;
    options.push(
      fc
        .oneof(text, fc.constant('a/b'), fc.constant('a b'), fc.constant('x'.repeat(101)))
        .filter((v) => !patternOk(pattern, v)),
    );
  }
  if (s.format === 'uri') options.push(text.filter((v) => !urlLike(v)));
  return options.length > 0 ? fc.oneof(...options) : undefined;
}

/** Numbers (and strings of them) refused even after coercion. */
function invalidNumbers(s: JsonSchema): fc.Arbitrary<unknown> {
  const candidates = [
    -1,
    0,
    -0,
    0.5,
    1.5,
    (s.maximum ?? 1000) + 1,
    (s.minimum ?? 0) - 1,
    (s.maximum ?? 10) - 0.5,
    2 ** 53,
    2 ** 53 + 2,
    1e21,
    -1e21,
    Number.MAX_VALUE,
    new RawJson('1e999'),
    new RawJson('-1e999'),
    new RawJson('1e-999'),
  ];
  return fc
    .oneof(
      fc.constantFrom(...candidates),
      fc.double({ noDefaultInfinity: true, noNaN: true }),
      fc.integer(),
    )
    .filter((v) => !numberAccepted(s, v));
}

const wrongTypes = (s: JsonSchema): fc.Arbitrary<unknown> => {
  const type = s.type;
  const samples: unknown[] = [
    'text',
    '',
    '12',
    'NaN',
    'Infinity',
    '1e999',
    true,
    false,
    [],
    ['x'],
    [1, 2],
    {},
    { a: 1 },
    0,
    1.5,
    -7,
  ];
  if (!s.nullable) samples.push(null);
  return fc.constantFrom(...samples).filter((v) => {
    if (v === null) return true;
    switch (type) {
      case 'string':
        return typeof v !== 'string';
      case 'integer':
      case 'number':
        return !numberAccepted(s, v);
      case 'boolean':
        return typeof v !== 'boolean';
      case 'array':
        return !Array.isArray(v);
      case 'object':
        return typeof v !== 'object' || Array.isArray(v);
      default:
        return false;
    }
  });
};

/** A JSON value the schema refuses. */
export function invalidJsonValue(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.anyOf) {
    // Only the unions the document has: string enums (query filters) and an object or null.
    const enums = s.anyOf.flatMap((b) => b.enum ?? []);
    if (s.anyOf.every((b) => b.type === 'string' && b.enum)) {
      return invalidJsonValue({ type: 'string', enum: enums });
    }
    const types = new Set(s.anyOf.map((b) => b.type));
    return fc
      .constantFrom<unknown>('text', 3, true, [], {}, null)
      .filter(
        (v) =>
          !types.has(
            v === null
              ? 'null'
              : Array.isArray(v)
                ? 'array'
                : typeof v === 'number'
                  ? 'number'
                  : typeof v,
          ),
      );
  }
  const typed = ['string', 'integer', 'number', 'boolean', 'array', 'object'];
  const options: fc.Arbitrary<unknown>[] = typed.includes(s.type ?? '') ? [wrongTypes(s)] : [];
  switch (s.type) {
    case 'string': {
      const strings = invalidStrings(s, false);
      if (strings) options.push(strings);
      break;
    }
    case 'integer':
    case 'number':
      options.push(invalidNumbers(s));
      break;
    case 'array': {
      if (s.maxItems !== undefined) {
        options.push(fc.array(anyJson, { minLength: s.maxItems + 1, maxLength: s.maxItems + 3 }));
      }
      if ((s.minItems ?? 0) >= 1) options.push(fc.constant([]));
      if (s.items) {
        options.push(
          fc
            .tuple(invalidJsonValue(s.items), fc.array(anyJson, { maxLength: 2 }))
            .map(([bad, rest]) => [bad, ...rest].slice(0, Math.max(1, s.maxItems ?? 3))),
        );
      }
      break;
    }
    case 'object':
      if (s.properties && Object.keys(s.properties).length > 0) options.push(invalidObject(s));
      break;
  }
  return fc.oneof(...options);
}

/** Keys that have bitten JavaScript servers, and some that are merely odd. */
const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  '\u0000',
  '\u{1F511}',
];
const extraEntries = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 8 })), anyJson),
  { maxLength: 3 },
);

/**
 * The values' schema of a record (an object with no properties whose values have a type), else
 * undefined: `{}` (any value, as a body the route ignores) has no rule to break.
 */
export function recordValues(s: JsonSchema): JsonSchema | undefined {
  const values = s.additionalProperties;
  if (Object.keys(s.properties ?? {}).length > 0 || typeof values !== 'object') return undefined;
  return values.type !== undefined || values.anyOf ? values : undefined;
}

/** An object of the schema's shape with at least one property broken (or a required one missing). */
export function invalidObject(s: JsonSchema): fc.Arbitrary<JsonEntries> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const breaking = ([key, schema]: [string, JsonSchema]) =>
    fc.oneof(
      invalidJsonValue(schema).map((v) => [[key, v] as const]),
      ...(required.has(key) ? [fc.constant([])] : []),
    );
  const noise = ([key]: [string, JsonSchema]) =>
    fc.oneof(
      fc.constant([]),
      anyJson.map((v) => [[key, v] as const]),
    );
  const strict = s.additionalProperties === false;
  const values = recordValues(s);
  if (values) {
    // A record: keys the document does not list (OpenAPI 3.0 has no propertyNames, so an enum's
    // keys are lost), values of one schema. One value breaks it, after any other entries.
    return fc
      .tuple(extraEntries, fc.string({ maxLength: 16 }), invalidJsonValue(values))
      .map(([extra, key, bad]) => new JsonEntries([...extra, [key, bad]]));
  }
  if (props.length === 0 && !strict)
    throw new Error('an object without properties has no rule to break');
  return fc
    .integer({ min: 0, max: props.length - (strict ? 0 : 1) })
    .chain((broken) =>
      fc.tuple(
        broken < props.length
          ? breaking(props[broken]!)
          : fc.constant([['not-a-criterion', 1] as const]),
        fc.tuple(...props.map((p, i) => (i === broken ? fc.constant([]) : noise(p)))),
        // Extra keys go first: a key repeated later in the text wins in JSON.parse.
        strict ? fc.constant([]) : extraEntries,
      ),
    )
    .map(([broken, rest, extra]) => new JsonEntries([...extra, ...rest.flat(), ...broken]));
}

/** A query or path value (text) the schema refuses, even after coercion. */
export function invalidText(s: JsonSchema): fc.Arbitrary<string> | undefined {
  if (s.anyOf && s.anyOf.every((b) => b.type === 'string' && b.enum)) {
    return invalidText({ type: 'string', enum: s.anyOf.flatMap((b) => b.enum ?? []) });
  }
  if (s.type === 'integer' || s.type === 'number') {
    return fc
      .oneof(
        fc.constantFrom(
          '-1',
          '0',
          '1.5',
          'NaN',
          'Infinity',
          '1e999',
          'abc',
          '\uFF11',
          '9'.repeat(30),
          ' ',
        ),
        anyUrlText,
      )
      .filter((v) => !numberOk(s, Number(v)));
  }
  if (s.type === 'string') return invalidStrings(s, true);
  return undefined;
}

/** Text for a value nobody checks: anything a URL can carry. */
export const anyUrlValue = anyUrlText;
