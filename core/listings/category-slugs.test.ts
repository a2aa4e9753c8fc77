import { expect, test } from "vitest";
import { AU_STATES } from "#db/schema/columns.ts";
import { LISTING_CATEGORIES } from "#db/schema/listing-values.ts";
import { categoryFromSlug, categoryPath, categorySlug, STATES, stateFromSlug } from "./category-slugs";

test("the landing pages' states are the states listings store", () => {
  expect([...STATES]).toEqual([...AU_STATES]);
});

test("every category has one address and reads back from it", () => {
  for (const category of LISTING_CATEGORIES) expect(categoryFromSlug(categorySlug(category))).toBe(category);
  expect(categoryPath("cars_vehicles", "NSW")).toBe("/categories/cars-vehicles/nsw");
});

test("any other spelling of a category or state is no page at all", () => {
  for (const slug of ["cars_vehicles", "Motorcycles", "motorcycle", "", "services", "cars--vehicles"])
    expect(categoryFromSlug(slug), slug).toBeNull();
  for (const slug of ["NSW", "nz", "new-south-wales", ""]) expect(stateFromSlug(slug), slug).toBeNull();
  expect(stateFromSlug("nsw")).toBe("NSW");
});
