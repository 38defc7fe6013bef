/**
 * The console token (docs/console-api.md "Console token"): what the console's own calls (the
 * playground, the compare chat, workflow runs) are billed to when the user has no usable token of
 * their own. The first such call creates it, so that a new user — root on a fresh install too —
 * chats without making a token by hand. It is an ordinary token of the user's list, marked
 * `console` (at most one per user), which they may edit, disable or delete: a disabled one means
 * they opted out and is refused with MSG_CONSOLE_TOKEN_DISABLED; a deleted one is created again by
 * the next console call.
 */
export const CONSOLE_TOKEN_NAME = '控制台';

export const MSG_CONSOLE_TOKEN_DISABLED = '控制台令牌已被禁用，请在令牌管理中启用';

/** The class id of the advisory lock under which a user's console token is created (objid: the user id). */
export const CONSOLE_TOKEN_LOCK_CLASS = 7_310_002;
