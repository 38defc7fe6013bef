import { useEffect, useRef } from 'react';

interface TurnstileApi {
  render: (element: HTMLElement, options: { sitekey: string; callback: (token: string) => void }) => string;
  remove: (widgetId: string) => void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** Shown when a form is sent before the widget has produced a token (spec 1 §5). */
export const MSG_TURNSTILE_PENDING = '请稍后几秒重试，Turnstile 正在检查用户环境！';

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let scriptLoading: Promise<void> | undefined;

function loadTurnstile(): Promise<void> {
  // Already on the page (loaded by another widget or embedded by the site): no second script.
  if (window.turnstile) return Promise.resolve();
  scriptLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoading = undefined;
      reject(new Error('Turnstile failed to load'));
    };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

interface TurnstileWidgetProps {
  siteKey: string;
  /** Called with the token once the check passes. */
  onVerify: (token: string) => void;
}

/** Cloudflare's human-verification widget, shown when the status has turnstile_check on. */
export function TurnstileWidget({ siteKey, onVerify }: TurnstileWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const handleVerify = useRef(onVerify);
  handleVerify.current = onVerify;

  useEffect(() => {
    let widgetId: string | undefined;
    let cancelled = false;
    loadTurnstile()
      .then(() => {
        if (cancelled || !container.current || !window.turnstile) return;
        widgetId = window.turnstile.render(container.current, { sitekey: siteKey, callback: (token) => handleVerify.current(token) });
      })
      .catch(() => {
        // Without the widget no token arrives; submitting then shows the spec's wait message.
      });
    return () => {
      cancelled = true;
      if (widgetId) window.turnstile?.remove(widgetId);
    };
  }, [siteKey]);

  return <div ref={container} />;
}
