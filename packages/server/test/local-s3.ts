import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/config/app-config';

export interface LocalS3 {
  /** The S3_* variables that point the server at this stand-in (for startTestApp). */
  env: Record<string, string>;
  config: S3Config;
  client: S3Client;
  /** Keys of the bucket's objects. */
  listKeys: () => Promise<string[]>;
  /** Bytes on the stand-in's disk, objects and unfinished multipart parts alike. */
  bytesOnDisk: () => number;
  close: () => Promise<void>;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * A real S3 protocol server (s3rver) on 127.0.0.1 at a free port with one empty bucket, for tests
 * that run the storage on S3. The credentials are s3rver's fixed ones.
 */
export async function startLocalS3(bucket = 'gw-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'gw-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
  };
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
  });
  return {
    env: { S3_ENDPOINT: config.endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY: config.accessKey, S3_SECRET_KEY: config.secretKey },
    config,
    client,
    listKeys: async () => {
      const reply = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (reply.Contents ?? []).map((object) => object.Key!);
    },
    bytesOnDisk: () => walk(directory).reduce((sum, file) => sum + statSync(file).size, 0),
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
