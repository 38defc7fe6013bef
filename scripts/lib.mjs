// Helpers for the two README commands. Plain Node (no dependencies): they run before anything is installed.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';

export const PNPM_VERSION = '10.34.9';

export function log(message) {
  console.log(`\n▶ ${message}`);
}

export function run(command, options = {}) {
  const result = spawnSync(command, { stdio: 'inherit', shell: true, ...options });
  if (result.status !== 0) {
    console.error(`✖ failed (${result.status ?? result.signal}): ${command}`);
    process.exit(result.status ?? 1);
  }
}

const succeeds = (command) => spawnSync(command, { shell: true, stdio: 'ignore' }).status === 0;

/** pnpm when present; otherwise installed with npm (globally, or run through npx when that is not allowed). */
export function ensurePnpm() {
  if (succeeds('pnpm --version')) return 'pnpm';
  log(`Installing pnpm@${PNPM_VERSION} with npm`);
  if (succeeds(`npm install -g pnpm@${PNPM_VERSION}`) && succeeds('pnpm --version')) return 'pnpm';
  return `npx --yes pnpm@${PNPM_VERSION}`;
}

export function installDependencies(pnpm) {
  log('Installing dependencies');
  run(`${pnpm} install --frozen-lockfile`);
}

export function isListening(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitForPort(port, seconds = 30) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await isListening(port)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

export const commandExists = (name) => succeeds(`command -v ${name}`);

let aptUpdated = false;
/** Installs Debian packages (needs root or passwordless sudo). */
export function aptInstall(packages) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  if (!aptUpdated) {
    run(`${sudo}apt-get update -qq`);
    aptUpdated = true;
  }
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`);
}

export function output(command) {
  return execSync(command, { encoding: 'utf8' }).trim();
}

export { existsSync };
