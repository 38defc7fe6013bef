/** Where the integration tests find the machine's real PostgreSQL and Redis (DESIGN.md §3). */
export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEMPLATE_DB = 'gw_test_template';
export const TEST_DB_PREFIX = 'gw_test_f_';
export const TEST_REDIS_PREFIX = 'gwtest';
