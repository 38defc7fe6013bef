import { useEffect, useRef, useState } from 'react';
import { describeError, showError } from '@/api/http';
import { streamChatCompletion } from '@/api/playground';
import { readChatDeltas } from './chat-stream';
import { buildChatRequest, newTurn, type ChatSettings, type ChatTurn } from './chat-turn';

/**
 * The conversation and the answer in flight: send streams the answer into a new assistant turn,
 * stop aborts the request (keeping what arrived), clear starts over.
 */
export function useChat() {
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [streaming, setStreaming] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);

  // Leaving the page ends the answer in flight.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const patchTurn = (id: number, patch: (turn: ChatTurn) => Partial<ChatTurn>) =>
    setTurns((current) => current.map((turn) => (turn.id === id ? { ...turn, ...patch(turn) } : turn)));

  const send = async (text: string, settings: ChatSettings) => {
    if (controllerRef.current) return;
    const question = newTurn('user', text);
    const answer = { ...newTurn('assistant'), streaming: true };
    const conversation = [...turns, question];
    setTurns([...conversation, answer]);
    setStreaming(true);
    const controller = new AbortController();
    controllerRef.current = controller;
    try {
      const body = await streamChatCompletion(buildChatRequest(settings, conversation), controller.signal);
      for await (const delta of readChatDeltas(body)) {
        patchTurn(answer.id, (turn) => ({ content: turn.content + delta.content, reasoning: turn.reasoning + delta.reasoning }));
      }
    } catch (error) {
      if (controller.signal.aborted) {
        patchTurn(answer.id, () => ({ stopped: true }));
      } else {
        showError(error);
        patchTurn(answer.id, () => ({ error: describeError(error) }));
      }
    } finally {
      patchTurn(answer.id, () => ({ streaming: false }));
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setStreaming(false);
      }
    }
  };

  const stop = () => controllerRef.current?.abort();

  const clear = () => {
    stop();
    setTurns([]);
  };

  return { turns, streaming, send, stop, clear };
}
