import { Injectable, type INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, type OpenAPIObject, type OperationObject, type SecurityRequirementObject, SwaggerModule } from '@nestjs/swagger';
import type { AccessRule } from '@gw/shared';
import { ACCESS_KEY } from '../auth/access.decorator';
import { VERSION } from '../status/status.service';

const DESCRIPTION = [
  '控制台 API（`/api/`），由服务器的控制器生成。每个接口的 `x-access` 是它要求的角色：',
  '`public` 任何人，`user` 普通用户（≥1），`admin` 管理员（≥10），`root` 超级管理员（≥100），`root-user` 仅 id 为 1 的 root。',
  '',
  '认证：登录后的会话 Cookie `session`，或系统访问令牌 `Authorization: <access token>`；两者都要带 `New-Api-User: <用户 id>`。',
  '回复为 `{ success, message, data }`；未登录 401，无权限 403，请求过多 429。',
  '',
  '请求体和查询参数的字段未逐一描述（DTO 未加 Swagger 注解），以 docs/console-api.md 和 spec/ 为准。',
  '中继 API（`/v1/`、`/mj/`、`/suno/`）不在本文档中：它们沿用 OpenAI、Midjourney-Proxy 和 Suno API 的格式。',
].join('\n');

/** The two ways a console caller proves who it is (auth/authenticator.ts), each with New-Api-User. */
const SIGNED_IN: SecurityRequirementObject[] = [
  { session: [], 'user-id': [] },
  { 'access-token': [], 'user-id': [] },
];

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The OpenAPI description of the console API (`GET /api/docs/openapi.json`), read from the running
 * application's controllers by @nestjs/swagger. Built on first request, then kept: the routes do
 * not change while the process runs. It holds route shapes only: no option value, key or user.
 *
 * DTOs carry class-validator decorators but no @ApiProperty, and the Swagger CLI plugin that would
 * derive them needs Nest's own compiler (we build with tsc and test with SWC), so bodies appear as
 * their DTO's name without fields.
 */
@Injectable()
export class OpenApiDocument {
  private app?: INestApplication;
  private document?: OpenAPIObject;

  constructor(private readonly modules: ModulesContainer) {}

  /** Called by the app factory once the application is initialised: the scanner reads the app's own container. */
  attach(app: INestApplication): void {
    this.app = app;
  }

  get(): OpenAPIObject {
    if (!this.app) throw new Error('the OpenAPI document was requested before the application was attached');
    this.document ??= this.build(this.app);
    return this.document;
  }

  private build(app: INestApplication): OpenAPIObject {
    const config = new DocumentBuilder()
      .setTitle('AI 网关控制台 API')
      .setDescription(DESCRIPTION)
      .setVersion(VERSION)
      .addCookieAuth('session', { type: 'apiKey', in: 'cookie', name: 'session', description: '登录（POST /api/user/login）后浏览器保存的会话 Cookie' }, 'session')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization', description: '系统访问令牌（个人设置 → 生成系统访问令牌）' }, 'access-token')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'New-Api-User', description: '当前用户的 id，与会话或访问令牌的用户一致' }, 'user-id')
      .build();
    const document = SwaggerModule.createDocument(app, config);
    const rules = this.accessRules();
    for (const [path, item] of Object.entries(document.paths)) {
      // Only the console API: the relay's Nest routes are a small part of it (its POST calls are not Nest routes).
      if (!path.startsWith('/api/')) {
        delete document.paths[path];
        continue;
      }
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (operation) describeAccess(operation, rules.get(operation.operationId ?? ''));
      }
    }
    return document;
  }

  /** The @Access rule of every handler, by the operation id Swagger gives it (`<Controller>_<method>`). */
  private accessRules(): Map<string, AccessRule> {
    const rules = new Map<string, AccessRule>();
    for (const module of this.modules.values()) {
      for (const { metatype } of module.controllers.values()) {
        if (!metatype) continue;
        const prototype = metatype.prototype as Record<string, unknown>;
        for (const name of Object.getOwnPropertyNames(prototype)) {
          const handler = prototype[name];
          if (name === 'constructor' || typeof handler !== 'function') continue;
          const rule = (Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, metatype)) as AccessRule | undefined;
          if (rule) rules.set(`${metatype.name}_${name}`, rule);
        }
      }
    }
    return rules;
  }
}

/**
 * Who may call the operation (`x-access`, and its security requirement), and what it answers: every
 * console call is HTTP 200 with the envelope, whatever Swagger guessed from the method (201 for POST).
 */
function describeAccess(operation: OperationObject, rule: AccessRule | undefined): void {
  (operation as OperationObject & { 'x-access'?: AccessRule })['x-access'] = rule;
  operation.security = rule === 'public' ? [] : SIGNED_IN;
  operation.responses = {
    '200': { description: '`{ success, message, data }`；业务失败时 success 为 false，message 说明原因' },
    ...(rule === 'public' ? {} : { '401': { description: '未登录' }, '403': { description: `需要 ${rule ?? '?'} 角色` } }),
  };
}
