import type { ObjectBackend } from '../storage/storage.types';

/**
 * The URL every stored object's URL starts with ("/uploads/" locally, S3_PUBLIC_URL + "/" on S3).
 * urlOf only takes a whole key, so the prefix is read off the URL of a one-letter key.
 */
export const storageUrlPrefix = (storage: Pick<ObjectBackend, 'urlOf'>): string => storage.urlOf('x').slice(0, -1);

/** The URL a folder of stored objects is under, ending with "/": a dataset's cloud_path. */
export const storageFolderUrl = (storage: Pick<ObjectBackend, 'urlOf'>, folder: string): string => `${storageUrlPrefix(storage)}${folder.replace(/\/+$/, '')}/`;
