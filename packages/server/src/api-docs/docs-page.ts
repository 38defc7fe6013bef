import { dirname, join } from 'node:path';

/** Where swagger-ui-dist's files are (an npm dependency: the page loads nothing from a CDN). */
const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

/**
 * The shell of `GET /api/docs`. It holds no data: the document comes from the root-only
 * `/api/docs/openapi.json`, fetched by the script below. No inline script (the CSP is
 * `script-src 'self'`); an inline style is allowed (`style-src 'unsafe-inline'`).
 */
export const DOCS_PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>接口文档</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/ui/swagger-ui.css">
<style>.docs-notice{font:16px/1.6 system-ui,sans-serif;max-width:640px;margin:48px auto;padding:0 16px;color:#333}</style>
</head>
<body>
<div id="swagger-ui"><p class="docs-notice">正在读取接口文档…</p></div>
<script src="/api/docs/ui/swagger-ui-bundle.js"></script>
<script src="/api/docs/ui/docs.js"></script>
</body>
</html>
`;

/**
 * The page's script. A navigation cannot send New-Api-User, so the page reads the signed-in user's
 * id where the console keeps it (localStorage "user", web/src/stores/user.ts) and asks for the
 * document as any console call does: session cookie plus New-Api-User. A refusal shows the
 * server's message ("无权进行此操作，权限不足" for a non-root user). "Try it out" calls carry the same header.
 */
const DOCS_SCRIPT = `(function () {
  'use strict';
  var root = document.getElementById('swagger-ui');
  function notice(text) {
    var line = document.createElement('p');
    line.className = 'docs-notice';
    line.textContent = text;
    root.replaceChildren(line);
  }
  var userId;
  try {
    userId = JSON.parse(localStorage.getItem('user') || 'null').id;
  } catch (error) {
    userId = undefined;
  }
  if (!userId) {
    notice('请先在控制台登录超级管理员账号，再打开本页。');
    return;
  }
  fetch('/api/docs/openapi.json', { headers: { 'New-Api-User': String(userId) }, credentials: 'same-origin', cache: 'no-store' })
    .then(function (reply) { return reply.json(); })
    .then(function (body) {
      if (!body || typeof body.openapi !== 'string') {
        notice((body && body.message) || '读取接口文档失败');
        return;
      }
      SwaggerUIBundle({
        spec: body,
        dom_id: '#swagger-ui',
        validatorUrl: null,
        requestInterceptor: function (request) {
          request.headers['New-Api-User'] = String(userId);
          return request;
        }
      });
    })
    .catch(function () { notice('读取接口文档失败，请稍后再试。'); });
})();
`;

export type DocsAsset = { file: string; type: string } | { text: string; type: string };

/** The only files served under `/api/docs/ui/`: a fixed list, so no name from the URL reaches the disk. */
export const DOCS_ASSETS: Readonly<Record<string, DocsAsset>> = {
  'swagger-ui.css': { file: join(SWAGGER_UI_DIR, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'docs.js': { text: DOCS_SCRIPT, type: 'text/javascript; charset=utf-8' },
};
