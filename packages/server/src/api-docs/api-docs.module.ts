import { Module } from '@nestjs/common';
import { ApiDocsController } from './api-docs.controller';
import { OpenApiDocument } from './openapi-document.service';

/** The OpenAPI description of the console API and its Swagger UI page, for root (issue 19). */
@Module({ controllers: [ApiDocsController], providers: [OpenApiDocument] })
export class ApiDocsModule {}
