/** A LIKE pattern matching `text` literally anywhere (backslash is PostgreSQL's default escape). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
