/** EmailDomainWhitelist is stored comma-joined and edited as a list of domains. */
export function parseDomains(value: string): string[] {
  return value
    .split(',')
    .map((domain) => domain.trim())
    .filter(Boolean);
}

export function joinDomains(domains: readonly string[]): string {
  return domains.join(',');
}

/** Adds a domain unless it is empty or already listed (domains compare without case). */
export function addDomain(domains: readonly string[], input: string): string[] {
  const domain = input.trim().toLowerCase();
  if (!domain || domains.some((existing) => existing.toLowerCase() === domain)) return [...domains];
  return [...domains, domain];
}

export function removeDomain(domains: readonly string[], domain: string): string[] {
  return domains.filter((existing) => existing !== domain);
}
