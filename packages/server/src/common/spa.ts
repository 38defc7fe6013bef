import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/** The server's own paths; /dashboard/billing is OpenAI's old billing API without /v1 (relay/openai-billing.controller.ts). */
const SERVER_PATHS = /^\/(api|v1|relay|pg|mj|suno|uploads|metrics|dashboard\/billing)(\/|$)/;

/**
 * Serves the built console at `/`: files from the web build, and index.html for every other GET
 * that is not a server path, so that client-side routes load the app (and the SPA shows its own
 * not-found page). Hashed assets are cached for a year; index.html never.
 */
export function serveSpa(app: Express, webDistDir: string): boolean {
  const indexFile = join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  app.use(
    express.static(webDistDir, {
      index: false,
      setHeaders: (response, path) => {
        if (path.includes(`${join(webDistDir, 'assets')}`)) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || SERVER_PATHS.test(request.path)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  });
  return true;
}
