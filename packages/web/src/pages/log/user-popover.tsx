import { useState } from 'react';
import { Descriptions, Link, Popover, Spin } from '@arco-design/web-react';
import { call } from '@/api/http';
import { QuotaText } from '@/components/quota-text';
import { getUserInfo } from '@/api/logs';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import type { User } from '@/stores/user';

interface UserPopoverProps {
  userId: number;
  username: string;
  display: QuotaDisplay;
}

/** The username of a log row; clicking it loads the user's account figures (admins only). */
export function UserPopover({ userId, username, display }: UserPopoverProps) {
  const [info, setInfo] = useState<User | null | undefined>(undefined);

  const handleOpen = async (visible: boolean) => {
    if (!visible || info) return;
    setInfo(undefined);
    setInfo((await call(getUserInfo(userId))) ?? null);
  };

  const content =
    info === undefined ? (
      <Spin />
    ) : info === null ? (
      '获取数据失败'
    ) : (
      <Descriptions
        column={1}
        size="small"
        data={[
          { label: '用户 ID', value: info.id },
          { label: '用户名', value: info.username },
          { label: '显示名称', value: info.display_name || '-' },
          { label: '分组', value: info.group },
          { label: '剩余额度', value: <QuotaText quota={info.quota} display={display} /> },
          { label: '已用额度', value: <QuotaText quota={info.used_quota} display={display} /> },
          { label: '请求次数', value: info.request_count },
        ]}
      />
    );

  return (
    <Popover trigger="click" title="用户信息" content={content} onVisibleChange={(visible) => void handleOpen(visible)}>
      <Link>{username}</Link>
    </Popover>
  );
}
