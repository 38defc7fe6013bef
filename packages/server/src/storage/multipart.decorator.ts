import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

declare const MULTIPART: unique symbol;

/**
 * A request whose body is a multipart form still to be read. Only @Multipart() gives one, and
 * StorageService reads uploads from nothing else: so every upload route carries the marker, and
 * the tests find them all by it (src/storage/bad-multipart.spec.ts).
 */
export type MultipartRequest = Request & { readonly [MULTIPART]: true };

/** What @Multipart() hands the handler: the request itself. */
export const multipartRequestOf = (_data: unknown, context: ExecutionContext): MultipartRequest => context.switchToHttp().getRequest<MultipartRequest>();

/** The request of an upload route, for StorageService.receiveUpload(s), in place of @Req(). */
export const Multipart = createParamDecorator(multipartRequestOf);
