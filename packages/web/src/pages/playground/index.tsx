import { useState } from 'react';
import { Card, Grid } from '@arco-design/web-react';
import { TEMPERATURE, pickDefaultModel } from './defaults';
import { ChatInput } from './chat-input';
import type { ChatSettings } from './chat-turn';
import { MessageList } from './message-list';
import { SettingsPanel } from './settings-panel';
import { useChat } from './use-chat';
import { useModels } from './use-models';
import './playground.css';

/** The playground (spec 2 §2): chat with a model through POST /pg/chat/completions, streamed. */
export default function PlaygroundPage() {
  const { models, loading } = useModels();
  const chat = useChat();
  const [chosen, setChosen] = useState<Omit<ChatSettings, 'model'> & { model?: string }>({
    temperature: TEMPERATURE.initial,
    systemPrompt: '',
  });
  // Until the user picks one, the model is the default among those offered.
  const settings: ChatSettings = { ...chosen, model: chosen.model ?? pickDefaultModel(models) ?? '' };

  const handleSettingsChange = (patch: Partial<ChatSettings>) => setChosen((current) => ({ ...current, ...patch }));

  return (
    <Card title="操练场">
      <Grid.Row gutter={24}>
        <Grid.Col xs={24} lg={6}>
          <SettingsPanel models={models} loadingModels={loading} settings={settings} onChange={handleSettingsChange} />
        </Grid.Col>
        <Grid.Col xs={24} lg={18}>
          <div className="playground-chat">
            <MessageList turns={chat.turns} />
            <ChatInput
              streaming={chat.streaming}
              canSend={settings.model !== ''}
              onSend={(text) => void chat.send(text, settings)}
              onStop={chat.stop}
              onClear={chat.clear}
            />
          </div>
        </Grid.Col>
      </Grid.Row>
    </Card>
  );
}
