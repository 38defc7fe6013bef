/**
 * Model names by which an answer says what it is ("I am Claude", "我是通义千问"). A vote on
 * such a round was not blind; ArenaDropSelfIdentified leaves those votes out of the ratings (the
 * public arena counts them, and so do we by default).
 */
const MODEL_FAMILIES = ['gpt', 'chatgpt', 'claude', 'gemini', 'gemma', 'llama', 'mistral', 'qwen', '通义', '千问', 'deepseek', 'kimi', 'glm', '智谱清言', '文心一言', 'ernie', 'doubao', '豆包', 'grok', 'hunyuan', '混元', '星火', 'baichuan', '百川', 'minimax'];

/** Whether an answer names one of the battle's models, or a known model family, in any case. */
export function namesAModel(answer: string, models: string[]): boolean {
  const text = answer.toLowerCase();
  const asWord = (word: string): boolean => {
    // Latin names as words ("gpt" not inside "egypt"); Chinese ones anywhere.
    if (!/^[a-z]/.test(word)) return text.includes(word);
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      const before = at === 0 ? '' : text[at - 1];
      if (!/[a-z0-9]/.test(before)) return true;
    }
    return false;
  };
  return models.some((model) => model !== '' && text.includes(model.toLowerCase())) || MODEL_FAMILIES.some(asWord);
}
