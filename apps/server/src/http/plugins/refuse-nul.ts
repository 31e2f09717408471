import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';

const NUL = '\u0000';

interface Step {
  value: unknown;
  key: string | number | null;
  parent: Step | null;
}

// Parsed JSON objects, and Fastify's query and params objects (which have prototypes of their
// own); not raw bytes.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);

function pathOf(step: Step): string {
  const keys: string[] = [];
  for (let at: Step | null = step; at && at.key !== null; at = at.parent) {
    keys.push(String(at.key).replaceAll(NUL, '\\u0000'));
  }
  return keys.reverse().join('.');
}

/**
 * The path (`profile.name`, `repos.0`) of the first string or key holding U+0000 in a parsed
 * request part, '' for the part itself, or undefined. Iterative: a 100 kB body may nest deeper
 * than the call stack goes.
 */
function findNul(root: unknown): string | undefined {
  const stack: Step[] = [{ value: root, key: null, parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const { value } = step;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return pathOf(step);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, key: index, parent: step }));
    } else if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) {
        const child = { value: item, key, parent: step };
        if (key.includes(NUL)) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL's text and jsonb cannot hold U+0000, so a NUL anywhere in a request would surface
 * as a database error (a 500). One preValidation hook refuses it for every route, naming the
 * field, before any schema or service sees it. One hook rather than a zod building block in each
 * shared schema: it also covers bodies a schema lets through unchecked (passthrough objects,
 * records), query and path parameters, and routes added later, with nothing to forget. It reads
 * only parsed JSON values: the webhook route's body is raw bytes (a Buffer), which its receiver
 * verifies and cleans itself.
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const;
    for (const [part, value] of parts) {
      const path = findNul(value);
      if (path === undefined) continue;
      const field = path || part;
      throw new AppError('BAD_REQUEST', {
        message: `${field}: must not contain the NUL character (\\u0000)`,
        field,
      });
    }
  });
}
