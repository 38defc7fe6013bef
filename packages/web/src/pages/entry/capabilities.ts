import type { ComponentType, SVGAttributes } from 'react';
import {
  IconDashboard,
  IconInteraction,
  IconMessage,
  IconMindMapping,
  IconSafe,
  IconStorage,
} from '@arco-design/web-react/icon';

/** One product capability shown on the landing page. */
export interface Capability {
  title: string;
  description: string;
  icon: ComponentType<SVGAttributes<SVGElement>>;
}

export const capabilities: readonly Capability[] = [
  {
    title: '统一接口',
    description: '与 OpenAI 兼容的一套接口，一把 sk- 令牌即可调用多家厂商的模型。',
    icon: IconInteraction,
  },
  {
    title: '预付额度',
    description: '先充值后使用，500000 额度折合 1 美元，每次调用的消耗都有明细。',
    icon: IconDashboard,
  },
  {
    title: '数据市场',
    description: '精选数据集按类型浏览、预览样例，一键带入工作流加工。',
    icon: IconStorage,
  },
  {
    title: '数据处理工作流',
    description: '在画布上连接节点，让一个或多个模型批量处理数据并对比效果与成本。',
    icon: IconMindMapping,
  },
  {
    title: '多模型对比',
    description: '同一个问题最多同时问 3 个模型，回答分栏并排，选型一目了然。',
    icon: IconMessage,
  },
  {
    title: '稳定与安全',
    description: '多渠道故障转移、模型健康监测，密钥加密存储，令牌可按需设限。',
    icon: IconSafe,
  },
];
