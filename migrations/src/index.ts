import { InitialAccounts1763776800000 } from './1763776800000-initial-accounts';
import { TokensChannelsAbilities1763870400000 } from './1763870400000-tokens-channels-abilities';
import { Logs1763956800000 } from './1763956800000-logs';
import { QuotaFunctions1764043200000 } from './1764043200000-quota-functions';
import { QuotaHolds1764216000000 } from './1764216000000-quota-holds';
import { Heartbeats1764129600000 } from './1764129600000-heartbeats';
import { DurableReservations1764302400000 } from './1764302400000-durable-reservations';
import { AdminQuota1764345600000 } from './1764345600000-admin-quota';

/** Every migration, oldest first. A new migration is added at the end of this list. */
export const migrations = [InitialAccounts1763776800000, TokensChannelsAbilities1763870400000, Logs1763956800000, QuotaFunctions1764043200000, Heartbeats1764129600000, QuotaHolds1764216000000, DurableReservations1764302400000, AdminQuota1764345600000];
