import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { MSG_CHAT_LANDING_TITLE, MSG_CHAT_MESSAGE_REQUIRED, MSG_CHAT_MODEL_REQUIRED, MSG_CHAT_NO_IMAGE_SUPPORT, chatTitleOf } from '@gw/shared';
import { useChatUploads } from '@/components/chat-uploads';
import type { CompareLaunchState, LandingState, SelectedModel } from '@/pages/multi-model-compare/launch-state';
import { MessageBox } from './message-box';
import { ModelConfigPanel } from './model-config-panel';
import { useLandingModels } from './use-landing-models';
import './multi-model-chat.css';

/** The models handed back by a compare chat's "new conversation", when the router state has them. */
function initialModels(state: unknown): SelectedModel[] | null {
  const models = (state as Partial<LandingState> | null)?.models;
  return Array.isArray(models) && models.length > 0 ? models : null;
}

/** The multi-model chat landing page (spec 3 §2.9): write the first message, choose up to 3 models, send. */
export default function MultiModelChatPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the state of the visit that opened the page.
  const [initial] = useState(() => initialModels(location.state));
  const { models, historyModels, selected, add, replace, remove, setParams } = useLandingModels(initial);
  const canUploadImages = selected.length > 0 && selected.every((item) => item.model.is_viewable);
  const uploads = useChatUploads({ canUploadImages });
  const [text, setText] = useState('');
  const [thinking, setThinking] = useState(false);
  const showThinking = selected.some((item) => item.model.is_deep_seek);

  const handleSend = () => {
    if (uploads.uploading) {
      Message.warning('图片上传中，请稍候');
      return;
    }
    const uploadedFiles = uploads.uploaded;
    if (text.trim() === '' && uploadedFiles.length === 0) {
      Message.warning(MSG_CHAT_MESSAGE_REQUIRED);
      return;
    }
    if (selected.length === 0) {
      Message.warning(MSG_CHAT_MODEL_REQUIRED);
      return;
    }
    // Images attached before a text-only model was added would reach a model that cannot read them.
    if (uploadedFiles.length > 0 && !canUploadImages) {
      Message.warning(MSG_CHAT_NO_IMAGE_SUPPORT);
      return;
    }
    const state: CompareLaunchState = {
      kind: 'new',
      initialMessage: text,
      chatTitle: text.trim() ? chatTitleOf(text) : uploadedFiles[0].name,
      models: selected,
      enableThinking: showThinking && thinking,
      uploadedFiles,
    };
    navigate('/multi-model-compare', { state });
  };

  return (
    <div className="multi-chat">
      <div className="multi-chat-main">
        <h1 className="multi-chat-title">{MSG_CHAT_LANDING_TITLE}</h1>
        <MessageBox
          text={text}
          onTextChange={setText}
          onSend={handleSend}
          uploads={uploads}
          canUploadImages={canUploadImages}
          showThinking={showThinking}
          thinking={thinking}
          onThinkingChange={setThinking}
        />
      </div>
      <ModelConfigPanel
        models={models}
        historyModels={historyModels}
        selected={selected}
        onAdd={add}
        onReplace={replace}
        onRemove={remove}
        onParamsChange={setParams}
      />
    </div>
  );
}
