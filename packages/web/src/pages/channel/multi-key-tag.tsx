import { Tag, Tooltip } from '@arco-design/web-react';
import type { Channel } from '@/api/channels';
import { SELECTION_LABELS, isMultiKey, keyCountsText } from './multi-key';

/**
 * 多密钥 enabled/size beside a multi-key channel's name; orange when the gateway disabled some of its
 * keys, which is the cue to open its keys and retest them.
 */
export function MultiKeyTag({ channel }: { channel: Channel }) {
  const info = channel.channel_info;
  if (!isMultiKey(channel)) return null;
  const mode = channel.multi_key_mode === '' ? 'random' : channel.multi_key_mode;
  return (
    <Tooltip
      content={
        <>
          <div>{keyCountsText(info)}</div>
          <div>密钥选择方式：{SELECTION_LABELS[mode]}</div>
        </>
      }
    >
      <Tag size="small" color={info.multi_key_auto_disabled > 0 ? 'orange' : 'arcoblue'}>
        多密钥 {info.multi_key_enabled}/{info.multi_key_size}
      </Tag>
    </Tooltip>
  );
}
