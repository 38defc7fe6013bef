import type { SiteStatus } from '@/api/status';

/** Sets the page title and favicon from the site configuration (spec 1 §2.2). */
export function applyBranding(status: SiteStatus | null): void {
  if (!status) return;
  if (status.system_name) document.title = status.system_name;
  if (status.logo) {
    let link = document.querySelector<HTMLLinkElement>("link[rel~='icon']");
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = status.logo;
  }
}
