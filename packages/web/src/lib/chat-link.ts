import type { SiteStatus } from '@/api/status';

/** Placeholders of a chat link template, as new-api's Chats option writes them. */
const KEY_PLACEHOLDER = '{key}';
const ADDRESS_PLACEHOLDER = '{address}';

/** A configured chat link and how to fill it in. */
export interface ChatLinkSource {
  /** Shown as the frame's title; empty when the option gives none. */
  name: string;
  link: string;
  /**
   * ChatLink and ChatLink2 are usually a bare NextChat address: without placeholders the key and
   * the address go into one-api's settings fragment. A Chats entry is used as written.
   */
  settingsFragment: boolean;
}

/** What a user's chat link is made of: their token key (sk-…) and the gateway's address. */
export interface ChatCredentials {
  key: string;
  address: string;
}

/** Nothing configured, or a link that is not an absolute http(s) address. */
export type ChatLinkProblem = 'missing' | 'unsafe';

export type ChatLinkResult = { ok: true; url: string } | { ok: false; problem: ChatLinkProblem };

const MISSING: ChatLinkSource = { name: '', link: '', settingsFragment: false };

/** The normalized address when `link` is absolute http: or https: (never javascript:, data:, relative). */
function safeUrl(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Checks a configured link before anything is fetched for it. */
export function chatLinkProblem(link: string): ChatLinkProblem | null {
  if (link.trim() === '') return 'missing';
  return safeUrl(link.trim()) === null ? 'unsafe' : null;
}

function fill(source: ChatLinkSource, { key, address }: ChatCredentials): string {
  const link = source.link.trim();
  const templated = link.includes(KEY_PLACEHOLDER) || link.includes(ADDRESS_PLACEHOLDER);
  if (!templated && source.settingsFragment) {
    const settings = encodeURIComponent(JSON.stringify({ key, url: address }));
    return `${link.replace(/\/+$/, '')}/#/?settings=${settings}`;
  }
  return link.replaceAll(KEY_PLACEHOLDER, encodeURIComponent(key)).replaceAll(ADDRESS_PLACEHOLDER, encodeURIComponent(address));
}

/**
 * The address to open: the template filled in, checked again once filled, since that is what the
 * browser loads.
 */
export function buildChatLink(source: ChatLinkSource, credentials: ChatCredentials): ChatLinkResult {
  const problem = chatLinkProblem(source.link);
  if (problem) return { ok: false, problem };
  const url = safeUrl(fill(source, credentials));
  return url === null ? { ok: false, problem: 'unsafe' } : { ok: true, url };
}

/** A Chats entry: new-api's one-key object { name: link }, or a bare link. */
function chatsEntry(entry: unknown): ChatLinkSource {
  if (typeof entry === 'string') return { name: '', link: entry, settingsFragment: false };
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return MISSING;
  const found = Object.entries(entry).find(([, link]) => typeof link === 'string');
  return found ? { name: found[0], link: found[1] as string, settingsFragment: false } : MISSING;
}

/**
 * The link of /chat/:id: entry `id` of Chats (the first without an id); while Chats is empty,
 * ChatLink stands as its only entry.
 */
export function chatSourceAt(status: Pick<SiteStatus, 'chats' | 'chat_link'>, id: string | undefined): ChatLinkSource {
  if (id !== undefined && !/^\d+$/.test(id)) return MISSING;
  const index = id === undefined ? 0 : Number(id);
  const chats = Array.isArray(status.chats) ? status.chats : [];
  if (chats.length > 0) return index < chats.length ? chatsEntry(chats[index]) : MISSING;
  return index === 0 ? { name: '', link: status.chat_link ?? '', settingsFragment: true } : MISSING;
}

/** The link of /chat2link: ChatLink2, or ChatLink while ChatLink2 is empty (a site with one chat app sets only the first). */
export function chat2Source(status: Pick<SiteStatus, 'chat_link' | 'chat_link2'>): ChatLinkSource {
  const second = status.chat_link2 ?? '';
  return { name: '', link: second.trim() === '' ? (status.chat_link ?? '') : second, settingsFragment: true };
}

/**
 * Whether the console may show `url` in a frame: its Content-Security-Policy allows frames from
 * its own origin and from https: only (server common/security-headers.ts).
 */
export function canFrame(url: string, consoleOrigin: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'https:' || parsed.origin === consoleOrigin;
}

/** A chat the token page offers for a token: its label and the console page that opens it. */
export interface ChatChoice {
  label: string;
  path: string;
}

/**
 * The chats a token can open (spec 2 §2): each Chats entry in a frame (/chat/:id, by its name), or
 * ChatLink alone while Chats is empty; then ChatLink2 through the redirect page (/chat2link).
 * Nothing configured, nothing offered.
 */
export function chatChoices(status: Pick<SiteStatus, 'chats' | 'chat_link' | 'chat_link2'>): ChatChoice[] {
  const chats = Array.isArray(status.chats) ? status.chats : [];
  const framed: ChatChoice[] =
    chats.length > 0
      ? chats.map((entry, index) => ({ label: chatsEntry(entry).name || `聊天 ${index + 1}`, path: `/chat/${index}` }))
      : (status.chat_link ?? '').trim() !== ''
        ? [{ label: '聊天', path: '/chat/0' }]
        : [];
  const redirect: ChatChoice[] = (status.chat_link2 ?? '').trim() !== '' ? [{ label: '在新页面中聊天', path: '/chat2link' }] : [];
  return [...framed, ...redirect];
}
