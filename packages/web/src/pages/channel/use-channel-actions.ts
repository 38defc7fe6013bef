import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { CHANNEL_STATUS } from '@gw/shared';
import { call, callOk } from '@/api/http';
import {
  callWithReason,
  clearChannelAffinity,
  createChannel,
  deleteChannel,
  setTagEnabled,
  updateChannel,
  updateTag,
  type Channel,
  type ChannelQuickEdit,
  type ChannelTagRow,
} from '@/api/channels';
import type { ChannelAction } from './actions';
import { refreshChannelBalance, runChannelTest } from './channel-checks';
import { copyOf } from './form/channel-form';

export const MSG_DONE = '操作成功完成！';
export const MSG_TAG_UPDATED = '标签更新成功！';

interface ChannelActionDeps {
  reload: () => void;
  /** Puts a channel changed by a quick edit back into the rows. */
  patchChannel: (channel: Channel) => void;
  onEditTag: (row: ChannelTagRow) => void;
  onManageKeys: (channel: Channel) => void;
}

/** Carries out what a row asks: quick edits patch the row in place, everything else reloads. */
export function useChannelActions({ reload, patchChannel, onEditTag, onManageKeys }: ChannelActionDeps) {
  const navigate = useNavigate();

  const quickEdit = useCallback(
    async (channel: Channel, fields: Omit<ChannelQuickEdit, 'id'>) => {
      if (!(await callOk(updateChannel({ id: channel.id, ...fields })))) return;
      patchChannel({ ...channel, ...fields });
      Message.success(MSG_DONE);
    },
    [patchChannel],
  );

  const tagCall = useCallback(
    async (promise: ReturnType<typeof updateTag>, success: string) => {
      if ((await call(promise)) === undefined) return;
      Message.success(success);
      reload();
    },
    [reload],
  );

  return useCallback(
    async (action: ChannelAction) => {
      switch (action.kind) {
        case 'toggle': {
          const enabled = action.channel.status === CHANNEL_STATUS.ENABLED;
          return quickEdit(action.channel, { status: enabled ? CHANNEL_STATUS.MANUALLY_DISABLED : CHANNEL_STATUS.ENABLED });
        }
        case 'priority':
          return quickEdit(action.channel, { priority: action.value });
        case 'weight':
          return quickEdit(action.channel, { weight: action.value });
        case 'test': {
          const tested = await runChannelTest(action.channel, action.model);
          // A test may change the status (a failure can disable the channel, a success can enable an
          // auto-disabled one): then the list is read again to show it.
          return tested && tested.status !== CHANNEL_STATUS.AUTO_DISABLED ? patchChannel(tested) : reload();
        }
        case 'balance': {
          const updated = await refreshChannelBalance(action.channel);
          if (updated) patchChannel(updated);
          return;
        }
        case 'edit':
          return navigate(`/channel/edit/${action.channel.id}`);
        case 'keys':
          return onManageKeys(action.channel);
        case 'copy':
          if (await callWithReason(createChannel(copyOf(action.channel)), '渠道复制失败')) {
            Message.success('渠道复制成功');
            reload();
          }
          return;
        case 'clear-affinity': {
          const cleared = await call(clearChannelAffinity(action.channel.id));
          if (cleared === undefined) return;
          Message.success(`已清除 ${cleared} 个会话绑定`);
          return reload();
        }
        case 'delete':
          if (await callOk(deleteChannel(action.channel.id))) {
            Message.success(MSG_DONE);
            reload();
          }
          return;
        case 'tag-enable':
        case 'tag-disable':
          return tagCall(setTagEnabled(action.row.tag, action.kind === 'tag-enable'), MSG_DONE);
        case 'tag-priority':
          return tagCall(updateTag({ tag: action.row.tag, priority: action.value }), MSG_TAG_UPDATED);
        case 'tag-weight':
          return tagCall(updateTag({ tag: action.row.tag, weight: action.value }), MSG_TAG_UPDATED);
        case 'tag-edit':
          return onEditTag(action.row);
      }
    },
    [navigate, onEditTag, onManageKeys, patchChannel, quickEdit, reload, tagCall],
  );
}
