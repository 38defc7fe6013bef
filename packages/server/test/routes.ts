import { type ArgumentMetadata, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { TestApp } from './test-app';

type Class = new (...args: never[]) => unknown;

/** One route of a controller, as Nest registers it. */
export interface AppRoute {
  method: string;
  /** The declared path, e.g. `/api/channel/:id`. */
  path: string;
  /** `${method} ${path}`. */
  route: string;
  controller: Class;
  handler: object;
  /** The class of each `@Body()` / `@Query()` / `@Param()` argument (whole-object ones only), when it is a DTO class. */
  dtos: Array<{ type: ArgumentMetadata['type']; metatype: Class }>;
}

const ARG_TYPES: Record<number, ArgumentMetadata['type']> = { 3: 'body', 4: 'query', 5: 'param' };

function dtosOf(controller: Class, name: string): AppRoute['dtos'] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number; data?: unknown }>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? []) as unknown[];
  const dtos: AppRoute['dtos'] = [];
  for (const [key, arg] of Object.entries(args)) {
    const type = ARG_TYPES[Number(key.split(':')[0])];
    const metatype = types[arg.index];
    if (!type || arg.data !== undefined || typeof metatype !== 'function' || metatype === Object) continue;
    dtos.push({ type, metatype: metatype as Class });
  }
  return dtos;
}

/** Every route of every controller of the running application. */
export function collectRoutes(t: TestApp): AppRoute[] {
  const routes: AppRoute[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Class | null;
      if (!controller) continue;
      const base = Reflect.getMetadata(PATH_METADATA, controller) as string;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name] as object;
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        // A handler declared with several paths (`@Get(['v1/x', 'x'])`) is one route per path.
        for (const path of Array.isArray(paths) ? paths : [paths]) {
          const fullPath = `/${base}/${path}`.replace(/\/+/g, '/');
          routes.push({ method, path: fullPath, route: `${method} ${fullPath}`, controller, handler, dtos: dtosOf(controller, name) });
        }
      }
    }
  }
  return routes;
}

/** A request to `route` with every path parameter 1 and optional groups (`{/*path}`) left out; an `@All()` route is called with POST. */
export function callRoute(agent: TestAgent, route: AppRoute): Test {
  const url = route.path.replace(/\{[^}]*\}/g, '').replace(/:\w+/g, '1');
  const method = route.method === 'ALL' ? 'post' : (route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options');
  return agent[method](url);
}
