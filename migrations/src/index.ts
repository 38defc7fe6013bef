import { InitialAccounts1763776800000 } from './1763776800000-initial-accounts';
import { TokensChannelsAbilities1763870400000 } from './1763870400000-tokens-channels-abilities';
import { Logs1763956800000 } from './1763956800000-logs';
import { QuotaFunctions1764043200000 } from './1764043200000-quota-functions';
import { Heartbeats1764129600000 } from './1764129600000-heartbeats';
import { QuotaHolds1764216000000 } from './1764216000000-quota-holds';
import { DurableReservations1764302400000 } from './1764302400000-durable-reservations';
import { AdminQuota1764345600000 } from './1764345600000-admin-quota';
import { UserAdmin1764388800000 } from './1764388800000-user-admin';
import { EmailAuth1764475200000 } from './1764475200000-email-auth';
import { OAuthBindings1764561600000 } from './1764561600000-oauth-bindings';
import { CustomerConnect1764648000000 } from './1764648000000-customer-connect';
import { Redemptions1764734400000 } from './1764734400000-redemptions';
import { TopupOrders1764820800000 } from './1764820800000-topup-orders';
import { LogInboundFormat1764907200000 } from './1764907200000-log-inbound-format';
import { DataLibrary1764993600000 } from './1764993600000-data-library';
import { CompareChat1765080000000 } from './1765080000000-compare-chat';
import { Workflows1765166400000 } from './1765166400000-workflows';
import { UserFiles1765252800000 } from './1765252800000-user-files';
import { WorkflowRuns1765339200000 } from './1765339200000-workflow-runs';
import { UsageRollups1765425600000 } from './1765425600000-usage-rollups';
import { UsageRollupsHourlyTotals1765512000000 } from './1765512000000-usage-rollups-hourly-totals';
import { AsyncTasks1765598400000 } from './1765598400000-async-tasks';
import { ChatMessageInstance1795805330600 } from './1795805330600-chat-message-instance';
import { RedeemedCodes1795807454148 } from './1795807454148-redeemed-codes';
import { ConsoleTokens1795808354634 } from './1795808354634-console-tokens';
import { ChannelKeys1795810000000 } from './1795810000000-channel-keys';
import { AbilityStatus1795812000000 } from './1795812000000-ability-status';
import { ChannelCostRatio1795814000000 } from './1795814000000-channel-cost-ratio';
import { TaskKeysFailoverAttempts1795816000000 } from './1795816000000-task-keys-failover-attempts';
import { WorkflowEval1795818000000 } from './1795818000000-workflow-eval';
import { WorkflowRunShares1795820000000 } from './1795820000000-workflow-run-shares';
import { TwoFactor1795822000000 } from './1795822000000-two-factor';
import { SessionDevices1795826000000 } from './1795826000000-session-devices';
import { Passkeys1795828000000 } from './1795828000000-passkeys';
import { AuditLog1795824000000 } from './1795824000000-audit-log';
import { Oidc1795830000000 } from './1795830000000-oidc';
import { Arena1795832000000 } from './1795832000000-arena';
import { SubscriptionPlans1795834000000 } from './1795834000000-subscription-plans';
import { Subscriptions1795836000000 } from './1795836000000-subscriptions';

/** Every migration, oldest first (timestamp order). A new migration is added at the end of this list. */
export const migrations = [
  InitialAccounts1763776800000,
  TokensChannelsAbilities1763870400000,
  Logs1763956800000,
  QuotaFunctions1764043200000,
  Heartbeats1764129600000,
  QuotaHolds1764216000000,
  DurableReservations1764302400000,
  AdminQuota1764345600000,
  UserAdmin1764388800000,
  EmailAuth1764475200000,
  OAuthBindings1764561600000,
  CustomerConnect1764648000000,
  Redemptions1764734400000,
  TopupOrders1764820800000,
  LogInboundFormat1764907200000,
  DataLibrary1764993600000,
  CompareChat1765080000000,
  Workflows1765166400000,
  UserFiles1765252800000,
  WorkflowRuns1765339200000,
  UsageRollups1765425600000,
  UsageRollupsHourlyTotals1765512000000,
  AsyncTasks1765598400000,
  ChatMessageInstance1795805330600,
  RedeemedCodes1795807454148,
  ConsoleTokens1795808354634,
  ChannelKeys1795810000000,
  AbilityStatus1795812000000,
  ChannelCostRatio1795814000000,
  TaskKeysFailoverAttempts1795816000000,
  WorkflowEval1795818000000,
  WorkflowRunShares1795820000000,
  TwoFactor1795822000000,
  AuditLog1795824000000,
  SessionDevices1795826000000,
  Passkeys1795828000000,
  Oidc1795830000000,
  Arena1795832000000,
  SubscriptionPlans1795834000000,
  Subscriptions1795836000000,
];
