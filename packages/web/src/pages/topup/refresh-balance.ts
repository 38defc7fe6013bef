import { call } from '@/api/http';
import { getSelf } from '@/api/user';
import { useUserStore } from '@/stores/user';

/** Reads the balance again from GET /api/user/self into the stored user. */
export async function refreshBalance(): Promise<void> {
  const self = await call(getSelf());
  // patchUser keeps what /api/user/self never returns, such as the stored access token.
  if (self) useUserStore.getState().patchUser(self);
}
