// `pnpm user-guide`: runs the every-route browser suite (it screenshots every screen), then copies
// the pictures the guide shows into docs/user-guide/ and writes docs/user-guide.md, one section per
// route of the console's route table. `--no-run` writes the guide from the last run's screenshots.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCREENS } from './user-guide-screens.mjs';

const E2E = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(E2E, '..');
const SHOTS = join(E2E, 'artifacts/screens');
const PICTURES = join(ROOT, 'docs/user-guide');
const GUIDE = join(ROOT, 'docs/user-guide.md');

if (!process.argv.includes('--no-run')) {
  const run = spawnSync('npx', ['vitest', 'run', 'tests/every-route.e2e.ts'], { cwd: E2E, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error('The every-route suite failed: the guide was not written.');
    process.exit(run.status ?? 1);
  }
}

const manifestFile = join(SHOTS, 'manifest.json');
if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run the suite first (without --no-run)`);
/** @type {Array<{ route: string; role: string; size: 'desktop' | 'phone'; file: string }>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
// The manifest follows the route table's order.
const routes = [...new Set(manifest.map((entry) => entry.route))];

const undescribed = routes.filter((route) => !SCREENS[route]);
const stale = Object.keys(SCREENS).filter((route) => !routes.includes(route));
if (undescribed.length > 0 || stale.length > 0) {
  throw new Error(`e2e/scripts/user-guide-screens.mjs does not match the route table: describe ${JSON.stringify(undescribed)}, remove ${JSON.stringify(stale)}`);
}

/** Whose view the guide shows: the role a route is for (a guest's public page, a user's page), root's for admin pages. */
const ROLE_ORDER = ['guest', 'user', 'root'];
const ACCESS = { guest: '访客即可打开 · Open to guests', user: '登录后 · Signed-in users', root: '管理员 · Administrators' };

rmSync(PICTURES, { recursive: true, force: true });
mkdirSync(PICTURES, { recursive: true });

const sections = routes.map((route) => {
  const screen = SCREENS[route];
  const shots = manifest.filter((entry) => entry.route === route);
  const role = ROLE_ORDER.find((candidate) => shots.some((entry) => entry.role === candidate));
  const lines = [`## ${screen.zh} · ${screen.en}`, '', `\`${route}\` — ${ACCESS[role]}`, '', screen.purposeZh, '', screen.purposeEn, ''];
  if (screen.pictures !== false) {
    const pictures = ['desktop', 'phone'].map((size) => {
      const shot = shots.find((entry) => entry.role === role && entry.size === size);
      // 'user-desktop-token.png' → 'token-desktop.png'
      const name = shot.file.replace(/^[a-z]+-(desktop|phone)-(.+)\.png$/, '$2-$1.png');
      copyFileSync(join(SHOTS, shot.file), join(PICTURES, name));
      const width = size === 'desktop' ? 640 : 195;
      return `<img src="user-guide/${name}" alt="${screen.zh}（${size === 'desktop' ? '桌面' : '手机'}）" width="${width}">`;
    });
    lines.push(`<p>${pictures.join(' ')}</p>`, '');
  }
  return lines.join('\n');
});

const toc = routes.map((route) => `- [${SCREENS[route].zh} · ${SCREENS[route].en}](#${anchorOf(SCREENS[route])})`);
const guide = [
  '# 用户指南 · User guide',
  '',
  '控制台的每个页面：它的用途，以及桌面（1280×800）和手机（390×844）上的样子。截图来自浏览器测试 `e2e/tests/every-route.e2e.ts`，数据由测试准备（模拟的上游模型）。',
  '',
  'Every screen of the console: what it is for, and how it looks on a desktop (1280×800) and on a phone (390×844). The screenshots come from the browser suite `e2e/tests/every-route.e2e.ts`, over data the suite seeds (a mock upstream model).',
  '',
  '手机上（宽 767 px 及以下）菜单在顶栏左侧的菜单按钮里；列表每行是一张卡片，列出要点和操作，其余字段点“更多”查看。桌面上放不下的列（如日志的详情、渠道的分组和类型）在每行左侧的展开按钮里。',
  '',
  'On a phone (767 px wide or narrower) the menu is behind the menu button at the top left; a list shows each row as a card with its key fields and actions, the rest under 更多. On a desktop, columns that would not fit (the log\'s detail, a channel\'s group and type) are in each row\'s expansion, opened with the button at its left.',
  '',
  '重新生成 · Regenerate: `pnpm user-guide` (builds, runs the suite, rewrites this file and `docs/user-guide/`).',
  '',
  ...toc,
  '',
  ...sections,
].join('\n');
writeFileSync(GUIDE, guide);

const bytes = readdirSync(PICTURES).reduce((sum, name) => sum + statSync(join(PICTURES, name)).size, 0);
console.log(`Wrote ${GUIDE} with ${routes.length} screens; pictures: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${PICTURES}`);

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(screen) {
  return `${screen.zh} · ${screen.en}`
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}
