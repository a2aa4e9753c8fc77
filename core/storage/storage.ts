/** Where uploaded files live. Keys are relative POSIX paths such as "listings/<owner>/<name>-320.webp". */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** Deleting a key that does not exist is not an error. */
  delete(keys: string[]): Promise<void>;
}

export type LocalStorageConfig = { driver: "local"; root: string };

export type S3StorageConfig = {
  driver: "s3";
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, ...). Unset: AWS S3 in `region`. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `${endpoint}/${bucket}/${key}` instead of `${bucket}.${host}/${key}`. Defaults to true with a custom endpoint. */
  forcePathStyle?: boolean;
};

export type StorageConfig = LocalStorageConfig | S3StorageConfig;
