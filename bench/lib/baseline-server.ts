// The baseline every HTTP figure is a ratio to: a bare Fastify 5 hello-world, no logging, in its
// own process (as the app is), started by baseline.ts.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${address}`);
