import { randomInt } from 'node:crypto';
import { BACKUP_CODE_COUNT } from '@gw/shared';
import { hashToken } from '../auth/hash-token';

/** Lowercase letters and digits without the look-alikes (0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const part = (): string => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Ten new backup codes as shown to the user once: xxxx-xxxx (about 40 bits each). */
export const newBackupCodes = (): string[] => Array.from({ length: BACKUP_CODE_COUNT }, () => `${part()}-${part()}`);

/** The stored form of a backup code, whatever case and dash it was typed with. */
export const backupCodeHash = (code: string): string => hashToken(code.toLowerCase().replace('-', ''));
