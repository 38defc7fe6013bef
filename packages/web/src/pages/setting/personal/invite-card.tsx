import { useEffect, useState } from 'react';
import { Button, Card, Grid, Input, Message, Statistic } from '@arco-design/web-react';
import { renderQuota } from '@gw/shared';
import { call } from '@/api/http';
import { getAffCode } from '@/api/user';
import { copyText } from '@/lib/clipboard';
import type { User } from '@/stores/user';
import { inviteLink } from './account-rules';
import { AffTransferModal } from './aff-transfer-modal';
import type { QuotaDisplay } from './quota-display';

interface InviteCardProps {
  user: User;
  display: QuotaDisplay;
  onTransferred: () => void;
}

/** Invite link and affiliate earnings, with the transfer of earnings to the balance. */
export function InviteCard({ user, display, onTransferred }: InviteCardProps) {
  const [affCode, setAffCode] = useState('');
  const [transferOpen, setTransferOpen] = useState(false);

  useEffect(() => {
    let active = true;
    void call(getAffCode()).then((code) => {
      if (active && code) setAffCode(code);
    });
    return () => {
      active = false;
    };
  }, []);

  const link = affCode ? inviteLink(window.location.origin, affCode) : '';

  const handleCopy = async () => {
    if (await copyText(link)) Message.success('邀请链接已复制到剪贴板');
  };

  return (
    <Card
      title="邀请信息"
      style={{ marginBottom: 16 }}
      extra={
        <Button type="primary" size="small" onClick={() => setTransferOpen(true)}>
          划转到余额
        </Button>
      }
    >
      <Grid.Row gutter={16} style={{ marginBottom: 16 }}>
        <Grid.Col span={8}>
          <Statistic title="待使用收益" value={renderQuota(user.aff_quota, display)} />
        </Grid.Col>
        <Grid.Col span={8}>
          <Statistic title="总收益" value={renderQuota(user.aff_history_quota, display)} />
        </Grid.Col>
        <Grid.Col span={8}>
          <Statistic title="邀请人数" value={user.aff_count} />
        </Grid.Col>
      </Grid.Row>
      <Input
        readOnly
        aria-label="邀请链接"
        value={link}
        addBefore="邀请链接"
        addAfter={
          <Button type="text" size="mini" disabled={!link} onClick={handleCopy}>
            复制
          </Button>
        }
      />
      <AffTransferModal
        visible={transferOpen}
        affQuota={user.aff_quota}
        display={display}
        onClose={() => setTransferOpen(false)}
        onTransferred={onTransferred}
      />
    </Card>
  );
}
