import { useState } from 'react';
import { Input, Message, Modal } from '@arco-design/web-react';
import { MSG_CHAT_RENAMED, MSG_CHAT_RENAME_TITLE, type TalkingView } from '@gw/shared';
import { showChatError } from '@/api/chat-models';
import { renameTalking } from '@/api/talkings';
import { checkTalkingName } from './talking-name';

interface RenameTalkingModalProps {
  /** The chat being renamed; null when the dialog is closed. */
  talking: TalkingView | null;
  onClose: () => void;
  /** After the server took the new name (not called when the name did not change). */
  onRenamed: (talking: TalkingView) => void;
}

/** The rename dialog of a past chat (spec 3 §2.10, §5): the name is checked, and sent only when it changed. */
export function RenameTalkingModal({ talking, onClose, onRenamed }: RenameTalkingModalProps) {
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<TalkingView | null>(null);
  // A newly opened dialog starts from the chat's current name.
  if (talking !== editing) {
    setEditing(talking);
    setDraft(talking?.name ?? '');
  }

  const submit = async () => {
    if (!talking) return;
    const problem = checkTalkingName(draft);
    if (problem) {
      Message.error(problem);
      return;
    }
    const name = draft.trim();
    if (name !== talking.name) {
      try {
        await renameTalking(talking.id, name);
      } catch (error) {
        showChatError(error);
        return;
      }
      Message.success(MSG_CHAT_RENAMED);
      onRenamed({ ...talking, name });
    }
    onClose();
  };

  return (
    <Modal title={MSG_CHAT_RENAME_TITLE} visible={talking !== null} onOk={() => submit()} onCancel={onClose} unmountOnExit>
      <Input aria-label="对话名称" value={draft} onChange={setDraft} onPressEnter={() => void submit()} />
    </Modal>
  );
}
