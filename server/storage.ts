import path from "node:path";
import { createStorage } from "#core/storage/create-storage.ts";
import type { FileStorage } from "#core/storage/storage.ts";
import type { Env } from "./env";

/** The configured upload storage: local disk under DATA_DIR by default, or an S3-compatible bucket. */
export function storageFromEnv(env: Env): FileStorage {
  if (env.STORAGE_DRIVER === "s3") {
    return createStorage({
      driver: "s3",
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    });
  }
  return createStorage({ driver: "local", root: path.resolve(env.DATA_DIR, "uploads") });
}
