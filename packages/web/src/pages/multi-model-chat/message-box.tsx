import { Button, Input, Switch } from '@arco-design/web-react';
import { IconSend } from '@arco-design/web-react/icon';
import { CHAT_CAPABILITY_LABELS } from '@gw/shared';
import { attachPastedImages, ChatUploadList, type ChatUploads, ImagePickerButton, sendOnEnter } from '@/components/chat-uploads';

interface MessageBoxProps {
  text: string;
  onTextChange: (text: string) => void;
  onSend: () => void;
  uploads: ChatUploads;
  canUploadImages: boolean;
  /** Shown when a chosen model thinks before answering. */
  showThinking: boolean;
  thinking: boolean;
  onThinkingChange: (thinking: boolean) => void;
  placeholder?: string;
}

/** The landing page's message box: Enter sends, Shift+Enter starts a new line; images are picked or pasted. */
export function MessageBox({
  text,
  onTextChange,
  onSend,
  uploads,
  canUploadImages,
  showThinking,
  thinking,
  onThinkingChange,
  placeholder = '输入消息，Enter 发送，Shift+Enter 换行，可粘贴图片',
}: MessageBoxProps) {
  return (
    <div className="multi-chat-box">
      <ChatUploadList files={uploads.files} onRemove={uploads.remove} />
      <Input.TextArea
        aria-label="消息"
        className="multi-chat-textarea"
        autoSize={{ minRows: 3, maxRows: 10 }}
        placeholder={placeholder}
        value={text}
        onChange={onTextChange}
        onKeyDown={sendOnEnter(onSend)}
        onPaste={attachPastedImages(uploads.addFiles)}
      />
      <div className="multi-chat-box-actions">
        <div className="multi-chat-box-tools">
          <ImagePickerButton canUploadImages={canUploadImages} onFiles={uploads.addFiles} />
          {showThinking && (
            <label className="multi-chat-thinking">
              <Switch size="small" checked={thinking} onChange={onThinkingChange} aria-label={CHAT_CAPABILITY_LABELS.thinking} />
              {CHAT_CAPABILITY_LABELS.thinking}
            </label>
          )}
        </div>
        <Button type="primary" shape="circle" icon={<IconSend />} aria-label="发送" disabled={uploads.uploading} onClick={onSend} />
      </div>
    </div>
  );
}
