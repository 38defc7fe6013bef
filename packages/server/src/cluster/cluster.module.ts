import { Global, Module } from '@nestjs/common';
import { ClusterBus } from './cluster-bus';

@Global()
@Module({ providers: [ClusterBus], exports: [ClusterBus] })
export class ClusterModule {}
