import type { ClientChunk } from '../adaptors/adaptor';
import { countPromptTokens } from '../billing/token-count';
import { checkRelayBody } from '../relay-body';
import { OPENAI_FRAMING } from '../stream/client-framing';
import type { InboundFormat } from './inbound-format';

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** OpenAI's API (chat completions and the other /v1 endpoints): the relay's own shape, so nothing is converted. */
export const OPENAI_INBOUND: InboundFormat<ClientChunk> = {
  name: 'openai',
  framing: OPENAI_FRAMING,
  check: checkRelayBody,
  promptTokens: countPromptTokens,
  chatAdaptor: (provider) => provider.chat,
  nativeHeaders: () => NO_HEADERS,
  errorReply: (error) => ({ status: error.status, body: error.toBody() }),
};
