import { Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { SESSION_COOKIE, SessionsService } from './sessions.service';

/** The session cookie: signed with SESSION_SECRET, HttpOnly, SameSite=Lax, Secure over HTTPS. */
@Injectable()
export class SessionCookies {
  constructor(private readonly sessions: SessionsService) {}

  private options(request: Request): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: request.secure, signed: true, path: '/' };
  }

  /** A new session id at every login; the browser's previous session (if any) is closed. */
  async startSession(request: Request, response: Response, userId: number): Promise<void> {
    const previous: unknown = request.signedCookies?.[SESSION_COOKIE];
    if (typeof previous === 'string' && previous) await this.sessions.close(previous);
    const id = await this.sessions.open(userId, request.ip ?? '', request.header('User-Agent') ?? '');
    response.cookie(SESSION_COOKIE, id, { ...this.options(request), maxAge: this.sessions.maxSeconds * 1000 });
  }

  async endSession(request: Request, response: Response): Promise<void> {
    const id: unknown = request.signedCookies?.[SESSION_COOKIE];
    if (typeof id === 'string' && id) await this.sessions.close(id);
    this.clear(response, request);
  }

  clear(response: Response, request: Request): void {
    response.clearCookie(SESSION_COOKIE, this.options(request));
  }
}
