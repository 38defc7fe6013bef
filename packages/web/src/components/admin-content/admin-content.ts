import { Marked } from 'marked';

/**
 * Admin-written page content (HomePageContent, About) when it is one web address, else null. Such
 * content is shown in a frame, as new-api does; anything else (several lines, other text around
 * the address) is a page.
 */
export function frameAddress(content: string): string | null {
  const text = content.trim();
  return /^https?:\/\/\S+$/i.test(text) ? text : null;
}

/**
 * Its own instance, so that options set on the global `marked` cannot change the page. Unlike the
 * data market's formatter, HTML written in the content stays HTML (the admin writes the page, as
 * the settings fields say: "支持 Markdown & HTML"); SafeHtml cleans the result before it is shown.
 */
const markdown = new Marked({ gfm: true, breaks: true, async: false });

/** The content as HTML, not yet sanitized. */
export const adminContentHtml = (content: string): string => markdown.parse(content, { async: false });
