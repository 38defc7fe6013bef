// `npm run serve`: installs, builds and starts the product with the embedded defaults (PGlite in
// DATA_DIR, in-process jobs) unless DATABASE_URL / REDIS_URL say otherwise.
import { ensurePnpm, installDependencies, log, run } from './lib.mjs';
import { startServer } from './start-server.mjs';

const pnpm = ensurePnpm();
installDependencies(pnpm);
log('Building');
run(`${pnpm} run build`);
log(`Starting on port ${process.env.PORT ?? 3000}`);
startServer();
