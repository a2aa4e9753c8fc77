// The benchmark's progress lines and the rounding of its figures, shared by every part of the run.
export const log = (...parts: unknown[]) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);

/** Milliseconds since `start` (a process.hrtime.bigint()). */
export const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** Three decimals: the precision every figure is reported with. */
export const round = (v: number) => Math.round(v * 1000) / 1000;
