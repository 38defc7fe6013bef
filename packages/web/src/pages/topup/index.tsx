import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Grid } from '@arco-design/web-react';
import { ROLE_ADMIN, roleAllows } from '@gw/shared';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { useStatusStore } from '@/stores/status';
import { useUserStore } from '@/stores/user';
import { OnlineTopupCard } from './online-topup-card';
import { OrderHistory } from './order-history';
import { OrderResult } from './order-result';
import { refreshBalance } from './refresh-balance';
import { SubscriptionPlansCard } from './subscription-plans-card';
import { MySubscriptionsCard } from './my-subscriptions-card';
import { minTopUp, payGatewaysOf } from './topup-view';
import { usePlansOnSale } from './use-plans-on-sale';
import { useSelfSubscriptions } from './use-self-subscriptions';
import { WalletCard } from './wallet-card';
import './topup.css';

/**
 * 钱包 (spec 2 §2): balance, redemption code, online payment, the user's subscriptions and the
 * plans on sale (issue 34, each shown when there are any) and the top-up history; opened by the
 * return from Epay or Stripe's Checkout with ?trade_no=…, the result of that order first.
 */
export default function TopupPage() {
  const user = useUserStore((state) => state.user);
  const status = useStatusStore((state) => state.status);
  const [searchParams, setSearchParams] = useSearchParams();
  const tradeNo = searchParams.get('trade_no');
  const display = useMemo(readQuotaDisplay, []);
  const [historyVersion, setHistoryVersion] = useState(0);
  const plans = usePlansOnSale();
  const { subscriptions, reload: reloadSubscriptions } = useSelfSubscriptions();

  useEffect(() => {
    void refreshBalance();
  }, []);

  /** Money came in: the balance and the history change, and the subscriptions when it paid for a plan. */
  const handleCredited = useCallback(() => {
    void refreshBalance();
    setHistoryVersion((current) => current + 1);
    reloadSubscriptions();
  }, [reloadSubscriptions]);

  const handleCloseResult = () => setSearchParams({}, { replace: true });

  const role = user?.role ?? 0;
  const gateways = payGatewaysOf(status);
  return (
    <div className="topup-page">
      {tradeNo && <OrderResult key={tradeNo} tradeNo={tradeNo} display={display} onPaid={handleCredited} onClose={handleCloseResult} />}
      <Grid.Row gutter={[16, 16]} align="stretch">
        <Grid.Col xs={24} lg={10}>
          <WalletCard user={user} display={display} topUpLink={status?.top_up_link ?? ''} onRedeemed={() => void refreshBalance()} />
        </Grid.Col>
        <Grid.Col xs={24} lg={14}>
          <OnlineTopupCard gateways={gateways} min={minTopUp(status)} display={display} />
        </Grid.Col>
      </Grid.Row>
      {subscriptions.length > 0 && <MySubscriptionsCard subscriptions={subscriptions} display={display} onChange={reloadSubscriptions} />}
      {plans.length > 0 && <SubscriptionPlansCard plans={plans} subscriptions={subscriptions} gateways={gateways} display={display} />}
      <OrderHistory
        display={display}
        isAdmin={role >= ROLE_ADMIN}
        isRoot={roleAllows('root-user', role, user?.id)}
        refreshKey={historyVersion}
        onCompleted={handleCredited}
      />
    </div>
  );
}
