import { useEffect, useRef } from 'react';
import { Modal, Typography } from '@arco-design/web-react';

const WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';

interface TelegramBindModalProps {
  visible: boolean;
  botName: string | undefined;
  onClose: () => void;
}

/**
 * Shows Telegram's login widget; Telegram sends the signed-in account to /api/oauth/telegram/bind,
 * which binds it and returns to /setting.
 */
export function TelegramBindModal({ visible, botName, onClose }: TelegramBindModalProps) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!visible || !botName || !container) return;
    const script = document.createElement('script');
    script.async = true;
    script.src = WIDGET_SCRIPT;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-auth-url', `${window.location.origin}/api/oauth/telegram/bind`);
    container.appendChild(script);
    return () => {
      container.replaceChildren();
    };
  }, [visible, botName]);

  return (
    <Modal title="绑定 Telegram" visible={visible} footer={null} onCancel={onClose}>
      {botName ? <div ref={containerRef} /> : <Typography.Text type="error">管理员未配置 Telegram Bot</Typography.Text>}
    </Modal>
  );
}
