import {
  type DataPage,
  MSG_PROJECT_NOT_FOUND,
  MSG_USER_FILE_DELETE_FAILED,
  MSG_USER_FILE_NOT_FOUND,
  MSG_USER_FILE_TYPE_REFUSED,
  MSG_USER_FILE_UPLOAD_FAILED,
  MSG_USER_FILE_URL_UNKNOWN,
  type RegisteredUserFile,
  USER_FILE_MAX_BYTES,
  USER_FILE_PAGE_SIZE,
  type UserFileType,
  type UserFileView,
} from '@gw/shared';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { containsPattern } from '../common/contains-pattern';
import { nowSeconds } from '../common/time';
import { storageUrlPrefix } from '../data-library/storage-url';
import type { MultipartRequest } from '../storage/multipart.decorator';
import { TEXT_TYPE } from '../storage/sniff';
import { StorageService } from '../storage/storage.service';
import { StorageError } from '../storage/storage.types';
import type { ListUserFilesQuery } from './dto/list-user-files.query';
import type { RegisterUserFileDto } from './dto/register-user-file.dto';
import { UserFileEntity, UserFileUploadEntity } from './user-file.entity';
import { parseUserFile, UserFileParseError } from './user-file-parsers';
import { userFileView } from './user-file.view';
import { numberedPage, requestedNumberedPage } from '../common/paging';

/** Where the library's files are stored (under a random name). */
export const USER_FILE_PREFIX = 'files';

/** What file-type calls an xlsx workbook; stored as .bin, as the store lists no extension for it. */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An xlsx is a zip; file-type names it xlsx only when its first entries say so. */
const ZIP_TYPE = 'application/zip';
/** The types the store may sniff for a file of the library; HTML, executables and the rest are refused while streaming. */
export const USER_FILE_SNIFFED_TYPES = [TEXT_TYPE, XLSX_TYPE, ZIP_TYPE] as const;


/**
 * The type of a file of the library, from its name's extension and the type sniffed from its bytes
 * (stored as `content_type`: text/plain, application/octet-stream for a sniffed xlsx, or
 * application/zip): both must agree, else undefined.
 */
export function userFileTypeOf(fileName: string, storedType: string): UserFileType | undefined {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (extension === 'txt' || extension === 'csv' || extension === 'jsonl') return storedType === TEXT_TYPE ? extension : undefined;
  if (extension === 'xlsx') return storedType === 'application/octet-stream' || storedType === ZIP_TYPE ? 'xlsx' : undefined;
  return undefined;
}

/** The file library (spec 3 §2.8; docs/console-api.md "File library"): every call is scoped to the signed-in user. */
@Injectable()
export class UserFilesService {
  private readonly logger = new Logger(UserFilesService.name);

  constructor(
    @InjectRepository(UserFileEntity) private readonly files: Repository<UserFileEntity>,
    @InjectRepository(UserFileUploadEntity) private readonly uploads: Repository<UserFileUploadEntity>,
    private readonly storage: StorageService,
  ) {}

  /**
   * Streams the `file` field into the store (USER_FILE_MAX_BYTES at most, type sniffed while
   * streaming) and remembers it as the user's upload. A name and bytes that disagree (HTML renamed
   * .txt, a spreadsheet named .csv) are refused and the object deleted. Answers the URL.
   */
  async upload(userId: number, request: MultipartRequest): Promise<string> {
    let stored;
    try {
      stored = await this.storage.receiveUpload(request, { field: 'file', prefix: USER_FILE_PREFIX, maxBytes: USER_FILE_MAX_BYTES, allowedTypes: USER_FILE_SNIFFED_TYPES });
    } catch (error) {
      if (error instanceof StorageError && error.code === 'type_refused') throw new BusinessError(MSG_USER_FILE_TYPE_REFUSED);
      throw error;
    }
    const type = userFileTypeOf(stored.file_name, stored.content_type);
    try {
      if (!type) throw new BusinessError(MSG_USER_FILE_TYPE_REFUSED);
      await this.uploads.insert({ key: stored.key, user_id: userId, file_name: stored.file_name, file_type: type, file_size: stored.size, created_at: nowSeconds() });
    } catch (error) {
      await this.storage.delete(stored.key).catch(() => undefined);
      throw error;
    }
    return stored.url;
  }

  /**
   * Registers one of the user's uploads with a project: parses its fields and rows (streamed from
   * the store). The same name and size for the same user and project is a duplicate: the existing
   * record is answered, and the new upload (when it is another object) removed.
   */
  async register(userId: number, dto: RegisterUserFileDto): Promise<RegisteredUserFile> {
    const upload = await this.uploadOf(userId, dto.file_url);
    const appId = dto.app_id ?? null;
    if (appId !== null && (await this.appNames(userId, [appId])).size === 0) throw new BusinessError(MSG_PROJECT_NOT_FOUND);
    const existing = await this.findDuplicate(userId, appId, upload.file_name, upload.file_size);
    if (existing) return this.registered(await this.dropDuplicate(existing, upload));
    let parsed;
    try {
      parsed = await parseUserFile(upload.file_type, await this.storage.read(upload.key));
    } catch (error) {
      if (error instanceof UserFileParseError) throw new BusinessError(`${MSG_USER_FILE_UPLOAD_FAILED(upload.file_name)}：${error.message}`);
      if (error instanceof StorageError && error.code === 'not_found') throw new BusinessError(MSG_USER_FILE_URL_UNKNOWN);
      throw error;
    }
    const inserted = (await this.files.query(
      `INSERT INTO user_files (user_id, app_id, name, file_type, file_size, key, url, fields, row_count, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10)
       ON CONFLICT (user_id, COALESCE(app_id, 0), name, file_size) DO NOTHING RETURNING id`,
      [userId, appId, upload.file_name, upload.file_type, upload.file_size, upload.key, this.storage.urlOf(upload.key), JSON.stringify(parsed.fields), parsed.row_count, nowSeconds()],
    )) as Array<{ id: number }>;
    if (inserted.length === 0) {
      // Registered by a concurrent call between the check and the insert.
      const winner = await this.findDuplicate(userId, appId, upload.file_name, upload.file_size);
      if (!winner) throw new BusinessError(MSG_USER_FILE_UPLOAD_FAILED(upload.file_name));
      return this.registered(await this.dropDuplicate(winner, upload));
    }
    return this.registered(await this.files.findOneByOrFail({ id: inserted[0].id }));
  }

  async list(userId: number, query: ListUserFilesQuery): Promise<DataPage<UserFileView>> {
    const wanted = requestedNumberedPage(query, USER_FILE_PAGE_SIZE);
    const builder = this.files.createQueryBuilder('f').where('f.user_id = :userId', { userId });
    if (query.app_id !== undefined) builder.andWhere('f.app_id = :appId', { appId: query.app_id });
    if (query.search_key) builder.andWhere(`f.name ILIKE :like ESCAPE '\\'`, { like: containsPattern(query.search_key) });
    const found = await builder.orderBy('f.created_at', 'DESC').addOrderBy('f.id', 'DESC').skip(wanted.skip).take(wanted.take).getManyAndCount();
    const names = await this.appNames(userId, found[0].map((row) => row.app_id));
    return numberedPage(found, wanted, (row) => userFileView(row, names.get(row.app_id ?? 0)));
  }

  async get(userId: number, id: number): Promise<UserFileView> {
    const row = await this.own(userId, id);
    return userFileView(row, (await this.appNames(userId, [row.app_id])).get(row.app_id ?? 0));
  }

  /**
   * Deletes the record and, when no other record of the user shares it, the stored object and its
   * upload row. Should the store fail, nothing is deleted ('删除文件失败').
   */
  async remove(userId: number, id: number): Promise<void> {
    const row = await this.own(userId, id);
    const shared = await this.files.countBy({ key: row.key });
    if (shared <= 1) {
      try {
        await this.storage.delete(row.key);
      } catch (error) {
        this.logger.warn(`Deleting stored file ${row.key} failed: ${(error as Error).message}`);
        throw new BusinessError(MSG_USER_FILE_DELETE_FAILED);
      }
      await this.uploads.delete({ key: row.key, user_id: userId });
    }
    await this.files.delete({ id: row.id, user_id: userId });
  }

  private async registered(row: UserFileEntity): Promise<RegisteredUserFile> {
    const names = await this.appNames(row.user_id, [row.app_id]);
    return { ...userFileView(row, names.get(row.app_id ?? 0)), file_id: row.id };
  }

  /**
   * The titles of the user's projects among `appIds`, by id. A project deleted since (or another
   * user's id) has none: its files keep their app_id and show no project name.
   */
  private async appNames(userId: number, appIds: ReadonlyArray<number | null>): Promise<Map<number, string>> {
    const ids = [...new Set(appIds.filter((id): id is number => id !== null))];
    if (ids.length === 0) return new Map();
    const rows = (await this.files.query(`SELECT id, title FROM workflow_apps WHERE user_id = $1 AND id = ANY($2::int[])`, [userId, ids])) as Array<{ id: number; title: string }>;
    return new Map(rows.map((row) => [row.id, row.title]));
  }

  /** Another user's record answers like a missing one. */
  private async own(userId: number, id: number): Promise<UserFileEntity> {
    const row = await this.files.findOneBy({ id, user_id: userId });
    if (!row) throw new BusinessError(MSG_USER_FILE_NOT_FOUND);
    return row;
  }

  /** The user's upload a URL names; any other URL (another user's, a made-up one) is refused alike. */
  private async uploadOf(userId: number, url: string): Promise<UserFileUploadEntity> {
    const prefix = storageUrlPrefix(this.storage);
    const key = url.startsWith(prefix) ? url.slice(prefix.length) : '';
    const upload = key ? await this.uploads.findOneBy({ key, user_id: userId }) : null;
    if (!upload) throw new BusinessError(MSG_USER_FILE_URL_UNKNOWN);
    return upload;
  }

  private findDuplicate(userId: number, appId: number | null, name: string, size: number): Promise<UserFileEntity | null> {
    return this.files
      .createQueryBuilder('f')
      .where('f.user_id = :userId AND COALESCE(f.app_id, 0) = :appId AND f.name = :name AND f.file_size = :size', { userId, appId: appId ?? 0, name, size })
      .getOne();
  }

  /** Keeps the existing record; the new upload goes when it is another object that no record uses. */
  private async dropDuplicate(existing: UserFileEntity, upload: UserFileUploadEntity): Promise<UserFileEntity> {
    if (upload.key !== existing.key && (await this.files.countBy({ key: upload.key })) === 0) {
      await this.storage.delete(upload.key).catch(() => undefined);
      await this.uploads.delete({ key: upload.key });
    }
    return existing;
  }
}
