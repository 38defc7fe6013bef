import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Message, Radio } from '@arco-design/web-react';
import { MSG_CHAT_LANDING_TITLE, MSG_CHAT_MESSAGE_REQUIRED, MSG_CHAT_MODEL_REQUIRED, MSG_CHAT_NO_IMAGE_SUPPORT, chatTitleOf, type TalkingMode } from '@gw/shared';
import { useChatUploads } from '@/components/chat-uploads';
import type { CompareLaunchState, LandingState, SelectedModel } from '@/pages/multi-model-compare/launch-state';
import { ArenaSetup } from './arena-setup';
import { DEFAULT_BATTLE, MSG_ARENA_NO_IMAGES, battleLaunch, battleProblem, type BattleChoice } from './battle-launch';
import { MessageBox } from './message-box';
import { ModelConfigPanel } from './model-config-panel';
import { useLandingModels } from './use-landing-models';
import './multi-model-chat.css';

/** The models handed back by a compare chat's "new conversation", when the router state has them. */
function initialModels(state: unknown): SelectedModel[] | null {
  const models = (state as Partial<LandingState> | null)?.models;
  return Array.isArray(models) && models.length > 0 ? models : null;
}

/** 对战模式 when coming back from a battle's "new conversation". */
const initialMode = (state: unknown): TalkingMode => ((state as Partial<LandingState> | null)?.mode === 'arena' ? 'arena' : 'chat');

/**
 * The multi-model chat landing page (spec 3 §2.9): write the first message, choose up to 3 models,
 * send. In 对战模式 (issue 33) the same start opens a blind battle of the models chosen, or of
 * models drawn at random, instead.
 */
export default function MultiModelChatPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the state of the visit that opened the page.
  const [initial] = useState(() => initialModels(location.state));
  const [mode, setMode] = useState<TalkingMode>(() => initialMode(location.state));
  const [battle, setBattle] = useState<BattleChoice>(DEFAULT_BATTLE);
  const arena = mode === 'arena';
  const { models, historyModels, selected, add, replace, remove, setParams } = useLandingModels(initial);
  // A battle's models may be drawn at random and are hidden: nothing says they read images.
  const canUploadImages = !arena && selected.length > 0 && selected.every((item) => item.model.is_viewable);
  const uploads = useChatUploads({ canUploadImages });
  const [text, setText] = useState('');
  const [thinking, setThinking] = useState(false);
  const showThinking = !arena && selected.some((item) => item.model.is_deep_seek);

  const handleStartBattle = () => {
    if (uploads.uploading || uploads.uploaded.length > 0) {
      Message.warning(MSG_ARENA_NO_IMAGES);
      return;
    }
    const problem = battleProblem(battle, selected.length);
    if (problem) {
      Message.warning(problem);
      return;
    }
    navigate('/multi-model-compare', { state: battleLaunch(battle, text, selected) });
  };

  const handleSend = () => {
    if (arena) {
      handleStartBattle();
      return;
    }
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
        <Radio.Group type="button" className="multi-chat-mode" aria-label="对话模式" value={mode} onChange={(value: TalkingMode) => setMode(value)}>
          <Radio value="chat">多模型对话</Radio>
          <Radio value="arena">对战模式</Radio>
        </Radio.Group>
        <h1 className="multi-chat-title">{arena ? '匿名对战：比较回答，投票揭晓模型' : MSG_CHAT_LANDING_TITLE}</h1>
        <MessageBox
          placeholder={arena ? '输入第一个问题（可选），Enter 开始对战，Shift+Enter 换行' : undefined}
          text={text}
          onTextChange={setText}
          onSend={handleSend}
          uploads={uploads}
          canUploadImages={canUploadImages}
          showThinking={showThinking}
          thinking={thinking}
          onThinkingChange={setThinking}
        />
        {arena && <ArenaSetup choice={battle} onChange={setBattle} selectedCount={selected.length} onStart={handleStartBattle} />}
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
