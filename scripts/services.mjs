// Makes sure the real PostgreSQL and Redis the tests use are listening on 127.0.0.1 (DESIGN.md §3),
// and that Debian's Chromium is there for the browser test. Installs the Debian packages when missing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptInstall, commandExists, existsSync, isListening, log, output, run, waitForPort } from './lib.mjs';

const sudo = process.getuid?.() === 0 ? '' : 'sudo ';

function postgresVersions() {
  return existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
}

/** Lets user postgres connect over 127.0.0.1 without a password, as the tests expect. */
function trustLocalhost(version) {
  const file = `/etc/postgresql/${version}/main/pg_hba.conf`;
  const current = readFileSync(file, 'utf8');
  if (current.includes('# gateway tests: trust localhost')) return;
  const rules = '# gateway tests: trust localhost\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n';
  // The file belongs to the postgres user: when not root, copy it into place through sudo.
  const staged = join(tmpdir(), `pg_hba.${process.pid}.conf`);
  writeFileSync(staged, rules + current);
  run(`${sudo}cp ${staged} ${file}`);
}

async function ensurePostgres() {
  if (await isListening(5432)) return;
  if (postgresVersions().length === 0) {
    log('PostgreSQL is not installed: installing the Debian package');
    aptInstall(['postgresql']);
  }
  const version = postgresVersions().sort().at(-1);
  trustLocalhost(version);
  log(`Starting PostgreSQL ${version}`);
  run(`${sudo}pg_ctlcluster --skip-systemctl-redirect ${version} main start || ${sudo}pg_ctlcluster ${version} main start`);
  if (!(await waitForPort(5432))) throw new Error('PostgreSQL did not start on 127.0.0.1:5432');
}

async function ensureRedis() {
  if (await isListening(6379)) return;
  if (!commandExists('redis-server')) {
    log('Redis is not installed: installing the Debian package');
    aptInstall(['redis-server']);
  }
  log('Starting Redis');
  run(`redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`);
  if (!(await waitForPort(6379))) throw new Error('Redis did not start on 127.0.0.1:6379');
}

/** Chromium, and a CJK font so that the screenshots of the Chinese console are legible. */
function ensureChromium() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!existsSync('/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc')) missing.push('fonts-wqy-zenhei');
  if (missing.length === 0) return;
  log(`Installing Debian packages for the browser test: ${missing.join(', ')}`);
  aptInstall(missing);
}

export async function ensureTestServices() {
  await ensurePostgres();
  await ensureRedis();
  ensureChromium();
  log(`Services ready: PostgreSQL and Redis listening, ${output('/usr/bin/chromium --version')}`);
}
