import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { TOKEN_STATUS } from '@gw/shared';
import { call } from '@/api/http';
import type { SiteStatus } from '@/api/status';
import { listTokens, type Token } from '@/api/tokens';
import { buildChatLink, chatLinkProblem, type ChatLinkProblem, type ChatLinkSource } from '@/lib/chat-link';
import { fullKey } from '@/pages/token/token-view';
import { useStatusStore } from '@/stores/status';

/** Messages of the chat pages (spec 2 §8). */
const MSG_UNSAFE_LINK = '聊天链接配置错误，请联系管理员';
const MSG_NO_LINK = '请联系管理员配置聊天链接';
const MSG_NO_TOKEN = '没有可用的已启用令牌';

const PROBLEM_MESSAGES: Record<ChatLinkProblem, string> = { missing: MSG_NO_LINK, unsafe: MSG_UNSAFE_LINK };

/** Chat pages look for an enabled token among the first 100 (spec 2 §7). */
const TOKEN_ROWS = 100;
/** Without an enabled token the user is sent to the token page after this long (spec 2 §8). */
const TOKEN_REDIRECT_MS = 1500;

export type ChatLinkState =
  | { phase: 'loading' }
  | { phase: 'ready'; url: string; name: string }
  | { phase: 'refused'; message: string }
  /** The token list did not load; the generic handler has shown why. */
  | { phase: 'failed' };

/**
 * The token a chat opens with: the one the address names (`?token=<id>`, the token page's 聊天
 * action) while it is enabled, else the first enabled one.
 */
function chatToken(tokens: Token[], wanted: number | null): Token | undefined {
  const enabled = tokens.filter((item) => item.status === TOKEN_STATUS.ENABLED);
  return enabled.find((item) => item.id === wanted) ?? enabled[0];
}

/**
 * The user's chat address for a configured link: the key of the token chosen (chatToken) and the
 * server address filled in. `pickSource` chooses the link from the server status; until the status
 * is known (a fresh browser) the state stays loading.
 */
export function useChatLink(pickSource: (status: SiteStatus) => ChatLinkSource): ChatLinkState {
  const navigate = useNavigate();
  const status = useStatusStore((state) => state.status);
  const source = status ? pickSource(status) : null;
  const address = status?.server_address || window.location.origin;
  const [state, setState] = useState<ChatLinkState>({ phase: 'loading' });
  const [searchParams] = useSearchParams();
  const wantedToken = Number(searchParams.get('token')) || null;

  const name = source?.name ?? '';
  const link = source?.link;
  const settingsFragment = source?.settingsFragment;
  useEffect(() => {
    if (link === undefined || settingsFragment === undefined) return;
    const problem = chatLinkProblem(link);
    if (problem) {
      setState({ phase: 'refused', message: PROBLEM_MESSAGES[problem] });
      return;
    }
    let cancelled = false;
    let redirect: number | undefined;
    void (async () => {
      const page = await call(listTokens(0, TOKEN_ROWS));
      if (cancelled) return;
      if (!page) return setState({ phase: 'failed' });
      const token = chatToken(page.items, wantedToken);
      if (!token) {
        Message.warning(MSG_NO_TOKEN);
        setState({ phase: 'refused', message: MSG_NO_TOKEN });
        redirect = window.setTimeout(() => navigate('/token'), TOKEN_REDIRECT_MS);
        return;
      }
      const result = buildChatLink({ name, link, settingsFragment }, { key: fullKey(token.key), address });
      setState(result.ok ? { phase: 'ready', url: result.url, name } : { phase: 'refused', message: PROBLEM_MESSAGES[result.problem] });
    })();
    return () => {
      cancelled = true;
      window.clearTimeout(redirect);
    };
  }, [name, link, settingsFragment, address, navigate, wantedToken]);

  return state;
}
