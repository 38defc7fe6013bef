import { useCallback } from 'react';
import { Message } from '@arco-design/web-react';
import { call, callOk, callReply } from '@/api/http';
import {
  deleteAutoDisabledKeys,
  deleteChannelKey,
  retestChannelDisabledKeys,
  setAllChannelKeysEnabled,
  setChannelKeyEnabled,
  type ChannelKey,
  type KeyRetestResult,
} from '@/api/channel-keys';
import { testChannel, type Channel } from '@/api/channels';
import { defaultTestModel } from '../test-button';
import { MSG_DONE } from '../use-channel-actions';

/** What a key's row asks for. */
export interface KeyAction {
  kind: 'enable' | 'disable' | 'test' | 'delete';
  key: ChannelKey;
}

/** Settles when done, so that the row's button can show it is busy meanwhile. */
export type OnKeyAction = (action: KeyAction) => Promise<void>;

/** What the key manager's toolbar asks for, on every key of the channel. */
export type KeyBatchAction = 'enable-all' | 'disable-all' | 'delete-auto-disabled' | 'retest';

export const retestMessage = (result: KeyRetestResult) => `重新测试完成：测试 ${result.tested} 个，恢复 ${result.enabled} 个`;

interface KeyActionDeps {
  reloadKeys: () => void;
  /** The channel's key counts (and maybe its status) changed: whoever shows them reads them again. */
  onChanged: () => void;
}

/** Carries out the per-key and batch actions of a multi-key channel, with the page's messages. */
export function useKeyActions(channel: Channel, { reloadKeys, onChanged }: KeyActionDeps) {
  const changed = useCallback(() => {
    reloadKeys();
    onChanged();
  }, [reloadKeys, onChanged]);

  const handleKeyAction = useCallback(
    async ({ kind, key }: KeyAction) => {
      switch (kind) {
        case 'enable':
        case 'disable':
          if (await callOk(setChannelKeyEnabled(channel.id, key.id, kind === 'enable'))) {
            Message.success(MSG_DONE);
            changed();
          }
          return;
        case 'delete':
          if (await callOk(deleteChannelKey(channel.id, key.id))) {
            Message.success(MSG_DONE);
            changed();
          }
          return;
        case 'test': {
          const reply = await callReply(testChannel(channel.id, defaultTestModel(channel), key.id));
          if (reply) Message.success(`密钥 ${key.masked} 测试成功，耗时 ${(reply.time ?? 0).toFixed(2)} 秒。`);
          // A failing test records the key's last error: the rows are read again either way.
          reloadKeys();
        }
      }
    },
    [channel, changed, reloadKeys],
  );

  const handleBatch = useCallback(
    async (action: KeyBatchAction) => {
      switch (action) {
        case 'enable-all':
        case 'disable-all': {
          const enable = action === 'enable-all';
          const result = await call(setAllChannelKeysEnabled(channel.id, enable));
          if (!result) return;
          Message.success(`已${enable ? '启用' : '禁用'} ${result.affected} 个密钥`);
          return changed();
        }
        case 'delete-auto-disabled': {
          const result = await call(deleteAutoDisabledKeys(channel.id));
          if (!result) return;
          Message.success(`已删除 ${result.affected} 个自动禁用的密钥`);
          return changed();
        }
        case 'retest': {
          const result = await call(retestChannelDisabledKeys(channel.id));
          if (!result) return;
          Message.success(retestMessage(result));
          return changed();
        }
      }
    },
    [channel.id, changed],
  );

  return { handleKeyAction, handleBatch };
}
