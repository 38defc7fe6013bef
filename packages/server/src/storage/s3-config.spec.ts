import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/app-config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'gw-config-'));
const S3 = { S3_ENDPOINT: 'http://minio:9000/', S3_BUCKET: 'gw-files', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };

describe('S3 configuration', () => {
  it('keeps uploads on the local disk when no S3_* variable is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storage).toEqual({ s3: undefined });
  });

  it('reads a complete S3 configuration, region defaulting to us-east-1', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ...S3, S3_PUBLIC_URL: 'https://cdn.example.com/files/' }).storage.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'gw-files',
      accessKey: 'key',
      secretKey: 'secret',
      region: 'us-east-1',
      publicUrl: 'https://cdn.example.com/files',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), ...S3, S3_REGION: 'eu-west-3' }).storage.s3?.region).toBe('eu-west-3');
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'missing: S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY'],
    [{ ...S3, S3_SECRET_KEY: '' }, 'missing: S3_SECRET_KEY'],
    [{ S3_PUBLIC_URL: 'https://cdn.example.com' }, 'missing: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY'],
    [{ ...S3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) URL'],
    [{ ...S3, S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET must be a bucket name'],
  ])('refuses to start with a partial or malformed S3 configuration %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
