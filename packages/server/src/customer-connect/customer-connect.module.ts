import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomerConnectController } from './customer-connect.controller';
import { CustomerConnectEntity } from './customer-connect.entity';
import { CustomerConnectService } from './customer-connect.service';

@Module({
  imports: [TypeOrmModule.forFeature([CustomerConnectEntity])],
  controllers: [CustomerConnectController],
  providers: [CustomerConnectService],
})
export class CustomerConnectModule {}
