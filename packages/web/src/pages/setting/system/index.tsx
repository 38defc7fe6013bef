import { useOptionsForm } from '../use-options-form';
import { EmailDomainCard } from './email-domain-card';
import { LoginCard } from './login-card';
import { PaymentCard } from './payment-card';
import { ProviderCards } from './provider-cards';
import { OidcCard } from './oidc-card';
import { MetricsCard, ServerCard, SqlDsnsCard, WorkerCard } from './address-cards';
import { OpsLinksCard } from './ops-links-card';
import { SmtpCard } from './smtp-card';

/** The system tab: addresses, payment, login and registration, mail and third-party sign-in. */
export function SystemTab({ readOnly }: { readOnly: boolean }) {
  const form = useOptionsForm(readOnly);
  return (
    <div>
      <ServerCard form={form} />
      <WorkerCard form={form} />
      <MetricsCard form={form} />
      <SqlDsnsCard form={form} />
      {/* Its pages are for role 100 only (docs/console-api.md). */}
      {!readOnly && <OpsLinksCard />}
      <PaymentCard form={form} />
      <LoginCard form={form} />
      <EmailDomainCard form={form} />
      <SmtpCard form={form} />
      <ProviderCards form={form} />
      <OidcCard form={form} />
    </div>
  );
}
