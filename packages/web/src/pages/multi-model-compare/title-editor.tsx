import { useEffect, useState } from 'react';
import { Button, Input, Message } from '@arco-design/web-react';
import { IconEdit } from '@arco-design/web-react/icon';
import { MSG_CHAT_RENAMED } from '@gw/shared';
import { showChatError } from '@/api/chat-models';
import { renameTalking } from '@/api/talkings';
import { checkTalkingName } from './talking-name';

interface TitleEditorProps {
  talkingId: number | null;
  title: string;
  onRenamed: (name: string) => void;
}

/** The chat's title; click the pencil to rename it (sent only when it changed). */
export function TitleEditor({ talkingId, title, onRenamed }: TitleEditorProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const [saving, setSaving] = useState(false);

  useEffect(() => setDraft(title), [title]);

  const submit = async () => {
    if (saving) return;
    const problem = checkTalkingName(draft);
    if (problem) {
      Message.error(problem);
      return;
    }
    const name = draft.trim();
    if (name === title || talkingId === null) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      await renameTalking(talkingId, name);
      Message.success(MSG_CHAT_RENAMED);
      onRenamed(name);
      setEditing(false);
    } catch (error) {
      showChatError(error);
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <div className="compare-title">
        <span className="compare-title-text" title={title}>
          {title}
        </span>
        <Button size="mini" type="text" icon={<IconEdit />} aria-label="重命名对话" disabled={talkingId === null} onClick={() => setEditing(true)} />
      </div>
    );
  }
  return (
    <div className="compare-title">
      <Input
        autoFocus
        size="small"
        aria-label="对话名称"
        value={draft}
        onChange={setDraft}
        onPressEnter={() => void submit()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setDraft(title);
            setEditing(false);
          }
        }}
      />
      <Button size="small" type="primary" loading={saving} onClick={() => void submit()}>
        保存
      </Button>
    </div>
  );
}
