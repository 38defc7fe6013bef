import { InitialAccounts1763776800000 } from './1763776800000-initial-accounts';

/** Every migration, oldest first. A new migration is added at the end of this list. */
export const migrations = [InitialAccounts1763776800000];
