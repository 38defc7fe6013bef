// `npm test`: everything a fresh machine with only Node.js and npm needs to run every test.
import { ensurePnpm, installDependencies, log, run } from './lib.mjs';
import { ensureTestServices } from './services.mjs';

const pnpm = ensurePnpm();
installDependencies(pnpm);
await ensureTestServices();
log('Building every package (the embedded and browser tests run the built product)');
run(`${pnpm} run build`);
log('Server tests (real PostgreSQL and Redis, and the embedded defaults)');
run(`${pnpm} --filter @gw/server test`);
log('Web tests');
run(`${pnpm} --filter @gw/web test`);
log('Browser tests (Chromium)');
run(`${pnpm} --filter @gw/e2e test`);
log('All tests passed');
