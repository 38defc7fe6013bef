import type { SampleDataset } from './sample-dataset';

/** The pictures shipped in packages/server/assets/samples/ (drawn by assets/make-sample-images.mjs). */
export const SAMPLE_IMAGES = ['circle.png', 'square.png', 'triangle.png', 'bars.png'] as const;

const ask = (id: number, image: (typeof SAMPLE_IMAGES)[number], text: string, answer: string, skill: string) => ({
  id,
  question: { image, text },
  answer,
  image,
  meta: { skill },
});

/**
 * Questions about a picture: `question` is a multimodal value {image, text}; `image` repeats the file
 * name as an image field. Both are relative to the dataset's cloud_path.
 */
export const MULTIMODAL_SAMPLE: SampleDataset = {
  name: '图形识别图文问答',
  description: '根据简单图形图片回答问题：识别形状与颜色、数边数、读柱状图，适合检验模型的基础看图能力。',
  tag: '多模态,入门',
  data_type: '问答,多模态',
  data_format: { question: 'multimodal', meta: 'object' },
  readme: {
    title: '图形识别图文问答',
    fields: [
      { name: 'id', description: '记录编号' },
      {
        name: 'question',
        description: '图文问题',
        subfields: [
          { name: 'image', description: '图片文件名，相对于数据集的 cloud_path' },
          { name: 'text', description: '针对图片提出的问题' },
        ],
      },
      { name: 'answer', description: '参考答案' },
      { name: 'image', description: '与问题对应的图片文件名，用于表格中的缩略图' },
      { name: 'meta', description: '附加信息', subfields: [{ name: 'skill', description: '考查的能力' }] },
    ],
  },
  image_field: 'image',
  records: [
    ask(1, 'circle.png', '图中是什么形状？', '圆形。', '形状识别'),
    ask(2, 'circle.png', '图中图形是什么颜色？它有几条边？', '红色；圆没有直边，只有一条闭合的曲线。', '颜色识别'),
    ask(3, 'square.png', '图中是什么形状？', '正方形。', '形状识别'),
    ask(4, 'square.png', '图中的图形有几个角？这些角有什么特点？', '有 4 个角，都是直角。', '几何性质'),
    ask(5, 'triangle.png', '图中是什么形状？是什么颜色？', '绿色的三角形。', '形状识别'),
    ask(6, 'triangle.png', '把图中的三角形沿竖直中线对折，两边能完全重合吗？', '能。它是等腰三角形，竖直中线是它的对称轴。', '对称'),
    ask(7, 'bars.png', '柱状图中一共有几根柱子？哪一根最高？', '一共 4 根，从左数第 2 根最高。', '读图'),
    ask(8, 'bars.png', '如果最矮的柱子代表 2 件，最高的柱子大约代表几件？', '大约 5 件：最高的柱子约是最矮的两倍半。', '读图'),
  ],
};
