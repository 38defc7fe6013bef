import type { ChatMessageStatus, ChatMessageView, ConversationView, TalkingExportFormat, TalkingView } from '@gw/shared';

/** One answer of a round in an export: every variant (regenerated or after an edited query) is kept. */
export interface ExportedAnswer {
  /** The query this answer replied to (an edited query differs from the round's). */
  query: string;
  answer: string;
  thinking: string;
  status: ChatMessageStatus;
  quota: number;
  first_token_ms: number;
  duration_ms: number;
}

/** One turn of the talking: what the user asked and every model's answers to it. */
export interface ExportedRound {
  /** The id of the turn's first stored row (the earliest round_id among the models). */
  round_id: number;
  query: string;
  /** Model name → its answers, oldest first. */
  answers: Record<string, ExportedAnswer[]>;
}

export interface TalkingExport {
  talking: TalkingView;
  conversations: ConversationView[];
  rounds: ExportedRound[];
}

/**
 * Gathers a talking's rows into turns. Each conversation numbers its own rounds (round_id is the id
 * of the round's first row in that column), so the columns are lined up by turn: the n-th round of
 * every column, in the order they were first sent, answers the n-th message of the user.
 */
export function buildTalkingExport(talking: TalkingView, conversations: ConversationView[], messages: ChatMessageView[]): TalkingExport {
  const rounds: ExportedRound[] = [];
  for (const conversation of conversations) {
    const rows = messages.filter((row) => row.conversation_id === conversation.id).sort((a, b) => a.round_id - b.round_id || a.id - b.id);
    const roundIds = [...new Set(rows.map((row) => row.round_id))];
    roundIds.forEach((roundId, turn) => {
      const inRound = rows.filter((row) => row.round_id === roundId);
      const first = inRound.find((row) => row.id === roundId) ?? inRound[0];
      const round = (rounds[turn] ??= { round_id: roundId, query: first.query, answers: {} });
      if (roundId < round.round_id) Object.assign(round, { round_id: roundId, query: first.query });
      const answers = (round.answers[conversation.model_name] ??= []);
      answers.push(...inRound.map(exportedAnswer));
    });
  }
  return { talking, conversations, rounds };
}

const exportedAnswer = (row: ChatMessageView): ExportedAnswer => ({
  query: row.query,
  answer: row.answer,
  thinking: row.thinking,
  status: row.status,
  quota: row.quota,
  first_token_ms: row.first_token_ms,
  duration_ms: row.duration_ms,
});

const STATUS_LABELS: Record<ChatMessageStatus, string> = { streaming: '生成中', done: '已完成', stopped: '已停止', error: '出错' };

/** Text quoted as a Markdown block quote, line by line. */
const quoted = (text: string): string =>
  text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');

/** The talking as Markdown: one section per turn, each model's answers (all variants) under it. */
export function talkingMarkdown(data: TalkingExport): string {
  const lines: string[] = [`# ${data.talking.name}`, ''];
  if (data.talking.summary) lines.push(data.talking.summary, '');
  lines.push(`模型：${data.conversations.map((conversation) => conversation.model_name).join('、') || '无'}`, '');
  data.rounds.forEach((round, index) => {
    lines.push(`## 第 ${index + 1} 轮`, '', '**用户：**', '', round.query, '');
    for (const [model, answers] of Object.entries(round.answers)) {
      lines.push(`### ${model}`, '');
      answers.forEach((answer, variant) => {
        const facts = [STATUS_LABELS[answer.status], `首字 ${answer.first_token_ms} ms`, `用时 ${answer.duration_ms} ms`, `额度 ${answer.quota}`];
        lines.push(`#### 回答 ${variant + 1}/${answers.length}（${facts.join('，')}）`, '');
        if (answer.query !== round.query) lines.push('**编辑后的问题：**', '', answer.query, '');
        if (answer.thinking) lines.push('**思考过程：**', '', quoted(answer.thinking), '');
        lines.push(answer.answer || '（无回答）', '');
      });
    }
  });
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * The Content-Disposition of a download named after the talking: an ASCII fallback without
 * anything a header or a file system could misread, and the UTF-8 name in filename* (RFC 6266).
 */
export function exportDisposition(talking: TalkingView, format: TalkingExportFormat): string {
  const extension = format === 'json' ? 'json' : 'md';
  // eslint-disable-next-line no-control-regex
  const name = `${talking.name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').trim() || 'talking'}.${extension}`;
  const fallback = `talking-${talking.id}.${extension}`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** encodeURIComponent leaves ' ( ) * as they are; RFC 5987's attr-char does not allow them. */
const encodeRfc5987 = (text: string): string => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The file of an export: its body and content type. */
export function talkingExportFile(data: TalkingExport, format: TalkingExportFormat): { body: string; contentType: string } {
  if (format === 'json') return { body: `${JSON.stringify(data, null, 2)}\n`, contentType: 'application/json; charset=utf-8' };
  return { body: talkingMarkdown(data), contentType: 'text/markdown; charset=utf-8' };
}
