import { boundingBox, type Point } from "../locations/distance";
import { gridCells } from "../locations/grid-cells";

/**
 * The 0.2° `geo_cells` a place and radius cover, so that a new listing finds the searches around it through the
 * saved_searches_cells_idx GIN index (the search page's grid). Null: anywhere (no place, no radius, or a radius
 * too wide for the grid to narrow anything; the exact distance decides).
 */
export function cellsCovering(point: Point | null, radiusKm: number | null): number[] | null {
  if (!point || !radiusKm) return null;
  return gridCells(boundingBox(point.latitude, point.longitude, radiusKm));
}
