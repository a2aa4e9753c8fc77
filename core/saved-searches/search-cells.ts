import { GEO_CELL_ROW_FACTOR, GEO_CELLS_PER_DEGREE } from "#db/schema/listings.ts";
import { boundingBox, type Point } from "../locations/distance";

/** More cells than this and a place no longer narrows anything: the search is matched as "anywhere" by cells and
 *  the exact distance decides (100 km, the widest radius, is ~100 cells). */
const MAX_CELLS = 400;

/**
 * The 0.2° `geo_cells` a place and radius cover (db/schema/listings.ts: a listing's one cell), so that a new
 * listing finds the searches around it through the saved_searches_cells_idx GIN index. Null: anywhere (no place,
 * or no radius). The same grid as core/listings/search-listings.ts' gridCells.
 */
export function cellsCovering(point: Point | null, radiusKm: number | null): number[] | null {
  if (!point || !radiusKm) return null;
  const box = boundingBox(point.latitude, point.longitude, radiusKm);
  const cell = (degrees: number) => Math.floor(degrees * GEO_CELLS_PER_DEGREE);
  const [rowFrom, rowTo, colFrom, colTo] = [cell(box.minLat), cell(box.maxLat), cell(box.minLng), cell(box.maxLng)];
  if ((rowTo - rowFrom + 1) * (colTo - colFrom + 1) > MAX_CELLS) return null;
  const cells: number[] = [];
  for (let row = rowFrom; row <= rowTo; row++)
    for (let col = colFrom; col <= colTo; col++) cells.push(row * GEO_CELL_ROW_FACTOR + col);
  return cells;
}
