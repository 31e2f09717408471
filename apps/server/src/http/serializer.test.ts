import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer';

async function serve(response: z.ZodType, data: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.withTypeProvider<ZodTypeProvider>().get('/', {
    schema: { response: { 200: response } },
    handler: async () => data as never,
  });
  const res = await app.inject({ url: '/' });
  await app.close();
  return res;
}

const user = z.object({
  id: z.string(),
  githubUsername: z.string().nullable(),
  coins: z.number().int(),
  tags: z.array(z.object({ name: z.string() })),
});

describe('the response serializer', () => {
  it("writes only the schema's properties, at every depth: a field the code added never leaks", async () => {
    const res = await serve(user, {
      id: 'u1',
      githubUsername: null,
      coins: 5,
      passwordHash: '$argon2id$secret',
      tags: [{ name: 'rust', internal: 'x' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 'u1',
      githubUsername: null,
      coins: 5,
      tags: [{ name: 'rust' }],
    });
    expect(res.body).not.toContain('argon2');
  });

  it('answers 500 rather than a body without a required field', async () => {
    const res = await serve(user, { id: 'u1', githubUsername: null, tags: [] });
    expect(res.statusCode).toBe(500);
  });

  it('writes a schema JSON Schema cannot state through zod, transform applied', async () => {
    const res = await serve(z.object({ at: z.date().transform((d) => d.toISOString()) }), {
      at: new Date('2026-11-24T00:00:00Z'),
      extra: 1,
    });
    expect(res.json()).toEqual({ at: '2026-11-24T00:00:00.000Z' });
  });
});
