import { Module } from '@nestjs/common';
import { EmailAuthController } from './email-auth.controller';
import { EmailBindingService } from './email-binding.service';
import { EmailChallengesService } from './email-challenges.service';
import { EmailVerificationService } from './email-verification.service';
import { MailerService } from './mailer.service';
import { PasswordResetService } from './password-reset.service';
import { TurnstileGuard } from './turnstile.guard';
import { TurnstileService } from './turnstile.service';

/**
 * E-mail sign-in and human verification (issue 11): codes, binding, password reset, mail and
 * Turnstile. Owns the `email_challenges` table. Exports what registration and login need.
 */
@Module({
  controllers: [EmailAuthController],
  providers: [EmailChallengesService, EmailVerificationService, EmailBindingService, PasswordResetService, MailerService, TurnstileService, TurnstileGuard],
  exports: [EmailVerificationService, TurnstileService, TurnstileGuard],
})
export class EmailAuthModule {}
