// The production build the benchmark measures: made when missing (or with --build), and a warning when the
// sources are newer than it.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { log } from "./log";
import { args, root } from "./options";

export const serverEntry = path.join(root, "build/server/index.js");

/** Builds if asked or needed; returns when the server entry was built (reported with the results). */
export function ensureBuild(): string {
  if (args.build || !fs.existsSync(serverEntry)) {
    log("building (npx react-router build)...");
    execSync("npx react-router build", { cwd: root, stdio: "inherit" });
  } else {
    const newest = (dir: string): number =>
      fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
        const full = path.join(dir, e.name);
        return Math.max(max, e.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
      }, 0);
    const sources = ["app", "core", "db", "server"].map((d) => path.join(root, d));
    if (Math.max(...sources.map(newest)) > fs.statSync(serverEntry).mtimeMs) {
      log("WARNING: the build is older than the sources; pass --build to rebuild first");
    }
  }
  return fs.statSync(serverEntry).mtime.toISOString();
}
