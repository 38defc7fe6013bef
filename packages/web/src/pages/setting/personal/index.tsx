import { useCallback, useEffect } from 'react';
import { Spin } from '@arco-design/web-react';
import { call } from '@/api/http';
import { getSelf } from '@/api/user';
import { useUserStore } from '@/stores/user';
import { BindingCard } from './binding-card';
import { DevicesCard } from './devices-card';
import { InviteCard } from './invite-card';
import { ModelsCard } from './models-card';
import { PasskeysCard } from './passkeys-card';
import { ProfileCard } from './profile-card';
import { readQuotaDisplay } from './quota-display';
import { SecurityCard } from './security-card';
import { TwoFactorCard } from './two-factor-card';

/** The personal tab (spec 1 §2.7): profile, usable models, invitations, bindings and account security. */
export function PersonalTab() {
  const user = useUserStore((state) => state.user);
  const display = readQuotaDisplay();

  const refreshUser = useCallback(async () => {
    const self = await call(getSelf());
    if (!self) return;
    // patchUser keeps what /api/user/self never returns, such as the stored access token.
    const store = useUserStore.getState();
    if (store.user) store.patchUser(self);
    else store.setUser(self);
  }, []);

  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);

  if (!user) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  return (
    <div>
      <ProfileCard user={user} display={display} />
      <ModelsCard />
      <InviteCard user={user} display={display} onTransferred={refreshUser} />
      <BindingCard user={user} onBound={refreshUser} />
      <SecurityCard user={user} />
      <TwoFactorCard />
      <PasskeysCard />
      <DevicesCard />
    </div>
  );
}
