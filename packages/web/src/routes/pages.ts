import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageKey } from '@/routes/route-table';

/** The lazy page behind each page key of the route table. */
export const PAGES: Record<PageKey, LazyExoticComponent<ComponentType>> = {
  entry: lazy(() => import('@/pages/entry')),
  entryNews: lazy(() => import('@/pages/entry/news')),
  login: lazy(() => import('@/pages/login')),
  register: lazy(() => import('@/pages/register')),
  resetRequest: lazy(() => import('@/pages/reset')),
  resetConfirm: lazy(() => import('@/pages/reset/confirm')),
  oauthCallback: lazy(() => import('@/pages/oauth-callback')),
  setting: lazy(() => import('@/pages/setting')),
  update: lazy(() => import('@/pages/update')),
  about: lazy(() => import('@/pages/about')),
  token: lazy(() => import('@/pages/token')),
  channel: lazy(() => import('@/pages/channel')),
  channelEdit: lazy(() => import('@/pages/channel/edit')),
  user: lazy(() => import('@/pages/user')),
  modelManage: lazy(() => import('@/pages/model-manage')),
  modelCheck: lazy(() => import('@/pages/model-check')),
  log: lazy(() => import('@/pages/log')),
  pricing: lazy(() => import('@/pages/pricing')),
  playground: lazy(() => import('@/pages/playground')),
  customerConnect: lazy(() => import('@/pages/customer-connect')),
  redemption: lazy(() => import('@/pages/redemption')),
  topup: lazy(() => import('@/pages/topup')),
  chat: lazy(() => import('@/pages/chat')),
  chat2link: lazy(() => import('@/pages/chat/chat2link')),
  dataMarket: lazy(() => import('@/pages/data-market')),
  dataMarketDetail: lazy(() => import('@/pages/data-market/detail')),
  dataMarketViewAll: lazy(() => import('@/pages/data-market/view-all')),
  placeholder: lazy(() => import('@/pages/placeholder')),
};
