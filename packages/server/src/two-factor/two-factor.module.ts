import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/user.entity';
import { AdminTwoFactorGate } from './admin-two-factor.gate';
import { PendingSignIns } from './pending-sign-ins';
import { TwoFactorAttempts } from './two-factor-attempts';
import { TwoFactorClock } from './two-factor-clock';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorBackupCodeEntity, TwoFactorEntity } from './two-factor.entity';
import { TwoFactorService } from './two-factor.service';
import { TwoFactorSignIn } from './two-factor-sign-in';

/** Two-factor sign-in (issue 31): its tables, calls, the sign-in's code step and the administrators' gate. */
@Module({
  imports: [TypeOrmModule.forFeature([TwoFactorEntity, TwoFactorBackupCodeEntity, UserEntity])],
  controllers: [TwoFactorController],
  providers: [TwoFactorService, TwoFactorSignIn, PendingSignIns, TwoFactorAttempts, TwoFactorClock, AdminTwoFactorGate],
  exports: [TwoFactorService, TwoFactorSignIn, AdminTwoFactorGate],
})
export class TwoFactorModule {}
