import { Tag, Tooltip } from '@arco-design/web-react';

/** 会话 n beside a channel's name: the client sessions sticky routing sends to it (none: nothing shown). */
export function SessionTag({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Tooltip content={`${count} 个会话绑定在此渠道：同一会话的后续请求优先发往这里，以命中上游的提示缓存`}>
      <Tag size="small" color="green">
        会话 {count}
      </Tag>
    </Tooltip>
  );
}
