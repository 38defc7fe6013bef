import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, Spin } from '@arco-design/web-react';
import { QuotaText } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { refreshBalance } from '@/pages/topup/refresh-balance';
import { useUserStore } from '@/stores/user';
import { useTodaySpending } from './use-today-spending';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="workspace-figure" aria-label={label}>
      <div className="workspace-figure-label">{label}</div>
      <div className="workspace-figure-value">{children}</div>
    </section>
  );
}

/** 余额: the balance and the historic consumption of the stored user (read again on arrival), and today's spending. */
export function BalanceCard({ display }: { display: QuotaDisplay }) {
  const user = useUserStore((state) => state.user);
  const today = useTodaySpending();

  useEffect(() => {
    void refreshBalance();
  }, []);

  return (
    <Card
      title="余额"
      className="workspace-card"
      extra={
        <span className="workspace-links">
          <Link to="/topup">钱包</Link>
          <Link to="/log">使用日志</Link>
          {/* The async task log (spec 2 §2 /task) has no sidebar entry (spec 1 §2.2): it is reached from here. */}
          <Link to="/task">音乐任务</Link>
        </span>
      }
    >
      <div className="workspace-figures">
        <Figure label="当前余额">
          <QuotaText quota={user?.quota ?? 0} display={display} digits="precise" />
        </Figure>
        <Figure label="历史消耗">
          <QuotaText quota={user?.used_quota ?? 0} display={display} digits="precise" />
        </Figure>
        <Figure label="今日消耗">
          {today === undefined ? <Spin size={16} /> : today === null ? '—' : <QuotaText quota={today} display={display} digits="precise" />}
        </Figure>
      </div>
    </Card>
  );
}
