/** Local-storage keys of spec 1 §3, plus the few the console adds (each noted). */
export const STORAGE_KEYS = {
  user: 'user',
  status: 'status',
  quotaPerUnit: 'quota_per_unit',
  displayInCurrency: 'display_in_currency',
  enabledRoutes: 'enabled_routes',
  themeMode: 'theme-mode',
  aff: 'aff',
  redirectPath: 'redirectPath',
  defaultCollapseSidebar: 'default_collapse_sidebar',
  footerHtml: 'footer_html',
  chatLink: 'chat_link',
  mjNotifyEnabled: 'mj_notify_enabled',
  dataExportDefaultTime: 'data_export_default_time',
  pageSize: 'page-size',
  idSort: 'id-sort',
  channelModels: 'channel_models',
  /** The data type a tag click on a dataset's detail page hands to the market (spec 3 §3 Local storage). */
  selectedType: 'selectedType',
  /** Added by the console: the user's own sidebar choice, so the server default does not overwrite it. */
  sidebarCollapsed: 'sidebar-collapsed',
  /** Added by the console: the last notice shown, so a notice appears once per content change. */
  noticeSeen: 'notice-seen',
} as const;
