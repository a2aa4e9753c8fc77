import fs from "node:fs";
import path from "node:path";

/** The refusal: another live process holds the data directory (the command-line tools add advice to it). */
export class DataDirectoryInUse extends Error {}

/** Lock files this process holds: a lock naming our own pid that is not among them was left by an earlier process. */
const held = new Set<string>();

/**
 * PGlite has no lock of its own: two processes on one data directory corrupt it silently.
 * We hold ./data/swapshed.lock (our pid inside, and on Linux when that process started) for as long as the
 * process lives. A lock whose process is gone is a crash's leftover (SIGKILL, a power cut) and is taken over.
 */
export function acquireDataLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), "swapshed.lock");
  const mine = identity(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: "wx" });
      held.add(file);
      const release = () => {
        held.delete(file);
        try {
          if (fs.readFileSync(file, "utf8") === mine) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const [holder, started] = fs.readFileSync(file, "utf8").trim().split(" ");
      const pid = Number(holder);
      if (pid && (pid === process.pid ? held.has(file) : holderAlive(pid, started))) {
        throw new DataDirectoryInUse(
          `Another SwapShed process (pid ${pid}) is already using the data directory ${path.resolve(dataDir)}.\n` +
            "Stop it first, or start this one with a different DATA_DIR (or a DATABASE_URL for PostgreSQL).",
        );
      }
      fs.unlinkSync(file); // stale lock from a crashed process
    }
  }
  throw new Error(`Could not lock ${file}`);
}

/** "<pid> <start time>" on Linux (the start time tells a reused pid apart), "<pid>" elsewhere. */
function identity(pid: number) {
  const started = startTimeOf(pid);
  return started ? `${pid} ${started}` : String(pid);
}

/**
 * Whether another process that wrote the lock is still running: not when a process with that pid started at another
 * time than the one recorded (the pid was reused after the crash). Our own pid in a lock we do not hold is a crash's
 * leftover too: a restarted container's process often gets the crashed one's pid.
 */
function holderAlive(pid: number, started: string | undefined) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const now = startTimeOf(pid);
  return !(started && now && started !== now);
}

/** When a process started, in clock ticks since boot (/proc/<pid>/stat field 22); null where there is no /proc. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (command) ", fields start at the 3rd; the command may contain spaces and parentheses.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}
