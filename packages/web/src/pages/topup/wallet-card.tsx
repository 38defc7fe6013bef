import { useState } from 'react';
import { Button, Card, Divider, Grid, Input, Message, Space, Statistic, Typography } from '@arco-design/web-react';
import { IconGift, IconLink } from '@arco-design/web-react/icon';
import { MSG_REDEEM_KEY_REQUIRED, renderQuota } from '@gw/shared';
import { call } from '@/api/http';
import { redeemCode } from '@/api/topup';
import { quotaTitle } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import type { User } from '@/stores/user';
import { MSG_NO_TOPUP_LINK, isWebAddress, redeemedMessage } from './topup-view';

interface WalletCardProps {
  user: User | null;
  display: QuotaDisplay;
  /** The site's top-up link (status top_up_link), where codes are bought. */
  topUpLink: string;
  onRedeemed: () => void;
}

/** The balance, the redemption-code entry and the top-up link (spec 2 §2, §5). */
export function WalletCard({ user, display, topUpLink, onRedeemed }: WalletCardProps) {
  const [code, setCode] = useState('');
  const [redeeming, setRedeeming] = useState(false);

  const handleRedeem = async () => {
    const key = code.trim();
    if (key === '') {
      Message.error(MSG_REDEEM_KEY_REQUIRED);
      return;
    }
    setRedeeming(true);
    const added = await call(redeemCode(key));
    setRedeeming(false);
    if (added === undefined) return;
    Message.success(redeemedMessage(renderQuota(added, display)));
    setCode('');
    onRedeemed();
  };

  const handleOpenLink = () => {
    if (topUpLink === '' || !isWebAddress(topUpLink)) {
      Message.error(MSG_NO_TOPUP_LINK);
      return;
    }
    window.open(topUpLink, '_blank', 'noopener,noreferrer');
  };

  return (
    <Card title="我的钱包" className="topup-card">
      <Grid.Row gutter={16}>
        <Grid.Col span={12} title={quotaTitle(user?.quota ?? 0)}>
          <Statistic title="当前余额" value={user ? renderQuota(user.quota, { ...display, digits: 'precise' }) : '-'} />
        </Grid.Col>
        <Grid.Col span={12} title={quotaTitle(user?.used_quota ?? 0)}>
          <Statistic title="历史消耗" value={user ? renderQuota(user.used_quota, { ...display, digits: 'precise' }) : '-'} />
        </Grid.Col>
      </Grid.Row>
      <Divider />
      <Typography.Title heading={6} className="topup-section-title">
        兑换码充值
      </Typography.Title>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <div className="topup-redeem">
          <Input aria-label="兑换码" value={code} onChange={setCode} onPressEnter={() => void handleRedeem()} placeholder="请输入兑换码" allowClear />
          <Button type="primary" icon={<IconGift />} loading={redeeming} onClick={() => void handleRedeem()}>
            兑换
          </Button>
        </div>
        <Space wrap size={8}>
          <Typography.Text type="secondary">还没有兑换码？</Typography.Text>
          <Button type="outline" size="small" icon={<IconLink />} onClick={handleOpenLink}>
            充值链接
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
