import { Message } from '@arco-design/web-react';
import { showError, type ApiReply } from '@/api/http';

/**
 * Runs a call whose reply data may be empty and returns the reply when it succeeded. A failure is
 * shown (the reply's message, or the generic handler of spec 1 §8) and gives undefined.
 * (`call` from api/http returns the data, which cannot tell success from an empty data field.)
 */
export async function attempt<T>(promise: Promise<ApiReply<T>>): Promise<ApiReply<T> | undefined> {
  try {
    const reply = await promise;
    if (reply.success) return reply;
    Message.error(reply.message);
  } catch (error) {
    showError(error);
  }
  return undefined;
}
