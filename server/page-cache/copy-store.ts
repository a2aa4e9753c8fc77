import type { SharedCopy } from "./shared-copy";

export type StoredCopy = SharedCopy & { generation: number };

/**
 * The shared copies in this process, least recently used first out, bounded in count and in bytes: search pages
 * have endless addresses, and a visitor who makes them up must not grow the process.
 */
export class CopyStore<Copy extends StoredCopy = StoredCopy> {
  #copies = new Map<string, Copy>();
  #bytes = 0;

  constructor(
    private readonly maxCopies: number,
    private readonly maxBytes: number,
  ) {}

  get size() {
    return this.#copies.size;
  }

  get bytes() {
    return this.#bytes;
  }

  get(key: string): Copy | undefined {
    const copy = this.#copies.get(key);
    if (copy) {
      // Map keeps insertion order: moving a copy to the end makes the first one the least recently used.
      this.#copies.delete(key);
      this.#copies.set(key, copy);
    }
    return copy;
  }

  set(key: string, copy: Copy) {
    this.delete(key);
    this.#copies.set(key, copy);
    this.#bytes += copy.bytes;
    for (const [oldest] of this.#copies) {
      if (this.#copies.size <= this.maxCopies && this.#bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string) {
    const copy = this.#copies.get(key);
    if (!copy) return;
    this.#copies.delete(key);
    this.#bytes -= copy.bytes;
  }

  clear() {
    this.#copies.clear();
    this.#bytes = 0;
  }
}
