import { HttpError } from '@/api/http';
import { getStatus } from '@/api/status';
import { getSelf } from '@/api/user';
import { applyBranding } from '@/lib/branding';
import { saveEnabledRoutes } from '@/routes/access';
import { useSidebarStore } from '@/stores/sidebar';
import { useStatusStore } from '@/stores/status';
import { applyThemeMode, useThemeStore } from '@/stores/theme';
import { useUserStore } from '@/stores/user';

async function loadStatus(): Promise<void> {
  try {
    const reply = await getStatus();
    if (!reply.success) return;
    useStatusStore.getState().setStatus(reply.data);
    applyBranding(reply.data);
    useSidebarStore.getState().followSiteDefault(reply.data.default_collapse_sidebar === true);
  } catch {
    // The stored status (if any) keeps the console usable while the server is unreachable.
  }
}

/** A saved user restores the login, then is refreshed; a 401 means the session is gone. */
async function refreshUser(): Promise<void> {
  const { user, setUser, clearUser } = useUserStore.getState();
  if (!user) return;
  try {
    const reply = await getSelf();
    if (reply.success) setUser({ ...user, ...reply.data });
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) clearUser();
  }
}

/** Everything the console does once on start (spec 1 §2.2, §4). */
export function startSession(): void {
  applyThemeMode(useThemeStore.getState().mode);
  applyBranding(useStatusStore.getState().status);
  saveEnabledRoutes(useUserStore.getState().user);
  useUserStore.subscribe((state, previous) => {
    if (state.user?.role !== previous.user?.role || state.user?.id !== previous.user?.id) saveEnabledRoutes(state.user);
  });
  void loadStatus();
  void refreshUser();
}
