/**
 * Wires the reference handlers into the generated server: `createReferenceHandler()` for any Web runtime,
 * and, when run directly (`npx tsx examples/reference/server.ts [port]`, after `npm run generate`), a
 * node:http server on loopback.
 */
import { createHandler, serve, type ServerOptions } from '@social-posting/server';
import { demoAuthenticate } from './auth.ts';
import { referenceHandlers, type ReferenceOptions } from './handlers.ts';
import { demoStore, type Store } from './store.ts';

export function createReferenceHandler(options: { store?: Store; reference?: ReferenceOptions; server?: ServerOptions } = {}) {
  const store = options.store ?? demoStore(options.reference?.now?.() ?? new Date());
  return createHandler(referenceHandlers(store, options.reference), { authenticate: demoAuthenticate(), ...options.server });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 3000);
  const running = await serve(createReferenceHandler({ server: { development: true, onError: (e) => console.error(e) } }), { port });
  console.log(`reference server on ${running.url} (try: curl -H 'authorization: Bearer user-1-token' ${running.url}/2/users/1/bookmarks)`);
}
