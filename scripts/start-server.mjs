// The last step of `npm run serve`: runs the built server as a child process and passes SIGINT and
// SIGTERM on to it, so that Ctrl-C or a process manager's stop shuts the server down gracefully
// instead of leaving it on its port. Run on its own: `node scripts/start-server.mjs`.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SERVER_ENTRY = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));
const FORWARDED = ['SIGINT', 'SIGTERM'];
/**
 * Node flags the server runs with (also in package.json's start scripts and the Docker image's
 * CMD). A 64 MB young generation (V8's default is 16 MB): at 1,000 relay requests a second the
 * gateway collected its young generation 4× a second, and log rows waiting for their batch
 * survived into the old generation; with 64 MB it collects about once a second, a third of the GC
 * time, and fewer full collections (docs/performance.md, "Relay tail latency at a fixed rate").
 * It costs up to about 100 MB more memory under load.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/** Starts the server; this process exits when it does, with its exit status. */
export function startServer(entry = SERVER_ENTRY) {
  // Its own process group: a terminal's Ctrl-C reaches only this process, which forwards it once
  // (a second SIGINT during the graceful stop would otherwise kill the server on the spot).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], { stdio: 'inherit', detached: true });
  let forwarded;
  const forward = (signal) => {
    forwarded = signal;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  child.once('error', (error) => {
    console.error(`✖ could not start the server: ${error.message}`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => {
    // The server re-raises the signal it stopped on; a stop that was asked for is a clean exit.
    if (signal) process.exit(signal === forwarded ? 0 : 128 + constants.signals[signal]);
    process.exit(code ?? 1);
  });
  return child;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) startServer();
