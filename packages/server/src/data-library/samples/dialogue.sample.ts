import type { SampleDataset } from './sample-dataset';

type Turn = [role: 'user' | 'assistant', content: string];

const dialogue = (id: number, scene: string, turns: Turn[]) => ({
  id,
  scene,
  messages: turns.map(([role, content]) => ({ role, content })),
  meta: { turns: turns.length },
});

/** Multi-turn customer service conversations: `messages` is a list of {role, content}. */
export const DIALOGUE_SAMPLE: SampleDataset = {
  name: '电商客服多轮对话',
  description: '网购场景下用户与客服的多轮对话，涵盖物流查询、退换货、发票与售后，适合对话模型的微调与评测。',
  tag: '对话,客服',
  data_type: '对话',
  data_format: { messages: 'array', meta: 'object' },
  readme: {
    title: '电商客服多轮对话',
    fields: [
      { name: 'id', description: '对话编号' },
      { name: 'scene', description: '对话场景' },
      {
        name: 'messages',
        description: '按时间顺序排列的消息',
        subfields: [
          { name: 'role', description: '说话方：user 为用户，assistant 为客服' },
          { name: 'content', description: '消息内容' },
        ],
      },
      { name: 'meta', description: '附加信息', subfields: [{ name: 'turns', description: '消息条数' }] },
    ],
  },
  image_field: '',
  records: [
    dialogue(1, '物流查询', [
      ['user', '你好，我前天下的单，到现在物流信息还没更新。'],
      ['assistant', '您好，很抱歉让您久等了。请提供一下订单号，我帮您查询。'],
      ['user', '订单号是 2024 开头那个，尾号 3817。'],
      ['assistant', '查到了，您的包裹昨晚已从仓库发出，快递公司的系统有延迟，预计明天下午送达。'],
      ['user', '好的，谢谢。'],
    ]),
    dialogue(2, '尺码换货', [
      ['user', '买的运动鞋偏小，能换大一码吗？'],
      ['assistant', '可以的。商品签收七天内、未穿着且吊牌完好都可以换货。请问鞋子目前是这个状态吗？'],
      ['user', '只在家试穿了一下，吊牌都在。'],
      ['assistant', '没问题。我已为您提交换货申请，换成大一码，稍后会有快递上门取件，来回运费由我们承担。'],
    ]),
    dialogue(3, '开具发票', [
      ['user', '我需要开增值税普通发票，抬头是公司。'],
      ['assistant', '好的，请提供公司全称和纳税人识别号。'],
      ['user', '名称和税号我发在订单备注里了。'],
      ['assistant', '已看到，电子发票会在确认收货后 48 小时内发送到您的邮箱，也可以在订单详情页下载。'],
    ]),
    dialogue(4, '商品破损', [
      ['user', '收到的玻璃杯碎了一个。'],
      ['assistant', '非常抱歉！麻烦您拍一张破损处和外包装的照片发给我。'],
      ['user', '照片已经上传了。'],
      ['assistant', '收到，确认是运输破损。您可以选择补发一个新杯子，或退还这只杯子的货款，您看哪种更方便？'],
      ['user', '补发吧。'],
      ['assistant', '好的，已为您安排补发，今天内发出，破损的杯子无需寄回，请注意安全处理。'],
    ]),
    dialogue(5, '优惠券使用', [
      ['user', '为什么我的满减券用不了？'],
      ['assistant', '这张券需要订单中参与活动的商品满 199 元才能使用。您购物车里的耳机不在活动范围内，所以参与活动的金额只有 159 元。'],
      ['user', '那我再加一件活动商品就可以了吗？'],
      ['assistant', '是的，再加 40 元以上的活动商品就能使用这张券了。'],
    ]),
    dialogue(6, '修改收货地址', [
      ['user', '刚下的单地址填错了，能改吗？'],
      ['assistant', '订单还没有发货，可以修改。请告诉我新的收货地址和联系电话。'],
      ['user', '改成公司地址，电话不变。'],
      ['assistant', '已为您修改完成，请在订单详情里核对一下新地址是否正确。'],
    ]),
    dialogue(7, '退款进度', [
      ['user', '退货已经寄回去一周了，钱还没退。'],
      ['assistant', '我查看了一下，仓库在前天签收了您的退货，质检已通过，退款已原路退回。'],
      ['user', '可是我没收到。'],
      ['assistant', '退回到银行卡通常需要 1 到 5 个工作日到账，如果超过时间仍未收到，您可以凭退款单号联系发卡银行查询。'],
    ]),
    dialogue(8, '产品咨询', [
      ['user', '这款电饭煲能预约煮粥吗？'],
      ['assistant', '可以。它支持最长 24 小时预约，内置煮粥模式，晚上预约好，第二天早上就能喝上热粥。'],
      ['user', '内胆是什么材质的？'],
      ['assistant', '内胆是铝合金加不粘涂层，清洗时请用软布，不要用钢丝球，以免刮伤涂层。'],
    ]),
  ],
};
