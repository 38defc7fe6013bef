import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { TOKEN_STATUS } from '@gw/shared';
import type { Token } from '@/api/tokens';
import { chatChoices } from '@/lib/chat-link';
import { useStatusStore } from '@/stores/status';

/**
 * 聊天 on an enabled token's row: opens a configured chat (chatChoices) with this token's key
 * (`?token=<id>`, read by the chat pages), a menu when several are configured. A disabled token's
 * key would be refused, and with no chat configured there is nothing to open: then no button.
 */
export function ChatMenu({ token }: { token: Token }) {
  const navigate = useNavigate();
  const status = useStatusStore((state) => state.status);
  const choices = status ? chatChoices(status) : [];
  if (token.status !== TOKEN_STATUS.ENABLED || choices.length === 0) return null;

  const handleOpen = (path: string) => navigate(`${path}?token=${token.id}`);
  const button = (
    <Button type="text" size="small" aria-label={`聊天 ${token.name}`} onClick={choices.length === 1 ? () => handleOpen(choices[0].path) : undefined}>
      聊天
    </Button>
  );
  if (choices.length === 1) return button;
  return (
    <Dropdown
      trigger="click"
      droplist={
        <Menu onClickMenuItem={handleOpen}>
          {choices.map((choice) => (
            <Menu.Item key={choice.path}>{choice.label}</Menu.Item>
          ))}
        </Menu>
      }
    >
      {button}
    </Dropdown>
  );
}
