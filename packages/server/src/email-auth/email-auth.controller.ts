import { Body, Controller, Get, Post, Query, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { STRICT_THROTTLE } from '../common/throttle';
import type { UserEntity } from '../users/user.entity';
import { EmailBindQueryDto } from './dto/email-bind-query.dto';
import { EmailQueryDto } from './dto/email-query.dto';
import { ResetConfirmDto } from './dto/reset-confirm.dto';
import { EmailBindingService } from './email-binding.service';
import { EmailVerificationService } from './email-verification.service';
import { PasswordResetService } from './password-reset.service';
import { TurnstileGuard } from './turnstile.guard';

/** The e-mail calls of spec 1 §7: codes, binding and password reset (docs/console-api.md). */
@Controller('api')
@Access('public')
export class EmailAuthController {
  constructor(
    private readonly verification: EmailVerificationService,
    private readonly binding: EmailBindingService,
    private readonly reset: PasswordResetService,
  ) {}

  @Get('verification')
  @Throttle(STRICT_THROTTLE)
  @UseGuards(TurnstileGuard)
  async sendCode(@Query() query: EmailQueryDto): Promise<WithMessage<null>> {
    await this.verification.sendCode(query.email);
    return new WithMessage('验证码发送成功，请检查你的邮箱！');
  }

  @Get('reset_password')
  @Throttle(STRICT_THROTTLE)
  @UseGuards(TurnstileGuard)
  async requestReset(@Query() query: EmailQueryDto): Promise<WithMessage<null>> {
    await this.reset.request(query.email);
    return new WithMessage('如果该邮箱地址已注册，重置邮件已发送，请检查邮箱！');
  }

  /** Reply data is the new password, shown once. */
  @Post('user/reset')
  @Throttle(STRICT_THROTTLE)
  confirmReset(@Body() dto: ResetConfirmDto): Promise<string> {
    return this.reset.confirm(dto.email, dto.token);
  }

  @Get('oauth/email/bind')
  @Access('user')
  @Throttle(STRICT_THROTTLE)
  async bindEmail(@CurrentUser() user: UserEntity, @Query() query: EmailBindQueryDto): Promise<WithMessage<null>> {
    await this.binding.bind(user.id, query.email, query.code);
    return new WithMessage('邮箱账户绑定成功！');
  }
}
