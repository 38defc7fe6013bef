import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access } from '../auth/access.decorator';
import { DOCS_ASSETS, DOCS_PAGE } from './docs-page';
import { OpenApiDocument } from './openapi-document.service';

/**
 * The console API's description for root (docs/observability.md): the document itself is root-only;
 * the page and Swagger UI's files are public, hold no data, and fetch the document as the console
 * fetches anything (session cookie + New-Api-User), which a plain navigation could not.
 */
@Controller('api/docs')
export class ApiDocsController {
  constructor(private readonly document: OpenApiDocument) {}

  @Get()
  @Access('public')
  @ApiExcludeEndpoint()
  page(@Res() response: Response): void {
    response.setHeader('Cache-Control', 'no-cache');
    response.type('html').send(DOCS_PAGE);
  }

  @Get('ui/:file')
  @Access('public')
  @ApiExcludeEndpoint()
  asset(@Param('file') file: string, @Res() response: Response): void {
    const asset = Object.hasOwn(DOCS_ASSETS, file) ? DOCS_ASSETS[file] : undefined;
    if (!asset) throw new NotFoundException();
    // Not hashed names: revalidated (ETag) rather than cached for long, so an upgrade shows at once.
    response.setHeader('Cache-Control', 'no-cache');
    response.type(asset.type);
    if ('text' in asset) {
      response.send(asset.text);
      return;
    }
    // dotfiles: the path is ours, and pnpm's store (node_modules/.pnpm/…) has a dot segment.
    // A client that goes away mid-file is no error worth reporting; a file that cannot be read is a 404.
    response.sendFile(asset.file, { dotfiles: 'allow' }, (error) => {
      if (error && !response.headersSent) response.status(404).json({ success: false, message: '接口不存在', data: null });
    });
  }

  /** The raw OpenAPI 3 document (not in the envelope), so that tools can read it as it is. */
  @Get('openapi.json')
  @Access('root')
  openapi(@Res() response: Response): void {
    response.setHeader('Cache-Control', 'no-store');
    response.json(this.document.get());
  }
}
