import { useOptionsForm } from '../use-options-form';
import { ArenaCard } from './arena-card';
import { SubscriptionCard } from './subscription-card';
import { ChannelMonitorCard } from './channel-monitor-card';
import { ChatLinkCard } from './chat-link-card';
import { ChatsCard } from './chats-card';
import { DataExportCard } from './data-export-card';
import { DrawingCard, MidjourneyCard } from './drawing-cards';
import { GeneralCard } from './general-card';
import { LogCard } from './log-card';
import { MonitoringCard } from './monitoring-card';
import { QuotaCard } from './quota-card';
import { RatioCard } from './ratio-card';
import { RoutingCard } from './routing-card';
import { SensitiveWordsCard } from './sensitive-words-card';

/** The operation tab, one card per concern (spec 1 §2.7). */
export function OperationTab({ readOnly }: { readOnly: boolean }) {
  const form = useOptionsForm(readOnly);
  return (
    <div>
      <GeneralCard form={form} />
      <RoutingCard form={form} />
      <ChatLinkCard form={form} />
      <QuotaCard form={form} />
      <MonitoringCard form={form} />
      <LogCard form={form} />
      <SensitiveWordsCard form={form} />
      <MidjourneyCard form={form} />
      <DrawingCard form={form} />
      <DataExportCard form={form} />
      <ChannelMonitorCard form={form} />
      <RatioCard form={form} />
      <ChatsCard form={form} />
      <ArenaCard form={form} />
      <SubscriptionCard form={form} />
    </div>
  );
}
