import { useState } from 'react';
import { Button, Input, Message } from '@arco-design/web-react';
import { IconPause, IconSend } from '@arco-design/web-react/icon';
import { MSG_CHAT_MESSAGE_REQUIRED, type ChatUploadView } from '@gw/shared';
import { attachPastedImages, ChatUploadList, ImagePickerButton, sendOnEnter, useChatUploads } from '@/components/chat-uploads';

interface CompareInputProps {
  canUploadImages: boolean;
  busy: boolean;
  onSend: (text: string, images: ChatUploadView[]) => void;
  onStop: () => void;
}

/** The message box under the columns: Enter sends, Shift+Enter adds a line; images when every model reads them. */
export function CompareInput({ canUploadImages, busy, onSend, onStop }: CompareInputProps) {
  const [text, setText] = useState('');
  const uploads = useChatUploads({ canUploadImages });

  const send = () => {
    if (busy || uploads.uploading) return;
    if (!text.trim() && uploads.uploaded.length === 0) {
      Message.warning(MSG_CHAT_MESSAGE_REQUIRED);
      return;
    }
    onSend(text.trim(), uploads.uploaded);
    setText('');
    uploads.clear();
  };

  return (
    <div className="compare-input">
      <ChatUploadList files={uploads.files} onRemove={uploads.remove} />
      <Input.TextArea
        aria-label="输入消息"
        placeholder="输入消息，Enter 发送，Shift+Enter 换行"
        autoSize={{ minRows: 2, maxRows: 6 }}
        value={text}
        onChange={setText}
        onPaste={attachPastedImages(uploads.addFiles)}
        onKeyDown={sendOnEnter(send)}
      />
      <div className="compare-input-actions">
        <ImagePickerButton size="small" canUploadImages={canUploadImages} onFiles={uploads.addFiles} />
        {busy ? (
          <Button size="small" status="danger" icon={<IconPause />} onClick={onStop}>
            停止
          </Button>
        ) : (
          <Button size="small" type="primary" icon={<IconSend />} disabled={uploads.uploading} onClick={send}>
            发送
          </Button>
        )}
      </div>
    </div>
  );
}
