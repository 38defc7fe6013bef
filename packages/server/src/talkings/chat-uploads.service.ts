import { CHAT_IMAGE_TYPES, CHAT_UPLOAD_MAX_BYTES, CHAT_UPLOAD_MAX_FILES, type ChatUploadView } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { nowSeconds } from '../common/time';
import type { MultipartRequest } from '../storage/multipart.decorator';
import { StorageService } from '../storage/storage.service';
import { ChatFileEntity } from './chat-file.entity';

/** Where chat images are stored (under a random name). */
export const CHAT_UPLOAD_PREFIX = 'chat';

/** Images a user attaches to compare chat messages (spec 3 §3 Uploaded file). */
@Injectable()
export class ChatUploadsService {
  constructor(
    @InjectRepository(ChatFileEntity) private readonly files: Repository<ChatFileEntity>,
    private readonly storage: StorageService,
  ) {}

  /**
   * Stores every file of the `files` field, images only (sniffed from the bytes), all or nothing,
   * and records each as the user's. Should the rows fail to save, the stored files are removed.
   */
  async upload(userId: number, request: MultipartRequest): Promise<ChatUploadView[]> {
    const stored = await this.storage.receiveUploads(request, {
      field: 'files',
      prefix: CHAT_UPLOAD_PREFIX,
      maxBytes: CHAT_UPLOAD_MAX_BYTES,
      allowedTypes: CHAT_IMAGE_TYPES,
      maxFiles: CHAT_UPLOAD_MAX_FILES,
    });
    const now = nowSeconds();
    try {
      const rows = await this.files.save(
        stored.map((object) => this.files.create({ user_id: userId, key: object.key, name: object.file_name || object.key.split('/').pop()!, type: object.content_type, size: object.size, created_at: now })),
      );
      return rows.map((row, index) => ({ id: row.id, name: row.name, type: row.type, size: row.size, oss_url: stored[index].url }));
    } catch (error) {
      await Promise.all(stored.map((object) => this.storage.delete(object.key).catch(() => undefined)));
      throw error;
    }
  }
}
