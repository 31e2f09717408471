import type { FastifyInstance } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as parsingSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

/**
 * Writes responses with fast-json-stringify, compiled once per route and status from the route's
 * zod response schema turned into JSON Schema: only the schema's properties are written (as zod's
 * parse would keep), without parsing each response through zod. A schema JSON Schema cannot state
 * (a transform, a date) is written the slower way: parsed by zod, then JSON.stringify.
 */
export const serializerCompiler: SerializerCompiler = (route) => {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(route.schema as z.ZodType, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    });
  } catch {
    return parsingSerializer(route as Parameters<typeof parsingSerializer>[0]);
  }
  return fastJsonStringify(jsonSchema);
};
