import { Message, Modal, Typography } from '@arco-design/web-react';
import { callOk } from '@/api/http';
import { telegramBind, type TelegramAuthData } from '@/api/oauth';
import { TelegramLoginWidget } from '@/components/third-party-login/telegram-login-widget';

interface TelegramBindModalProps {
  visible: boolean;
  botName: string | undefined;
  onClose: () => void;
  onBound: () => void;
}

/** Shows Telegram's login widget; the signed account it returns is bound with GET /api/oauth/telegram/bind. */
export function TelegramBindModal({ visible, botName, onClose, onBound }: TelegramBindModalProps) {
  const handleAuth = async (data: TelegramAuthData) => {
    if (!(await callOk(telegramBind(data)))) return;
    Message.success('Telegram 账户绑定成功！');
    onClose();
    onBound();
  };

  return (
    <Modal title="绑定 Telegram" visible={visible} footer={null} onCancel={onClose} unmountOnExit>
      {botName ? <TelegramLoginWidget botName={botName} size="large" onAuth={handleAuth} /> : <Typography.Text type="error">管理员未配置 Telegram Bot</Typography.Text>}
    </Modal>
  );
}
