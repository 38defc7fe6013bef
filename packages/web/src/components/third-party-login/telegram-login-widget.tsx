import { useEffect, useRef } from 'react';
import type { TelegramAuthData } from '@/api/oauth';

const WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';

/** The global the widget's `data-onauth` calls; one widget is on a page at a time. */
const CALLBACK = 'onTelegramAuth';

declare global {
  interface Window {
    [CALLBACK]?: (data: TelegramAuthData) => void;
  }
}

interface TelegramLoginWidgetProps {
  botName: string;
  size?: 'small' | 'medium' | 'large';
  /** Receives the signed widget data, which the server checks with the bot token. */
  onAuth: (data: TelegramAuthData) => void;
}

/**
 * Telegram's official login widget. Its data comes back through a callback (not a redirect to an
 * API address), so the console sends it with the usual headers and shows the reply.
 */
export function TelegramLoginWidget({ botName, size = 'medium', onAuth }: TelegramLoginWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const onAuthRef = useRef(onAuth);
  onAuthRef.current = onAuth;

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    window[CALLBACK] = (data) => onAuthRef.current(data);
    const script = document.createElement('script');
    script.src = WIDGET_SCRIPT;
    script.async = true;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', size);
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-onauth', `${CALLBACK}(user)`);
    host.appendChild(script);
    return () => {
      host.replaceChildren();
      delete window[CALLBACK];
    };
  }, [botName, size]);

  return <div ref={container} data-testid="telegram-login-widget" />;
}
