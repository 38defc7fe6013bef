import type { ChatAdaptor } from '../adaptors/adaptor';

/**
 * A format's conversion over a chat adaptor, made once per chat adaptor (they live as long as the
 * adaptor registry) rather than once per request.
 */
export function perChatAdaptor<T>(make: (chat: ChatAdaptor) => T): (chat: ChatAdaptor) => T {
  const made = new WeakMap<ChatAdaptor, T>();
  return (chat) => {
    let adaptor = made.get(chat);
    if (!adaptor) {
      adaptor = make(chat);
      made.set(chat, adaptor);
    }
    return adaptor;
  };
}
