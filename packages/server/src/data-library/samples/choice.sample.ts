import type { SampleDataset } from './sample-dataset';

const options = (...values: string[]) => values.map((value, index) => ({ key: String.fromCharCode(65 + index), value }));

/** Single-answer multiple choice with lettered options: the `array` field kind. */
export const CHOICE_SAMPLE: SampleDataset = {
  name: '小学数学选择题',
  description: '覆盖四则运算、分数、几何与应用题的小学数学单选题，每题四个选项，附答案与解析。',
  tag: '热门,教育',
  data_type: '选择题,数学',
  data_format: { options: 'array', knowledge_point: 'array' },
  readme: {
    title: '小学数学选择题',
    fields: [
      { name: 'id', description: '题目编号' },
      { name: 'question', description: '题干' },
      {
        name: 'options',
        description: '选项列表，按 A、B、C、D 排列',
        subfields: [
          { name: 'key', description: '选项字母' },
          { name: 'value', description: '选项内容' },
        ],
      },
      { name: 'answer', description: '正确选项的字母' },
      { name: 'analyzing', description: '解题思路' },
      { name: 'knowledge_point', description: '考查的知识点，可有多个' },
    ],
  },
  image_field: '',
  records: [
    { id: 1, question: '36 ÷ 4 × 3 的结果是多少？', options: options('3', '27', '12', '48'), answer: 'B', analyzing: '同级运算从左往右算：36 ÷ 4 = 9，9 × 3 = 27。', knowledge_point: [{ value: '四则运算' }] },
    { id: 2, question: '下面哪个分数与 3/4 相等？', options: options('6/9', '9/16', '12/16', '4/3'), answer: 'C', analyzing: '分子分母同乘 4：3/4 = 12/16。', knowledge_point: [{ value: '分数的基本性质' }] },
    { id: 3, question: '一个长方形长 8 厘米、宽 5 厘米，它的周长是多少厘米？', options: options('13', '40', '26', '21'), answer: 'C', analyzing: '周长 = (长 + 宽) × 2 = (8 + 5) × 2 = 26 厘米。', knowledge_point: [{ value: '长方形周长' }] },
    { id: 4, question: '小明有 24 张卡片，送给同学其中的 1/3，他还剩几张？', options: options('8', '16', '12', '21'), answer: 'B', analyzing: '送出 24 × 1/3 = 8 张，剩下 24 − 8 = 16 张。', knowledge_point: [{ value: '分数乘法' }, { value: '应用题' }] },
    { id: 5, question: '0.25 化成百分数是多少？', options: options('2.5%', '25%', '0.25%', '250%'), answer: 'B', analyzing: '小数化百分数，小数点向右移动两位再加百分号：25%。', knowledge_point: [{ value: '百分数' }] },
    { id: 6, question: '一个三角形的两个内角分别是 50° 和 70°，第三个角是多少度？', options: options('60°', '50°', '70°', '80°'), answer: 'A', analyzing: '三角形内角和是 180°：180° − 50° − 70° = 60°。', knowledge_point: [{ value: '三角形内角和' }] },
    { id: 7, question: '下列各数中，最接近 1 的是哪一个？', options: options('0.9', '1.2', '0.99', '1.05'), answer: 'C', analyzing: '与 1 的差分别是 0.1、0.2、0.01、0.05，0.99 最接近。', knowledge_point: [{ value: '小数大小比较' }] },
    { id: 8, question: '一辆车每小时行驶 60 千米，行驶 150 千米需要多少小时？', options: options('2', '2.5', '3', '90'), answer: 'B', analyzing: '时间 = 路程 ÷ 速度 = 150 ÷ 60 = 2.5 小时。', knowledge_point: [{ value: '行程问题' }, { value: '应用题' }] },
    { id: 9, question: '棱长为 3 厘米的正方体，体积是多少立方厘米？', options: options('9', '18', '27', '54'), answer: 'C', analyzing: '正方体体积 = 棱长 × 棱长 × 棱长 = 3 × 3 × 3 = 27。', knowledge_point: [{ value: '正方体体积' }] },
    { id: 10, question: '12 和 18 的最大公因数是多少？', options: options('2', '3', '6', '36'), answer: 'C', analyzing: '12 的因数有 1、2、3、4、6、12，18 的因数有 1、2、3、6、9、18，公共的最大为 6。', knowledge_point: [{ value: '最大公因数' }] },
  ],
};
