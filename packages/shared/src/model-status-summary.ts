/** A model on one channel, as 模型管理 lists it under the model (GET /api/channel/abilities `model_states`). */
export interface ModelOnChannel {
  channel_id: number;
  channel_name: string;
  /** The channel's own status (CHANNEL_STATUS): a model enabled on a disabled channel serves nothing. */
  channel_status: number;
  /** The model's status there (ABILITY_STATUS: 1 enabled, 2 disabled by an administrator, 3 by the gateway). */
  status: number;
  status_reason: string;
  /** Unix seconds of the model's last status change there; 0 when it never changed. */
  status_time: number;
}

/** Where a model stands over every channel that lists it: each channel counted once, whatever its groups. */
export interface ModelStatusSummary {
  model: string;
  /** Enabled on an enabled channel: the channels that can serve it. */
  enabled: number;
  auto_disabled: number;
  manually_disabled: number;
  /** Enabled there, but the channel itself is disabled. */
  channel_disabled: number;
  channels: ModelOnChannel[];
}
