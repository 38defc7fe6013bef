/** A sample's question as the run asked it: JSON text `{ messages: [...] }` (spec 3 §3 Workflow run). */
export interface ParsedQuestion {
  /** The system prompt(s), '' when none. */
  system: string;
  /** What the user message said: the sample text with the prompt around it. */
  user: string;
}

interface Message {
  role?: unknown;
  content?: unknown;
}

/** A message's text: a plain string, or the text parts of a multimodal content list. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part): part is { type: 'text'; text: string } => typeof part === 'object' && part !== null && part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

const joinRole = (messages: Message[], role: string) =>
  messages
    .filter((message) => message.role === role)
    .map((message) => textOf(message.content))
    .filter((text) => text !== '')
    .join('\n\n');

/** Text that is not the expected JSON is shown as it is: an older or hand-made run still reads. */
export function parseQuestion(text: string): ParsedQuestion {
  try {
    const parsed: unknown = JSON.parse(text);
    const messages = (parsed as { messages?: unknown } | null)?.messages;
    if (!Array.isArray(messages)) return { system: '', user: text };
    return { system: joinRole(messages as Message[], 'system'), user: joinRole(messages as Message[], 'user') };
  } catch {
    return { system: '', user: text };
  }
}
