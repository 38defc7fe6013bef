import { useEffect, useState } from 'react';
import { call } from '@/api/http';
import { getToken, type Token } from '@/api/tokens';
import { getSelf, getUserGroups, getUserModels } from '@/api/user';
import { useUserStore } from '@/stores/user';

/** Refreshes the stored user so that the quota cap uses the current balance. */
async function refreshBalance(): Promise<void> {
  const self = await call(getSelf());
  // patchUser keeps what /api/user/self never returns, such as the stored access token.
  if (self) useUserStore.getState().patchUser(self);
}

/**
 * What the add/edit drawer needs each time it opens: the user's groups and models, the current
 * balance and, when editing, the token as the server has it now.
 */
export function useDrawerData(visible: boolean, tokenId: number | undefined) {
  const [groups, setGroups] = useState<Record<string, string>>({});
  const [models, setModels] = useState<string[]>([]);
  const [token, setToken] = useState<Token | undefined>();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!visible) return;
    let active = true;
    setLoading(true);
    setToken(undefined);
    void Promise.all([
      call(getUserGroups()),
      call(getUserModels()),
      tokenId === undefined ? undefined : call(getToken(tokenId)),
      refreshBalance(),
    ]).then(([groupMap, modelNames, fresh]) => {
      if (!active) return;
      setGroups(groupMap ?? {});
      setModels(modelNames ?? []);
      setToken(fresh);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [visible, tokenId]);

  return { groups, models, token, loading };
}
