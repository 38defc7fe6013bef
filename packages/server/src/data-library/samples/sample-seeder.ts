import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { nowSeconds } from '../../common/time';
import { StorageService } from '../../storage/storage.service';
import { storageFolderUrl } from '../storage-url';
import { SAMPLE_IMAGES } from './multimodal.sample';
import { sampleAssetsDir } from './sample-assets';
import { SAMPLE_FACTORY, type SampleDataset } from './sample-dataset';
import { SAMPLE_DATASETS } from './sample-datasets';

/**
 * An internal row of the options table (not an option: OptionsService reads only OPTION_KEYS):
 * present once the market was seeded or found not empty, so deleting every dataset later never
 * brings the samples back.
 */
export const SEEDED_FLAG = 'DataMarketSeeded';
export const SAMPLES_FOLDER = 'samples';
/** Instances starting together: one seeds, the others wait and then find the flag. */
const SEED_LOCK = 74110014;

/**
 * On the first start of an install whose data market is empty, loads the sample datasets
 * (samples/*.sample.ts) and their pictures, so the market opens with a working catalogue.
 * Processes with ROLE api or all do it (a worker serves no market).
 */
@Injectable()
export class SampleSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('DataMarket');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly storage: StorageService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'worker') return;
    const seeded = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
      const flagged: unknown[] = await manager.query('SELECT 1 FROM options WHERE key = $1', [SEEDED_FLAG]);
      if (flagged.length > 0) return 0;
      await manager.query('INSERT INTO options (key, value, updated_at) VALUES ($1, $2, $3)', [SEEDED_FLAG, 'true', nowSeconds()]);
      // An install that already has datasets (made before the samples existed) keeps only its own.
      const existing: unknown[] = await manager.query('SELECT 1 FROM data_library_info LIMIT 1');
      if (existing.length > 0) return 0;
      // Pictures first: should storing them fail, the transaction rolls back and the next start tries again.
      await this.storeImages();
      const cloudPath = storageFolderUrl(this.storage, SAMPLES_FOLDER);
      for (const sample of [...SAMPLE_DATASETS].reverse()) await this.insert(manager, sample, cloudPath);
      return SAMPLE_DATASETS.length;
    });
    if (seeded > 0) this.logger.log(`Loaded ${seeded} sample datasets into the empty data market`);
  }

  private async storeImages(): Promise<void> {
    const dir = sampleAssetsDir();
    for (const name of SAMPLE_IMAGES) await this.storage.putFixed(`${SAMPLES_FOLDER}/${name}`, await readFile(join(dir, name)), 'image/png');
  }

  /** The dataset row with its exact count and size, then all its records in one INSERT. */
  private async insert(manager: EntityManager, sample: SampleDataset, cloudPath: string): Promise<void> {
    const bodies = sample.records.map((record) => JSON.stringify(record));
    // octet_length of a UTF-8 text column: what the imports add up too.
    const size = bodies.reduce((sum, body) => sum + Buffer.byteLength(body, 'utf8'), 0);
    const now = nowSeconds();
    const [{ id }]: Array<{ id: number }> = await manager.query(
      `INSERT INTO data_library_info (name, description, tag, data_type, data_format, image_field, readme, factory, cover_page, cloud_path, data_num, data_size, data_update_time, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '', $9, $10, $11, $12, $12) RETURNING id`,
      [
        sample.name,
        sample.description,
        sample.tag,
        sample.data_type,
        JSON.stringify(sample.data_format),
        sample.image_field,
        JSON.stringify(sample.readme),
        SAMPLE_FACTORY,
        sample.image_field ? cloudPath : '',
        bodies.length,
        size,
        now,
      ],
    );
    const values = bodies.map((_, index) => `($1, $${index + 2})`).join(', ');
    await manager.query(`INSERT INTO data_library_source (belong_id, body) VALUES ${values}`, [id, ...bodies]);
  }
}
