import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EmailVerificationService } from './email-verification.service';

/** Binding a verified address to the signed-in account (spec 1 §2.7); it replaces the previous one. */
@Injectable()
export class EmailBindingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly verification: EmailVerificationService,
  ) {}

  async bind(userId: number, raw: string, code: string): Promise<void> {
    await this.verification.withVerifiedEmail(
      raw,
      code,
      (email, claim) =>
        this.dataSource.transaction(async (manager) => {
          await claim(manager);
          await manager.query('UPDATE users SET email = $1 WHERE id = $2', [email, userId]);
        }),
      userId,
    );
  }
}
