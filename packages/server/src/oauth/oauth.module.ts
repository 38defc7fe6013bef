import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/user.entity';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { UsersModule } from '../users/users.module';
import { GitHubProvider } from './github.provider';
import { LinuxDoProvider } from './linuxdo.provider';
import { OAuthAccountsService } from './oauth-accounts.service';
import { OAuthController } from './oauth.controller';
import { OAuthService } from './oauth.service';
import { OAuthStateService } from './oauth-state.service';
import { OidcProvider } from './oidc.provider';
import { WeChatProvider } from './wechat.provider';

/** Third-party sign-in and binding: GitHub, LinuxDO, OpenID Connect, WeChat, Telegram. */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), UsersModule, TwoFactorModule],
  controllers: [OAuthController],
  providers: [OAuthService, OAuthStateService, OAuthAccountsService, GitHubProvider, LinuxDoProvider, OidcProvider, WeChatProvider],
})
export class OAuthModule {}
