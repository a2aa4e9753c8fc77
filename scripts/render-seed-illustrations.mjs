// Renders the seed's drawn illustrations (db/seed/illustrations/*.svg, drawn for this project, no text so no
// font is involved) to the JPEGs the seed loads from db/seed/images. Run after changing a drawing:
//   npx node scripts/render-seed-illustrations.mjs
// The JPEGs are committed: seeding reads them like the photographs, through the normal image pipeline.
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const drawings = {
  "ute.svg": "cars_vehicles-ute-illustration.jpg",
  "hatchback.svg": "cars_vehicles-hatchback-illustration.jpg",
  "adventure-motorcycle.svg": "motorcycles-adventure-bike-illustration.jpg",
  "scooter.svg": "motorcycles-scooter-illustration.jpg",
  "sea-kayak.svg": "boats_marine-sea-kayak-illustration.jpg",
};

for (const [svg, jpeg] of Object.entries(drawings)) {
  const source = await fs.readFile(path.join(root, "db/seed/illustrations", svg));
  const out = path.join(root, "db/seed/images", jpeg);
  await sharp(source).flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true }).toFile(out);
  console.log(`${svg} -> db/seed/images/${jpeg}`);
}
