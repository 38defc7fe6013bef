import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ROLE_ROOT, ROOT_INITIAL_QUOTA, ROOT_USER_ID } from '@gw/shared';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { nowSeconds } from '../common/time';
import { hashPassword } from './password';
import { UserEntity } from './user.entity';
import { UsersService } from './users.service';

/**
 * On the first start (no users at all) creates user 1 `root` with role 100: with
 * INITIAL_ROOT_PASSWORD, or a random password printed once. There is never a default password.
 * Root starts with ROOT_INITIAL_QUOTA, written to the logs as a 管理 row like any grant.
 */
@Injectable()
export class RootBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('Root');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly usersService: UsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'worker') return;
    if ((await this.users.count()) > 0) return;
    const password = this.config.initialRootPassword ?? randomBytes(12).toString('base64url').slice(0, 16);
    const created = await this.users.manager.transaction(async (manager) => {
      // Instances starting together: the lock lets one create root, the others find it there.
      await manager.query('SELECT pg_advisory_xact_lock(74110002)');
      if ((await manager.count(UserEntity)) > 0) return false;
      await this.usersService.insertUser(manager, {
        id: ROOT_USER_ID,
        username: 'root',
        password_hash: await hashPassword(password),
        display_name: '系统管理员',
        role: ROLE_ROOT,
        quota: ROOT_INITIAL_QUOTA,
      });
      await manager.query('INSERT INTO logs (created_at, type, user_id, username, content) VALUES ($1, 3, $2, $3, $4)', [
        nowSeconds(),
        ROOT_USER_ID,
        'root',
        `系统初始化：root 的初始额度为 ${ROOT_INITIAL_QUOTA}`,
      ]);
      await manager.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT MAX(id) FROM users))`);
      return true;
    });
    if (!created) return;
    if (this.config.initialRootPassword) {
      this.logger.log('Created user root (id 1) with INITIAL_ROOT_PASSWORD');
    } else {
      this.logger.warn(`Created user root (id 1). Its password, shown only this once: ${password}`);
    }
  }
}
