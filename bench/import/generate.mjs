// Writes ROWS lines of JSONL Chinese QA records of about 500 bytes each, streamed to `path`
// (never the whole file in memory): question, answer, four options and a meta object.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const SUBJECTS = ['函数', '数列', '概率', '几何', '向量', '导数', '积分', '矩阵', '物理', '化学', '历史', '地理'];
const PHRASES = [
  '已知条件如下，请根据题意给出完整的推理过程',
  '下列说法中正确的是哪一项，并说明理由',
  '请计算并化简结果，保留两位有效数字',
  '结合图表中的数据，分析其变化趋势及原因',
  '在给定的约束条件下，求目标函数的最大值',
];
const ANSWERS = [
  '根据定义逐步展开，先整理已知量，再代入公式求解，最后检验结果是否满足全部条件。',
  '由题意可知两者成正比例关系，代入数值计算即可，注意单位换算与有效数字的保留。',
  '先画出示意图，利用对称性简化问题，然后分类讨论各种情况，综合得出最终结论。',
];

function record(index) {
  const subject = SUBJECTS[index % SUBJECTS.length];
  return {
    id: index + 1,
    question: `【${subject}·第${index + 1}题】${PHRASES[index % PHRASES.length]}：设 x = ${index % 97}，y = ${index % 89}，求 ${subject}相关的表达式 f(x, y) 的值。`,
    answer: `${ANSWERS[index % ANSWERS.length]}答案为 ${(index * 7) % 1000}。`,
    options: [`A. ${(index * 3) % 100}`, `B. ${(index * 5) % 100}`, `C. ${(index * 11) % 100}`, `D. 以上都不对`],
    meta: { subject, level: (index % 5) + 1, source: '合成基准数据', note: '用于导入性能测试', tags: ['基准', subject] },
  };
}

/** Resolves with the file's size in bytes. */
export async function generateJsonl(path, rows) {
  const out = createWriteStream(path);
  let bytes = 0;
  const LINES_PER_WRITE = 500;
  for (let start = 0; start < rows; start += LINES_PER_WRITE) {
    let text = '';
    for (let index = start; index < Math.min(rows, start + LINES_PER_WRITE); index++) text += `${JSON.stringify(record(index))}\n`;
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}
