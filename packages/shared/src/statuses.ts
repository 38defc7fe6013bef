/** Token status (spec 2 §4). A user may toggle only between enabled and disabled. */
export const TOKEN_STATUS = { ENABLED: 1, DISABLED: 2, EXPIRED: 3, EXHAUSTED: 4 } as const;

/** Channel status (spec 2 §4): 3 is set by the gateway itself, with the reason in other_info. */
export const CHANNEL_STATUS = { ENABLED: 1, MANUALLY_DISABLED: 2, AUTO_DISABLED: 3 } as const;

/** A key of a multi-key channel: the same three states as a channel. */
export const CHANNEL_KEY_STATUS = CHANNEL_STATUS;

/** A model on one channel (abilities.status): the same three states, the model's own beside the channel's. */
export const ABILITY_STATUS = CHANNEL_STATUS;

/** How a multi-key channel picks its key for a request (new-api's `multi_key_mode`). */
export const MULTI_KEY_MODES = ['random', 'polling'] as const;
export type MultiKeyMode = (typeof MULTI_KEY_MODES)[number];

/** Token expiry meaning "never". */
export const TOKEN_NEVER_EXPIRES = -1;

/** sk- plus 48 characters (spec 2 §3). */
export const TOKEN_KEY_PREFIX = 'sk-';
export const TOKEN_KEY_LENGTH = 48;

/** Extra tokens of a batch are named with the name plus this many random alphanumerics (spec 2 §5). */
export const TOKEN_BATCH_SUFFIX_LENGTH = 6;
export const TOKEN_BATCH_MAX = 100;

/** Default model request limits of a channel (spec 2 §9). */
export const DEFAULT_MODEL_REQ_LIMIT = { rpd: 100, rpm: 10, tpd: 10000, tpm: 20 } as const;

/** Row priority and weight bounds of the channel list (spec 2 §5). */
export const CHANNEL_PRIORITY_MIN = -999;
export const CHANNEL_WEIGHT_MIN = 0;

/**
 * Customer contact request status (spec 2 §4 gives the values of the same-shaped request status;
 * the labels are ours). A submission starts pending; an administrator sets any of them.
 */
export const CUSTOMER_CONNECT_STATUS = { PENDING: 0, PROCESSING: 1, COMPLETED: 2, REJECTED: 3 } as const;
export type CustomerConnectStatus = (typeof CUSTOMER_CONNECT_STATUS)[keyof typeof CUSTOMER_CONNECT_STATUS];

/** The labels of the list page's tags and dropdowns, in status order. */
export const CUSTOMER_CONNECT_STATUS_LABELS: Record<CustomerConnectStatus, string> = {
  0: '待处理',
  1: '处理中',
  2: '已完成',
  3: '已拒绝',
};
