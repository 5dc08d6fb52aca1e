// A bare Fastify server with one route, `GET /` answering {ok:true}: the ceiling VAT Wise's own
// routes are compared with. Run as a child process (its own core); tells its parent its port.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ type: 'listening', port: new URL(address).port, url: address });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
