import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { FileStorage, StorageConfig } from "./storage";

/** The file storage a configuration names (the interface and the configurations are in storage.ts). */
export function createStorage(config: StorageConfig): FileStorage {
  switch (config.driver) {
    case "local":
      return createLocalStorage(config.root);
    case "s3":
      return createS3Storage(config);
  }
}
