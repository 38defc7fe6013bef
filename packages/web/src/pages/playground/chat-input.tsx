import { useState, type KeyboardEvent } from 'react';
import { Button, Input, Space } from '@arco-design/web-react';
import { IconDelete, IconRecordStop, IconSend } from '@arco-design/web-react/icon';

interface ChatInputProps {
  streaming: boolean;
  canSend: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  onClear: () => void;
}

/** The message box: Enter sends, Shift+Enter starts a new line; stop while an answer streams. */
export function ChatInput({ streaming, canSend, onSend, onStop, onClear }: ChatInputProps) {
  const [text, setText] = useState('');
  const sendable = canSend && !streaming && text.trim() !== '';

  const handleSend = () => {
    if (!sendable) return;
    onSend(text);
    setText('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter that confirms an IME composition (pinyin and the like) must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    handleSend();
  };

  return (
    <div className="playground-input">
      <Input.TextArea
        aria-label="消息"
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder="输入消息，Enter 发送，Shift+Enter 换行"
        value={text}
        onChange={setText}
        onKeyDown={handleKeyDown}
      />
      <Space className="playground-actions">
        <Button icon={<IconDelete />} onClick={onClear}>
          清空对话
        </Button>
        {streaming ? (
          <Button status="warning" icon={<IconRecordStop />} onClick={onStop}>
            停止
          </Button>
        ) : (
          <Button type="primary" icon={<IconSend />} disabled={!sendable} onClick={handleSend}>
            发送
          </Button>
        )}
      </Space>
    </div>
  );
}
