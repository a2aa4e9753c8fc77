/** Rewrites the generated blocks of docs/performance.md from bench/results/*.json. */
export function regenerateDocs(root: string): void;
