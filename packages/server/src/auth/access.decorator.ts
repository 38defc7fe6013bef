import { SetMetadata } from '@nestjs/common';
import type { AccessRule } from '@gw/shared';

export const ACCESS_KEY = 'access-rule';

/**
 * The role a route needs (DESIGN.md §4): 'public', 'user' (≥1), 'admin' (≥10), 'root' (≥100) or
 * 'root-user' (user id 1). Every route must carry one, on the handler or its controller; the guard
 * refuses a route without a rule.
 */
export const Access = (rule: AccessRule) => SetMetadata(ACCESS_KEY, rule);
