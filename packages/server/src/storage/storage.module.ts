import { Global, Module } from '@nestjs/common';
import { StorageService } from './storage.service';

/** Global: covers, imports and later the file library and chat all store through the one service. */
@Global()
@Module({ providers: [StorageService], exports: [StorageService] })
export class StorageModule {}
