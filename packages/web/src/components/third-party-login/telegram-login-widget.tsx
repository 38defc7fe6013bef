import { useEffect, useRef } from 'react';

/** Telegram's official login widget; Telegram sends the browser to the auth URL after sign-in. */
export function TelegramLoginWidget({ botName }: { botName: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'medium');
    script.setAttribute('data-auth-url', '/api/oauth/telegram/login');
    host.appendChild(script);
    return () => {
      host.innerHTML = '';
    };
  }, [botName]);
  return <div ref={container} />;
}
