import { useState } from 'react';
import { Button, Input, Message, Modal } from '@arco-design/web-react';
import { IconEdit, IconLeft, IconRight } from '@arco-design/web-react/icon';
import { MSG_CHAT_IMAGE_FAILED, textOfContent, type ChatUserContent } from '@gw/shared';

interface UserMessageProps {
  content: ChatUserContent;
  index: number;
  total: number;
  /** Something streams: no edit meanwhile. */
  busy: boolean;
  onStep: (index: number) => void;
  /** Resolves when the edit was accepted (rejects with the message to show). */
  onEdit: (text: string) => Promise<void>;
}

const imagesOf = (content: ChatUserContent) =>
  typeof content === 'string' ? [] : content.flatMap((part) => (part.type === 'image_url' ? [part.image_url.url] : []));

/** The user's message of a round: text and images, its variants n/total, and the inline editor. */
export function UserMessage({ content, index, total, busy, onStep, onEdit }: UserMessageProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const text = textOfContent(content);
  const images = imagesOf(content);

  const submit = () => {
    onEdit(draft).then(
      () => undefined,
      (error: unknown) => Message.error(error instanceof Error ? error.message : String(error)),
    );
    if (draft.trim()) setEditing(false);
  };

  return (
    <div className="compare-user">
      {editing ? (
        <div className="compare-user-editor">
          <Input.TextArea aria-label="编辑消息" autoSize={{ minRows: 2, maxRows: 8 }} value={draft} onChange={setDraft} />
          <div className="compare-user-editor-actions">
            <Button size="small" onClick={() => setEditing(false)}>
              取消
            </Button>
            <Button size="small" type="primary" onClick={submit}>
              发送
            </Button>
          </div>
        </div>
      ) : (
        <div className="compare-user-bubble">
          {text && <div className="compare-user-text">{text}</div>}
          {images.length > 0 && (
            <div className="compare-user-images">
              {images.map((url) => (
                <button key={url} type="button" className="compare-user-image" onClick={() => setPreview(url)} aria-label="查看图片">
                  <img src={url} alt="" onError={() => Message.error(MSG_CHAT_IMAGE_FAILED)} />
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      {!editing && (
        <div className="compare-user-actions">
          {total > 1 && (
            <span className="compare-steps">
              <Button size="mini" type="text" icon={<IconLeft />} aria-label="上一个版本" disabled={index === 0} onClick={() => onStep(index - 1)} />
              <span>
                {index + 1}/{total}
              </span>
              <Button size="mini" type="text" icon={<IconRight />} aria-label="下一个版本" disabled={index === total - 1} onClick={() => onStep(index + 1)} />
            </span>
          )}
          <Button
            size="mini"
            type="text"
            icon={<IconEdit />}
            aria-label="编辑消息"
            disabled={busy}
            onClick={() => {
              setDraft(text);
              setEditing(true);
            }}
          />
        </div>
      )}
      <Modal title="图片预览" visible={preview !== null} footer={null} onCancel={() => setPreview(null)} unmountOnExit>
        {preview && <img className="compare-preview-image" src={preview} alt="图片预览" />}
      </Modal>
    </div>
  );
}
