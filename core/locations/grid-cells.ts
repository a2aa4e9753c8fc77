import { GEO_CELL_ROW_FACTOR, GEO_CELLS_PER_DEGREE } from "#db/schema/listings.ts";
import type { boundingBox } from "./distance";

/** More cells than this and the grid no longer narrows anything worth the index entries (100 km, the widest
 *  radius, is ~100 cells). */
const MAX_CELLS = 400;

/**
 * The 0.2° `geo_cells` values a bounding box touches (db/schema/listings.ts: GEO_CELLS_PER_DEGREE, a listing's one
 * cell), or null when there are more than MAX_CELLS. One grid for search (words and place intersected in one GIN
 * index) and for saved searches (a new listing finds the searches around it).
 */
export function gridCells(box: ReturnType<typeof boundingBox>): number[] | null {
  const cell = (degrees: number) => Math.floor(degrees * GEO_CELLS_PER_DEGREE);
  const [rowFrom, rowTo, colFrom, colTo] = [cell(box.minLat), cell(box.maxLat), cell(box.minLng), cell(box.maxLng)];
  if ((rowTo - rowFrom + 1) * (colTo - colFrom + 1) > MAX_CELLS) return null;
  const cells: number[] = [];
  for (let row = rowFrom; row <= rowTo; row++)
    for (let col = colFrom; col <= colTo; col++) cells.push(row * GEO_CELL_ROW_FACTOR + col);
  return cells;
}
