import { call } from '@/api/http';
import { authorizeUrl, getOAuthState, type OAuthProvider } from '@/api/oauth';

/**
 * Gets a state (GET /api/oauth/state) and opens the provider's authorize page in a new window; the
 * provider sends that window back to /oauth/{provider}/callback. The window is opened before the
 * call, while the click still counts as the user's gesture, so that pop-up blockers let it through.
 */
export async function openAuthorize(provider: OAuthProvider, aff?: string): Promise<void> {
  const popup = window.open('', '_blank');
  const state = await call(getOAuthState(aff));
  if (!state) {
    popup?.close();
    return;
  }
  const url = authorizeUrl(provider, state);
  if (popup) {
    // The provider's page gets no handle on the console's tab (reverse tabnabbing).
    popup.opener = null;
    popup.location.href = url;
  }
  else window.location.href = url;
}
