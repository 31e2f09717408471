// The ceiling of a route that reads no database at all: a bare Fastify 5 server, no logging, that
// answers every request with the same body from memory (BODY, a JSON text), serialised per request
// as Fastify serialises any route's object. Given the stakes list's own answer, it is what a
// response cache in front of the list could reach at best. Started by stakes-list.bench.ts.
import Fastify from 'fastify';

const body: unknown = JSON.parse(process.env.BODY ?? '');
const app = Fastify({ logger: false });
app.get('/', async () => body);
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${address}`);
