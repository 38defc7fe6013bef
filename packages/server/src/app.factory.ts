import type { Server } from 'node:http';
import { type INestApplication, type INestApplicationContext, Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import createExpress from 'express';
import { OpenApiDocument } from './api-docs/openapi-document.service';
import { AppModule } from './app.module';
import { securityHeaders } from './common/security-headers';
import { serveSpa } from './common/spa';
import { RATE_LIMITS_LOCAL } from './common/throttle';
import { HttpDrain } from './common/http-drain';
import { inputGuard } from './common/input-guard';
import { JsonLogger } from './common/json-logger';
import { installRequestIds } from './common/request-id';
import { createValidationPipe } from './common/validation.pipe';
import { MetricsService } from './metrics/metrics.service';
import { OptionsService } from './options/options.service';
import { EPAY_NOTIFY_PATH } from './payments/epay-protocol';
import { STRIPE_WEBHOOK_PATH } from '@gw/shared';
import { RelayFrontDoor } from './relay/relay-front-door';
import { serveUploads } from './storage/serve-uploads';
import { StorageService } from './storage/storage.service';
import { ConsoleChatDoor } from './talkings/console-chat-door';
import type { AppConfig } from './config/app-config';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug'];
const loggerLevels = (config: AppConfig): LogLevel[] => LEVELS.slice(0, LEVELS.indexOf(config.logLevel) + 1);
/** Nest's text lines, or one JSON object a line with LOG_FORMAT=json. */
const appLogger = (config: AppConfig): LogLevel[] | JsonLogger => (config.logFormat === 'json' ? new JsonLogger(loggerLevels(config)) : loggerLevels(config));

/** The HTTP application (ROLE api or all), configured but not listening. */
export async function createHttpApp(config: AppConfig): Promise<INestApplication> {
  // Routes match only in the letter case they are declared in ("/API/user/login" is no route), so
  // every check on the path (throttling, the envelope, the error shape) sees what the router saw.
  // Set before Nest touches the router, which keeps the settings it was created with.
  const server = createExpress();
  server.set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), new ExpressAdapter(server), {
    logger: appLogger(config),
    bodyParser: false,
  });
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  // X-Forwarded-For is believed only from the configured proxies.
  express.set('trust proxy', config.trustedProxies.length > 0 ? config.trustedProxies : false);
  express.locals[RATE_LIMITS_LOCAL] = config.rateLimits;
  app.use(app.get(MetricsService).http.middleware());
  app.use(securityHeaders(app.get(OptionsService)));
  // Stripe's webhook is read raw, before the JSON parser: its signature covers the exact bytes.
  app.use(STRIPE_WEBHOOK_PATH, createExpress.raw({ type: '*/*', limit: '1mb' }));
  // JSON, the +json types included, is the only body the console's routes read (auth/json-body.guard.ts).
  app.useBodyParser('json', { limit: '10mb', type: ['application/json', 'application/*+json'] });
  // A form is read on one path only: Epay's server posts its notify as one.
  app.use(EPAY_NOTIFY_PATH, createExpress.urlencoded({ extended: true, limit: '1mb' }));
  app.use(inputGuard);
  app.use(cookieParser(config.sessionSecret));
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  // Before init: Nest's not-found handler is installed at init and would answer every path first.
  express.use(serveUploads(app.get(StorageService)));
  if (!serveSpa(express, config.webDistDir)) {
    new Logger('Web').warn(`No console build at ${config.webDistDir}; run "pnpm build" to serve the SPA`);
  }
  await app.init();
  // The OpenAPI document is read from the initialised application's routes, on first request.
  app.get(OpenApiDocument).attach(app);
  // The relay's POST endpoints and the compare chat's answers skip the Express/Nest pipeline
  // (relay/relay-front-door.ts, talkings/console-chat-door.ts).
  app.get(RelayFrontDoor).install(app.getHttpServer(), app.get(ConsoleChatDoor));
  // Every request, relay or console, gets its X-Request-Id; only JSON log lines read it from the async scope.
  installRequestIds(app.getHttpServer(), config.logFormat === 'json');
  // Outermost: shutdown waits for every request in flight, relay calls included.
  app.get(HttpDrain).install(app.getHttpServer());
  keepConnectionsAlive(app.getHttpServer());
  return app;
}

/**
 * Idle keep-alive connections are kept 65 s (Node's default is 5 s), longer than the idle timeout
 * of the load balancers usually in front (60 s on AWS ALB and in most nginx setups), so the
 * balancer or the client closes an idle connection first. When the server closes first, a request
 * sent on the connection at that moment fails with ECONNRESET or a 502 from the balancer.
 */
const KEEP_ALIVE_MS = 65_000;

function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Kept above the idle wait, so that a reused connection's next headers are never cut short by it.
  server.headersTimeout = Math.max(server.headersTimeout, KEEP_ALIVE_MS + 1_000);
}

/** The worker process (ROLE worker): queue processors and schedules, no HTTP server. */
export async function createWorkerContext(config: AppConfig): Promise<INestApplicationContext> {
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: appLogger(config) });
  context.enableShutdownHooks();
  return context;
}
