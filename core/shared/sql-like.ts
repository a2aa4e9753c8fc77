// Search boxes over LIKE/ILIKE. core/shared imports nothing else of core.

/** LIKE's wildcards taken literally: a search for "50%" finds "50%", not everything. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The pattern for "contains `q`", its wildcards taken literally. */
export const likeText = (q: string) => `%${escapeLike(q)}%`;
