import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, Dropdown, Menu, Message, Spin } from '@arco-design/web-react';
import { IconDownload, IconPlus, IconSettings } from '@arco-design/web-react/icon';
import { MSG_CHAT_DELETED, MSG_CHAT_MODEL_SWITCHED, MSG_CHAT_NO_MULTIMODAL_TO_TEXT, type ChatModelView, type ChatUploadView, type TalkingExportFormat, type TalkingView } from '@gw/shared';
import { ModelParamsModal } from '@/components/model-params';
import { showChatError } from '@/api/chat-models';
import { deleteConversation, downloadTalkingExport, reasonOf, switchConversationModel } from '@/api/talkings';
import { isBusy, useCompareChatStore, type ChatSession } from '@/stores/compare-chat';
import { AnswerCell } from './answer-cell';
import { ArenaMarker } from './arena-marker';
import { ArenaSessionHeader } from './arena-session-header';
import { roundHasId, votableRoundId, voteResultText } from './arena-vote';
import { CompareInput } from './compare-input';
import { HistoryPopup } from './history-popup';
import { talkingHistoryLink, type LandingState } from './launch-state';
import { messageContent } from './message-content';
import { SessionHeader } from './session-header';
import { TitleEditor } from './title-editor';
import { entryOf, useCompareSetup } from './use-compare-setup';
import { useArenaVote } from './use-arena-vote';
import { useChatScroll } from './use-chat-scroll';
import { UserMessage } from './user-message';
import { VoteBar } from './vote-bar';
import './multi-model-compare.css';

const showMessage = (error: unknown) => Message.error(error instanceof Error ? error.message : String(error));

/**
 * The compare page (spec 3 §2.10): one column per model, the rounds asked of all of them. An arena
 * battle (issue 33) names its columns by place until it is voted, under its latest round.
 */
export default function MultiModelComparePage() {
  const location = useLocation();
  const params = useParams<{ id: string }>();
  const navigate = useNavigate();
  const entry = useMemo(() => entryOf(location.state, params.id), [location.state, params.id]);
  const { talking, setTalking, models, loading } = useCompareSetup(entry);
  const sessions = useCompareChatStore((state) => state.sessions);
  const rounds = useCompareChatStore((state) => state.rounds);
  const store = useCompareChatStore.getState;
  const [settingsFor, setSettingsFor] = useState<string | null>(null);
  const scrollBox = useRef<HTMLDivElement>(null);
  const arenaVote = useArenaVote(talking, setTalking);

  const busy = sessions.some(isBusy);
  const isArena = talking.mode === 'arena';
  // The answers of a battle still blind: their cost and speed would tell the models apart too.
  const blind = isArena && !talking.revealed;
  // One vote per battle, on the round just read: the bar sits under the latest round once it can be judged.
  const lastRound = rounds.at(-1);
  const roundToVote = blind && !busy && lastRound ? votableRoundId(lastRound, sessions) : null;
  const several = sessions.length > 1;
  const modelOf = (name: string): ChatModelView | undefined => models.find((model) => model.name === name);
  const canUploadImages = sessions.length > 0 && sessions.every((session) => modelOf(session.modelName)?.is_viewable === true);
  useChatScroll(scrollBox, { streaming: busy, content: rounds, onReachTop: () => void store().loadEarlier() });

  const openTalking = (item: TalkingView) => {
    const { to, state } = talkingHistoryLink(item);
    navigate(to, { state });
  };

  const newChat = () => {
    const state: LandingState = {
      models: sessions.flatMap((session) => {
        const model = modelOf(session.modelName);
        return model ? [{ model, params: session.params }] : [];
      }),
      ...(isArena ? { mode: 'arena' as const } : {}),
    };
    navigate('/multi-model-chat', { state });
  };

  const exportAs = (format: TalkingExportFormat) => {
    if (talking.id === null) return;
    downloadTalkingExport(talking.id, format, talking.title || 'chat').catch(showChatError);
  };

  const switchModel = async (session: ChatSession, name: string) => {
    const from = modelOf(session.modelName);
    const to = modelOf(name);
    if (from?.is_viewable && to && !to.is_viewable) {
      Message.error(MSG_CHAT_NO_MULTIMODAL_TO_TEXT);
      return;
    }
    try {
      await switchConversationModel(session.conversationId, name);
    } catch (error) {
      Message.error(reasonOf(error));
      return;
    }
    store().setModel(session.id, name);
    Message.success(MSG_CHAT_MODEL_SWITCHED);
  };

  const removeSession = async (session: ChatSession) => {
    try {
      await deleteConversation(session.conversationId);
    } catch (error) {
      showChatError(error);
      return;
    }
    store().removeSession(session.id);
    Message.success(MSG_CHAT_DELETED);
  };

  const send = (text: string, images: ChatUploadView[]) => void store().send(messageContent(text, images));

  const settingsSession = sessions.find((session) => session.id === settingsFor);

  return (
    <div className="compare-page">
      <header className="compare-header">
        <Button size="small" icon={<IconPlus />} onClick={newChat}>
          新对话
        </Button>
        <TitleEditor talkingId={talking.id} title={talking.title} onRenamed={(name) => setTalking((current) => ({ ...current, title: name }))} />
        {isArena && <ArenaMarker talking={talking} />}
        <div className="compare-header-actions">
          {sessions.length === 1 && (
            <Button size="small" icon={<IconSettings />} aria-label="参数设置" onClick={() => setSettingsFor(sessions[0].id)} />
          )}
          <Dropdown
            trigger="click"
            droplist={
              <Menu onClickMenuItem={(key) => exportAs(key as TalkingExportFormat)}>
                <Menu.Item key="markdown">导出 Markdown</Menu.Item>
                <Menu.Item key="json">导出 JSON</Menu.Item>
              </Menu>
            }
          >
            <Button size="small" icon={<IconDownload />} disabled={talking.id === null}>
              导出
            </Button>
          </Dropdown>
          <HistoryPopup
            currentId={talking.id}
            onOpen={openTalking}
            onRenamed={(item) => item.id === talking.id && setTalking((current) => ({ ...current, title: item.name }))}
            onCurrentDeleted={(next) => (next ? openTalking(next) : navigate('/multi-model-chat'))}
          />
        </div>
      </header>
      <div ref={scrollBox} className="compare-scroll">
        {loading && <Spin className="compare-loading" />}
        <div className="compare-columns" style={{ ['--compare-columns' as string]: Math.max(sessions.length, 1) }}>
          {sessions.map((session) => (
            <div key={session.id} className="compare-column-head">
              {session.arenaLabel ? (
                <ArenaSessionHeader session={session} winner={arenaVote.vote?.winner === session.arenaLabel} />
              ) : (
                <SessionHeader
                  session={session}
                  models={models}
                  several={several}
                  busy={busy}
                  onSwitch={(name) => void switchModel(session, name)}
                  onSettings={() => setSettingsFor(session.id)}
                  onDelete={() => removeSession(session)}
                />
              )}
              {session.error && !isBusy(session) && (
                <div className="compare-session-error" role="alert">
                  {session.error}
                </div>
              )}
            </div>
          ))}
        </div>
        {rounds.map((round) => {
          const variant = round.variants[round.userIndex];
          return (
            <section key={round.key} className="compare-round" aria-label="对话轮次">
              <UserMessage
                content={variant.content}
                index={round.userIndex}
                total={round.variants.length}
                busy={busy}
                onStep={(index) => store().setUserIndex(round.key, index)}
                onEdit={(text) => store().edit(round.key, text)}
              />
              <div className="compare-columns" style={{ ['--compare-columns' as string]: Math.max(sessions.length, 1) }}>
                {sessions.map((session) => (
                  <AnswerCell
                    key={session.id}
                    session={session}
                    side={variant.bySession[session.id]}
                    busy={busy}
                    hideStats={blind}
                    onStep={(index) => store().setResponseIndex(round.key, session.id, index)}
                    onRegenerate={() => store().regenerate(session.id, round.key).catch(showMessage)}
                  />
                ))}
              </div>
              {round === lastRound && roundToVote !== null && (
                <VoteBar sessions={sessions} voting={arenaVote.voting} onVote={(winner) => void arenaVote.handleVote(roundToVote, winner)} />
              )}
              {arenaVote.vote && roundHasId(round, arenaVote.vote.round_id) && (
                <div className="arena-result" role="status">
                  {voteResultText(arenaVote.vote)}
                </div>
              )}
            </section>
          );
        })}
      </div>
      <CompareInput canUploadImages={canUploadImages} busy={busy} onSend={send} onStop={() => void store().stopAll()} />
      <ModelParamsModal
        visible={settingsFor !== null && settingsSession !== undefined}
        model={settingsSession ? (modelOf(settingsSession.modelName) ?? null) : null}
        value={settingsSession?.params ?? {}}
        onOk={(value) => {
          if (settingsSession) store().setParams(settingsSession.id, value);
          setSettingsFor(null);
        }}
        onCancel={() => setSettingsFor(null)}
      />
    </div>
  );
}
