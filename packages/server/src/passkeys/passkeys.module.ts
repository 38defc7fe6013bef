import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { UserEntity } from '../users/user.entity';
import { UserEvents } from '../users/user-events';
import { PasskeyChallenges } from './passkey-challenges';
import { PasskeyEntity } from './passkey.entity';
import { PasskeysController } from './passkeys.controller';
import { PasskeysService } from './passkeys.service';
import { RelyingParties } from './relying-party';

/** Passkeys (WebAuthn, issue 31): their table, the calls, the passkey sign-in and the passkey second factor. */
@Module({
  imports: [TypeOrmModule.forFeature([PasskeyEntity, UserEntity]), TwoFactorModule],
  controllers: [PasskeysController],
  // UserEvents of its own (a listener on the cluster bus), not UsersModule: importing it would register
  // user management's GET api/user/:id before GET api/user/passkey.
  providers: [PasskeysService, PasskeyChallenges, RelyingParties, UserEvents],
})
export class PasskeysModule {}
