import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes on one data directory corrupt it silently.
 * We hold ./data/swapshed.lock (our pid inside) for as long as the process lives.
 */
export function acquireDataLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), "swapshed.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(file, "utf8"));
      if (holder && isAlive(holder)) {
        throw new Error(
          `Another SwapShed process (pid ${holder}) is already using the data directory ${path.resolve(dataDir)}.\n` +
            "Stop it first, or start this one with a different DATA_DIR (or a DATABASE_URL for PostgreSQL).",
        );
      }
      fs.unlinkSync(file); // stale lock from a crashed process
    }
  }
  throw new Error(`Could not lock ${file}`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
